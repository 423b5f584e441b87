import assert from 'node:assert/strict';
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { PythonDebugAdapter } from '../../src/runner/debug/python-debug-adapter';
import { serveOnStreams } from '../../src/runner/debug/serve-on-stdio';
import { pythonSupportDir } from '../../src/api/runtime/python-support';
import {
  adapterOnSocket,
  attachWithBreakpoints,
  DEBIAN_PYTHON,
  localsOfTopFrame,
  step,
  threadId,
  topFrame,
} from '../support/debug-fixture';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

const TOOLS = join(__dirname, '../fixtures/tools');

type Listening = { debugpy: boolean; python: string; port?: number };

/**
 * Attach to the Application, against the reference server: debugpy listens in the Python its
 * start-up scripts run in, and a breakpoint in a command's function stops when the command is
 * sent, as a click in the application does; the function has no deadline while it is stopped.
 */
describe('debugging a tool inside the reference server: a breakpoint in a command’s function stops when it is sent', function () {
  this.timeout(90_000);
  const scratch = scratchFolder('motion-test-attach-', { per: 'suite', stopFirst: () => t?.server.close() });
  let t: TestServer;
  let adapters: { close(): void } | undefined;
  const tool = () => join(scratch.path, 'tools', 'gap_tools.py');

  const listen = async (python?: string) => {
    const reply = await t.raw({
      path: '/reference/debug',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(python ? ['listen', python] : ['listen']),
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body as Listening;
  };

  before(function () {
    if (!existsSync(DEBIAN_PYTHON)) this.skip();
    cpSync(TOOLS, scratch.path, { recursive: true });
  });
  beforeEach(async () => {
    t = await startTestServer({ scripts: [join(scratch.path, 'startup_tools.py')], functionDeadlineMs: 1_000 });
  });
  afterEach(async () => {
    adapters?.close();
    await t.server.close();
  });

  /** VS Code's side: the relay on the host's debugpy, as the descriptor factory makes it. */
  async function attach(port: number, line: number): Promise<DebugClient> {
    const served = await adapterOnSocket((socket) =>
      serveOnStreams(PythonDebugAdapter.attachedTo({ port, cells: [] }, pythonSupportDir()), socket, socket),
    );
    adapters = served;
    await attachWithBreakpoints(
      served.client,
      { path: tool(), lines: [line] },
      { name: 'application', language: 'python' },
    );
    return served.client;
  }

  it('moves the scripts to a Python that has debugpy when asked, loads them again, and stops in the command’s function past its deadline', async () => {
    const moved = await listen(DEBIAN_PYTHON);
    assert.equal(moved.debugpy, true);
    assert.ok(moved.port! > 0);
    assert.deepEqual((await listen()).port, moved.port, 'one listening port for the interpreter’s life');
    // def report_gaps(): count = … (line 39), then the terminal write (40).
    const client = await attach(moved.port!, 40);
    try {
      const stopped = client.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
      const sent = t.ok('gui', 'send_command', ['report_gaps']);
      assert.equal((await stopped).body.reason, 'breakpoint');
      const frame = await topFrame(client);
      assert.deepEqual([frame.name, frame.line, frame.source?.path], ['report_gaps', 40, tool()]);
      assert.equal((await localsOfTopFrame(client)).get('count')?.value, '22');
      await new Promise((wait) => setTimeout(wait, 1_500)); // past the function's deadline: it waits at the breakpoint
      await step(client, 'next', 41);
      await client.continueRequest({ threadId: await threadId(client) });
      await sent;
    } finally {
      await client.disconnectRequest({}).catch(() => undefined);
      await client.stop();
    }
  });

  it('says which Python lacks debugpy rather than hanging', async () => {
    const python = join(scratch.path, 'no-debugpy-python');
    writeFileSync(python, `#!/bin/sh\nexec ${DEBIAN_PYTHON} -S "$@"\n`, { mode: 0o755 }); // no site-packages: no debugpy
    const missing = await t.raw({
      path: '/reference/debug',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(['listen', join(scratch.path, 'no-such-python')]),
    });
    assert.equal(missing.status, 400, 'a Python that is not there: refused, the scripts stay where they run');
    assert.match(JSON.stringify(missing.body), /no-such-python/);
    assert.deepEqual(await t.ok('gui', 'get_commands', ['user']), ['fill_gaps', 'report_gaps']);
    const reply = await listen(python);
    assert.equal(reply.debugpy, false);
    assert.equal(reply.port, undefined);
    assert.match(reply.python, /python/);
  });
});
