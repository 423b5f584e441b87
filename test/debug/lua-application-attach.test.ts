import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { LuaDebugSession } from '../../src/runner/debug/lua-debug-session';
import { luaApplicationRun } from '../../src/runner/debug/lua-application-link';
import { attachLanguage } from '../../src/runner/debug/application-attach';
import {
  adapterOnSocket,
  attachWithBreakpoints,
  localsOfTopFrame,
  step,
  threadId,
  topFrame,
} from '../support/debug-fixture';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

const TOOLS = join(__dirname, '../fixtures/tools/lua');

/**
 * Attach to the Application in Lua, against the reference server: VS Code's Lua debugger comes in
 * on the server's debug port, and a breakpoint in a Lua command's function stops when the command
 * is sent, as a click does; past the function's deadline, with its variables and stepping; it
 * leaves the scripts running, undebugged.
 */
describe('debugging a Lua tool inside the reference server: a breakpoint in a command’s function stops when it is sent', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-test-lua-attach-', { per: 'suite', stopFirst: () => t?.server.close() });
  let t: TestServer;
  let adapters: { close(): void } | undefined;
  const tool = () => join(scratch.path, 'startup_tools.lua');

  const listen = async () => {
    const reply = await t.raw({
      path: '/reference/debug',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(['listen-lua']),
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return (reply.body as { port: number }).port;
  };

  before(() => cpSync(TOOLS, scratch.path, { recursive: true }));
  beforeEach(async () => {
    t = await startTestServer({ scripts: [tool()], functionDeadlineMs: 1_000 });
  });
  afterEach(async () => {
    adapters?.close();
    await t.server.close();
  });

  /** VS Code's side: the Lua debug session on the server's Lua, as the descriptor factory makes it. */
  async function attach(port: number, lines: number[]): Promise<DebugClient> {
    const served = await adapterOnSocket((socket) => {
      const adapter = new LuaDebugSession(luaApplicationRun('127.0.0.1', port));
      adapter.setRunAsServer(true);
      adapter.start(socket, socket);
    });
    adapters = served;
    await attachWithBreakpoints(
      served.client,
      { path: tool(), lines },
      { name: 'application', language: 'lua', application: true },
    );
    return served.client;
  }

  it('stops in the function the command runs, past its deadline, shows its locals, steps, and the command answers', async () => {
    const port = await listen();
    assert.equal(await listen(), port, 'one debug port for the Lua’s life');
    // local function report_gaps(): local count = 0 (34), the loop (35), the terminal write (36).
    const client = await attach(port, [36]);
    try {
      const stopped = client.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
      const sent = t.call('gui', 'send_command', ['lua_report_gaps']);
      assert.equal((await stopped).body.reason, 'breakpoint');
      const frame = await topFrame(client);
      assert.deepEqual([frame.name, frame.line, frame.source?.path], ['report_gaps', 36, tool()]);
      assert.equal((await localsOfTopFrame(client)).get('count')?.value, '22');
      await new Promise((wait) => setTimeout(wait, 1_500)); // past the function's deadline: it waits at the breakpoint
      await step(client, 'next', 37);
      await client.continueRequest({ threadId: await threadId(client) });
      assert.equal((await sent).status, 200);
      const gui = await t.raw({ path: '/reference/gui', headers: { 'content-type': 'application/json' }, body: '[]' });
      assert.match(String(gui.body.terminal), /22 gaps \(lua\)/);
    } finally {
      await client.disconnectRequest({}).catch(() => undefined);
      await client.stop();
    }
  });

  it('lets a stopped command go on when the debugger leaves, and stops nowhere after', async () => {
    const port = await listen();
    const client = await attach(port, [35]);
    const stopped = client.waitForEvent('stopped');
    const sent = t.call('gui', 'send_command', ['lua_report_gaps']);
    await stopped;
    await client.disconnectRequest({});
    await client.stop();
    assert.equal((await sent).status, 200, 'the command ran to its end');
    const again = await t.call('gui', 'send_command', ['lua_report_gaps']);
    assert.equal(again.status, 200, 'no breakpoint is left behind to stop it');
  });

  it('lets one debugger in at a time, and a new one once the first has left', async () => {
    const port = await listen();
    const first = await attach(port, [36]);
    const refused = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect({ host: '127.0.0.1', port });
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.once('close', () => resolve(text));
      socket.once('error', reject);
    });
    assert.match(refused, /Another debugger is already attached/);
    await first.disconnectRequest({});
    await first.stop();
    adapters?.close();
    const second = await attach(port, [36]);
    try {
      const stopped = second.waitForEvent('stopped');
      const sent = t.call('gui', 'send_command', ['lua_report_gaps']);
      await stopped;
      await second.continueRequest({ threadId: await threadId(second) });
      assert.equal((await sent).status, 200);
    } finally {
      await second.disconnectRequest({}).catch(() => undefined);
      await second.stop();
    }
  });
});

describe('which interpreter Attach to the Application debugs', () => {
  const both = ['/tools/startup.py', '/tools/startup.lua'];
  it('takes the language the configuration names, whatever is loaded', () => {
    assert.equal(attachLanguage('lua', 'python', both), 'lua');
    assert.equal(attachLanguage('python', 'lua', ['/t/a.lua']), 'python');
  });
  it('takes the script in the editor’s language when a start-up script of that language is loaded', () => {
    assert.equal(attachLanguage(undefined, 'lua', both), 'lua');
    assert.equal(attachLanguage(undefined, 'python', both), 'python');
    assert.equal(attachLanguage(undefined, 'lua', ['/t/a.py']), 'python', 'no Lua is loaded: the Python');
  });
  it('takes Lua when every start-up script is Lua, else Python (a real application: its list unknown)', () => {
    assert.equal(attachLanguage(undefined, undefined, ['/t/a.lua', '/t/B.LUA']), 'lua');
    assert.equal(attachLanguage(undefined, undefined, both), 'python');
    assert.equal(attachLanguage(undefined, undefined, []), 'python');
    assert.equal(attachLanguage(undefined, undefined, undefined), 'python');
    assert.equal(attachLanguage('ruby', undefined, ['/t/a.lua']), 'lua', 'an unknown language named: as if none');
  });
});
