import assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { LuaDebugSession } from '../../src/runner/debug/lua-debug-session';
import { LuaSession } from '../../src/runner/lua-session';
import type { RunResult } from '../../src/runner/script-session';
import {
  adapterOnSocket,
  attachWithBreakpoints,
  scriptDirectory,
  step,
  threadId,
  topFrame,
} from '../support/debug-fixture';
import { referenceServer } from '../support/reference-server';

const CELL_URI = 'vscode-notebook-cell:/work/analysis.motionbook#W3sZmlsZQ%3D%3D';
const CELL_NAME = 'analysis.motionbook, cell 2';

// A cell that uses a local an earlier cell left in the session, calls the application and defines a function.
const CELL = `local function doubled(n)
  return n * 2
end
local count = motion.settings.processing.skeleton.get_skeleton_count("project")
local answer = base + doubled(count)
print("answer " .. answer)
`;

describe('debugging a notebook cell in the Lua session: the debugger on a run of the session’s own VM, the cell mapped to its file', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  const scripts = scriptDirectory();
  let session: LuaSession;
  let output: string;
  let adapters: { close(): void } | undefined;

  beforeEach(async () => {
    output = '';
    session = new LuaSession({ serverUrl: app.server.url, onOutput: (_stream, text) => (output += text) });
    // The earlier cell, run as cells run: its top-level local stays in the session.
    assert.equal((await session.run('local base = 40', { filename: 'analysis.motionbook, cell 1' })).ok, true);
  });
  afterEach(async () => {
    adapters?.close();
    await session.dispose();
  });
  after(() => scripts.remove());

  /**
   * Debug Cell's two halves: the adapter attached to its end of a channel (reached as VS Code reaches
   * an inline adapter), and the run in the session given the other end.
   */
  async function debugCell(
    breakpoint: number,
    filters: string[] = ['uncaught'],
  ): Promise<{ client: DebugClient; run: Promise<RunResult> }> {
    const file = scripts.write('cell 2.lua', CELL);
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(8);
    const served = await adapterOnSocket((socket) => {
      const adapter = new LuaDebugSession({
        commands: port1,
        signal: new Int32Array(signal),
        cells: [{ uri: CELL_URI, file, name: CELL_NAME }],
      });
      adapter.setRunAsServer(true);
      adapter.start(socket, socket);
    }, 15_000);
    adapters = served;
    const client = served.client;
    // The breakpoint in the cell is named by its URI, as VS Code names it, and binds in its file.
    await attachWithBreakpoints(
      client,
      { path: CELL_URI, lines: [breakpoint], filters },
      { name: 'cell', language: 'lua' },
    );
    const run = session.run(CELL, { filename: file, debugger: { commands: port2, signal } });
    return { client, run };
  }

  it('stops at a breakpoint set in the cell, shows the frame in the cell with the session’s locals, steps, and the run ends with its output', async () => {
    const { client, run } = await debugCell(5, ['motionError', 'uncaught']);
    const stopped = (await client.waitForEvent('stopped')) as DebugProtocol.StoppedEvent;
    assert.equal(stopped.body.reason, 'breakpoint');
    try {
      const frame = await topFrame(client);
      assert.deepEqual(
        { path: frame.source?.path, name: frame.source?.name, line: frame.line },
        { path: CELL_URI, name: CELL_NAME, line: 5 },
        'the frame is shown in the cell',
      );
      const base = await client.evaluateRequest({ expression: 'base', frameId: frame.id, context: 'watch' });
      assert.equal(base.body.result, '40', 'the earlier cell’s local: the session’s own');
      const scopes = await client.scopesRequest({ frameId: frame.id });
      const sessionScope = scopes.body.scopes.find((s) => s.name === 'Session');
      const kept = await client.variablesRequest({ variablesReference: sessionScope!.variablesReference });
      assert.deepEqual(
        kept.body.variables.map((v) => [v.name, v.value]),
        [['base', '40']],
      );
      await step(client, 'stepIn', 2);
      assert.equal((await topFrame(client)).name, 'doubled');
      await step(client, 'stepOut', 5);
      await Promise.all([
        client.continueRequest({ threadId: await threadId(client) }),
        client.waitForEvent('terminated'),
      ]);
      assert.equal((await run).ok, true);
      assert.match(output, /^answer \d+\n$/m);
    } finally {
      await client.stop();
    }
    // The session runs on without the debugger: the cell's locals kept, a MotionError an error again
    // (not a stop: the run's filters went with it).
    assert.equal((await session.run('print(answer - base)', { filename: 'analysis.motionbook, cell 3' })).ok, true);
    const refused = await session.run('motion.settings.processing.skeleton.find_skeleton("nowhere", "x")', {
      filename: 'analysis.motionbook, cell 4',
    });
    assert.equal(refused.ok, false);
    assert.equal(refused.error?.type, 'MotionError');
  });

  it('Stop while paused ends the run as an interrupt does; the session and its locals stay', async () => {
    const { client, run } = await debugCell(5);
    try {
      await client.waitForEvent('stopped');
      await Promise.all([client.terminateRequest({}), client.waitForEvent('terminated')]);
      const result = await run;
      assert.equal(result.ok, false);
      assert.equal(result.error?.type, 'Interrupted');
    } finally {
      await client.stop();
    }
    const after = await session.run('print(base + 2)', { filename: 'analysis.motionbook, cell 3' });
    assert.equal(after.ok, true);
    assert.match(output, /^42\n$/m);
  });
});
