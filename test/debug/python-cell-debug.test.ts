import assert from 'node:assert/strict';
import { existsSync, realpathSync } from 'node:fs';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { PythonDebugAdapter } from '../../src/runner/debug/python-debug-adapter';
import { serveOnStreams } from '../../src/runner/debug/serve-on-stdio';
import { pythonSupportDir } from '../../src/api/runtime/python-support';
import { PythonSession } from '../../src/runner/python-session';
import {
  adapterOnSocket,
  attachWithBreakpoints,
  DEBIAN_PYTHON,
  localsOfTopFrame,
  scriptDirectory,
  step,
  threadId,
  topFrame,
} from '../support/debug-fixture';
import { referenceServer } from '../support/reference-server';

const CELL_URI = 'vscode-notebook-cell:/work/analysis.motionbook#W2sZmlsZQ%3D%3D';
const CELL_NAME = 'analysis.motionbook, cell 2';

// A cell that uses a variable an earlier cell set, calls the application and defines a function.
const CELL = `def doubled(n):
    return n * 2
count = motion.settings.processing.skeleton.get_skeleton_count("project")
answer = base + doubled(count)
print("answer", answer)
`;

describe('debugging a notebook cell in the Python session: debugpy attached to the session, the cell mapped to its file', function () {
  this.timeout(60_000);
  const app = referenceServer({ per: 'suite' });
  const scripts = scriptDirectory();
  let session: PythonSession;
  let output: string;
  let adapters: { client: DebugClient; close(): void } | undefined;

  before(function () {
    if (!existsSync(DEBIAN_PYTHON)) this.skip();
  });
  beforeEach(async () => {
    output = '';
    session = new PythonSession({
      interpreter: DEBIAN_PYTHON,
      serverUrl: app.server.url,
      onOutput: (_stream, text) => (output += text),
    });
    // The earlier cell: run as cells run, under the cell's name.
    assert.equal((await session.run('base = 40', { filename: 'analysis.motionbook, cell 1', rich: true })).ok, true);
  });
  afterEach(async () => {
    await session.dispose();
    adapters?.close();
  });
  after(() => scripts.remove());

  /** VS Code's side of a Debug Cell: the relay on the session's debugpy, reached as VS Code reaches an inline adapter. */
  async function attachClient(file: string): Promise<DebugClient> {
    const debugpyPort = await session.listenForDebugger();
    adapters = await adapterOnSocket(
      (socket) =>
        serveOnStreams(
          PythonDebugAdapter.attachedTo(
            { port: debugpyPort, cells: [{ uri: CELL_URI, file, name: CELL_NAME }] },
            pythonSupportDir(),
          ),
          socket,
          socket,
        ),
      15_000,
    );
    return adapters.client;
  }

  /** Attaches with a breakpoint in the cell (named by its URI, as VS Code names it) at `line`, verified. */
  const attachWithBreakpoint = (client: DebugClient, line: number) =>
    attachWithBreakpoints(client, { path: CELL_URI, lines: [line] }, { name: 'cell', language: 'python' });

  it('stops at a breakpoint set in the cell, shows the frame in the cell with the session’s variables, steps into the cell’s function, and the run ends with its output', async () => {
    const file = scripts.write('cell 2.py', CELL);
    const client = await attachClient(realpathSync(file));
    try {
      await attachWithBreakpoint(client, 4);
      const stopped = client.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
      const run = session.run(CELL, { filename: realpathSync(file), rich: true });
      assert.equal((await stopped).body.reason, 'breakpoint');
      const threads = await client.threadsRequest();
      assert.deepEqual(
        threads.body.threads.map((t) => t.name),
        ['MainThread'],
        'the user’s thread only: the session’s reader is not paused',
      );
      const frame = await topFrame(client);
      assert.deepEqual(
        { path: frame.source?.path, name: frame.source?.name, line: frame.line },
        { path: CELL_URI, name: CELL_NAME, line: 4 },
        'the frame is shown in the cell',
      );
      const locals = await localsOfTopFrame(client);
      assert.equal(locals.get('base')?.value, '40', 'the earlier cell’s variable: the session’s own');
      assert.match(locals.get('count')?.value ?? '', /^\d+$/);
      await step(client, 'stepIn', 2);
      assert.equal((await topFrame(client)).name, 'doubled');
      await step(client, 'stepOut', 4);
      await client.continueRequest({ threadId: await threadId(client) });
      const result = await run;
      assert.equal(result.ok, true);
      assert.match(output, /^answer \d+\n$/m);
    } finally {
      await client.disconnectRequest({}).catch(() => undefined);
      await client.stop();
    }
  });

  it('attaches again to the same session for the next cell, and a cell run without the debugger runs on', async () => {
    const file = realpathSync(scripts.write('cell 2.py', CELL));
    for (const line of [3, 5]) {
      const client = await attachClient(file);
      try {
        await attachWithBreakpoint(client, line);
        const stopped = client.waitForEvent('stopped');
        const run = session.run(CELL, { filename: file, rich: true });
        await stopped;
        assert.equal((await topFrame(client)).line, line);
        await client.continueRequest({ threadId: await threadId(client) });
        assert.equal((await run).ok, true);
      } finally {
        await client.disconnectRequest({}).catch(() => undefined);
        await client.stop();
      }
      adapters?.close();
    }
    // Detached: the breakpoints are gone with the debugger, and the session runs as before.
    const again = await session.run(CELL, { filename: file, rich: true });
    assert.equal(again.ok, true);
    assert.equal((await session.run('print(answer - base)', { filename: 'analysis.motionbook, cell 3' })).ok, true);
  });

  it('says what is missing when the session’s interpreter has no debugpy', async function () {
    // An interpreter without debugpy: the python3 first on PATH here, when it lacks it.
    const other = new PythonSession({ serverUrl: app.server.url, onOutput: () => undefined });
    try {
      const hasDebugpy = await other.run('import debugpy', { filename: '<check>' });
      if (hasDebugpy.ok) this.skip();
      await assert.rejects(other.listenForDebugger(), /No module named 'debugpy'/);
      assert.equal((await other.run('x = 1', { filename: '<after>' })).ok, true, 'the session runs on');
    } finally {
      await other.dispose();
    }
  });
});
