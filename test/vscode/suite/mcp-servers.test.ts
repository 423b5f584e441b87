import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as vscode from 'vscode';
import { ASSISTANT_TOOLS } from '../../../src/runner/assistant/assistant-tools';
import { startChildServer } from '../../support/child-server';
import { freePort } from '../../support/free-port';
import { commandLine, descendants } from '../../support/processes';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { motionApi, setting } from './motion-extension';
import { connectionState } from './wait';

/** What VS Code's MCP output for Motion's server shows now (the panel's editor, as a person reads it; its spaces are no-break ones). */
async function mcpOutput(): Promise<string> {
  return (await hands.textOf('.part.panel .view-lines')).join('\n').replace(/\s/g, ' ');
}

/** `motion mcp` processes started below this extension host, connected to `url`. */
function mcpServersFor(url: string): number[] {
  return descendants(process.pid).filter((pid) => commandLine(pid).includes(`dist/motion.js mcp --url ${url} `));
}

/** MCP: List Servers, Motion, then `action` ("Start Server", "Stop Server"), as a person picks them. */
async function onMotionsServer(action: string): Promise<void> {
  await hands.palette('MCP: List Servers');
  await hands.quickPickOffering('Motion');
  await hands.type('Motion');
  await hands.press('Enter');
  await hands.quickPickOffering(action);
  await hands.type(action);
  await hands.press('Enter');
}

/** The Motion row of MCP: List Servers (its name and state), read and closed again. */
async function motionsRow(): Promise<string> {
  await hands.palette('MCP: List Servers');
  const rows = await hands.quickPickOffering('Motion');
  await hands.press('Escape');
  return rows.find((r) => r.startsWith('Motion'))!;
}

/**
 * VS Code 1.101 and later (here 1.103, scripts/install-code-server.sh): Motion offers `motion mcp`
 * to the assistants as an MCP server, with nothing to configure. A person sees it in MCP: List
 * Servers, starts it there, and VS Code discovers its tools; it talks to the application Motion is
 * connected to, and follows when Motion connects elsewhere.
 */
export function mcpServerTests(): void {
  describe('Motion’s MCP server in VS Code 1.101 and later', function () {
    this.timeout(120_000);
    const applicationUrl = process.env.MOTION_TEST_SERVER_URL!;
    /** What VS Code starts `motion mcp` without --apply offers: the tools that change nothing. */
    const offered = ASSISTANT_TOOLS.filter((t) => !t.changesApplication).length;
    let other: ChildProcess | undefined;
    before(async function () {
      if (!hasHands) this.skip();
      assert.ok(
        typeof (vscode.lm as { registerMcpServerDefinitionProvider?: unknown }).registerMcpServerDefinitionProvider ===
          'function',
      );
      await connectionState(await motionApi(), (s) => s.kind === 'connected' && s.url === applicationUrl, 'connected');
    });
    after(async () => {
      await setting('server.url', applicationUrl);
      other?.kill();
    });

    it('MCP: List Servers offers Motion with no configuration, stopped until it is wanted', async () => {
      assert.match(await motionsRow(), /^MotionStopped/);
      assert.deepEqual(mcpServersFor(applicationUrl), [], 'nothing started before it is asked for');
    });

    it('Start Server runs motion mcp with VS Code’s own runtime against Motion’s application, and VS Code finds its tools', async () => {
      await onMotionsServer('Start Server');
      await waitFor(
        async () => /Discovered \d+ tools/.test(await mcpOutput()),
        'VS Code discovering the tools',
        30_000,
      );
      assert.match(await mcpOutput(), new RegExp(`Discovered ${offered} tools`));
      const [server] = mcpServersFor(applicationUrl);
      assert.ok(server, `motion mcp connected to ${applicationUrl} runs below the extension host`);
      assert.ok(commandLine(server).startsWith(`${process.execPath} `), commandLine(server));
      assert.match(commandLine(server), /--folder \S*test\/vscode\/workspace$/);
      assert.match(await motionsRow(), /^MotionRunning/);
    });

    it('when Motion connects to another application, the server stops, and started again it talks to that one', async () => {
      assert.equal(mcpServersFor(applicationUrl).length, 1, 'the server started above runs');
      const port = await freePort();
      other = (await startChildServer(['--port', String(port), '--empty'])).child;
      const otherUrl = `http://127.0.0.1:${port}`;
      await setting('server.url', otherUrl);
      await connectionState(await motionApi(), (s) => s.kind === 'connected' && s.url === otherUrl, 'the move');
      await waitFor(() => mcpServersFor(applicationUrl).length === 0, 'the server of the earlier application to stop');
      assert.match(await motionsRow(), /^MotionStopped/);
      await onMotionsServer('Start Server');
      await waitFor(() => mcpServersFor(otherUrl).length === 1, `motion mcp connected to ${otherUrl}`, 30_000);
      await waitFor(async () => (await motionsRow()).startsWith('MotionRunning'), 'Motion’s server running again');
    });
  });
}
