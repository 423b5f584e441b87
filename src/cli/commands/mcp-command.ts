import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { version } from '../../../package.json';
import { GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, UsageError } from '../cli-context';
import { cliAssistantContext } from '../mcp/cli-assistant-context';
import { motionMcpServer } from '../mcp/mcp-server';

const MCP_HELP = `Usage: motion mcp [--folder DIR] [--python PATH] [--allow-apply]

A Model Context Protocol server on standard input and output, for coding assistants: tools to
search the application's documentation, read the application, check a script, dry-run it (what
it would change, with nothing changed), run the script tests and take a snapshot; the
documentation as resources. Only reads reach the application.

Add it to an assistant's MCP configuration:

  "motion": { "command": "motion", "args": ["mcp", "--url", "http://127.0.0.1:7979"] }

  --folder DIR     where the assistant's relative paths start (default: the current directory)
  --python PATH    the interpreter for Python scripts and tests (default python3)
  --allow-apply    also offer motion_apply_script: runs for real a script the assistant dry-ran
                   here, unchanged since, while the application is as that dry run started

${GLOBAL_HELP}`;

export async function mcpCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      ...GLOBAL_OPTIONS,
      folder: { type: 'string' },
      python: { type: 'string' },
      'allow-apply': { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${MCP_HELP}\n`), 0);
  if (positionals.length > 0) throw new UsageError(`mcp takes no arguments, got "${positionals.join(' ')}"`);
  const ctx = cliAssistantContext(globalOptions(values), {
    folder: resolve(values.folder ?? '.'),
    python: values.python,
    allowApply: values['allow-apply'],
  });
  const server = motionMcpServer(ctx, version);
  const closed = new Promise<void>((done) => (server.onclose = done));
  await server.connect(new StdioServerTransport());
  // The assistant ends the conversation by closing our standard input.
  process.stdin.once('end', () => void server.close());
  await closed;
  await ctx.close();
  return 0;
}
