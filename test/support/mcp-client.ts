import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI_BIN } from './run-cli';

/** `motion mcp` started as an assistant starts it, with the SDK's own client over stdio; `pid` is the server's process. */
export async function connectToMotionMcp(args: string[], cwd: string): Promise<{ client: Client; pid: number }> {
  const client = new Client({ name: 'motion-test', version: '1.0.0' });
  // The whole environment, as an assistant's own process has it (the SDK passes on a few variables
  // only): MOTION_* settings, and the mutation runs' switches, reach the server.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_BIN, 'mcp', ...args],
    cwd,
    stderr: 'pipe',
    env: { ...process.env } as Record<string, string>,
  });
  await client.connect(transport);
  return { client, pid: transport.pid! };
}

/** A tool's answer as the model reads it: its text parts. */
export const answerText = (result: unknown): string =>
  (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('');
