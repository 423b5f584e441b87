import assert from 'node:assert/strict';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { adapterTestbed, collectOutput, launchToException, motionLaunch, threadId } from '../support/debug-fixture';
import { freePort } from '../support/free-port';

/** The message of a request the adapter refused (the request's promise rejects with it). */
async function refusal(request: Promise<unknown>): Promise<string> {
  return request.then(
    () => assert.fail('the request was answered, not refused'),
    (error: Error) => error.message,
  );
}

describe('debugging Lua scripts: launches that cannot run, ends, and what the adapter says about errors', function () {
  this.timeout(60_000);
  const bed = adapterTestbed('lua-debug-adapter.js');

  it('refuses a launch without an application URL, saying so', async () => {
    const program = bed.scripts.write('any.lua', 'print("never")\n');
    await bed.client.initializeRequest();
    const message = await refusal(bed.client.launchRequest({ program } as DebugProtocol.LaunchRequestArguments));
    assert.equal(message, 'no application URL (serverUrl) was given');
  });

  it('refuses a launch whose application URL is no URL, naming it, and ends the session', async () => {
    const program = bed.scripts.write('any.lua', 'print("never")\n');
    await bed.client.initializeRequest();
    const [message, exited] = await Promise.all([
      refusal(
        bed.client.launchRequest(motionLaunch(program, 'localhost:7979') as DebugProtocol.LaunchRequestArguments),
      ),
      bed.client.waitForEvent('exited'),
      bed.client.waitForEvent('terminated'),
    ]);
    assert.match(message, /^The Lua debugger failed: the server URL must be http:\/\/, got localhost:7979/);
    assert.equal((exited.body as { exitCode: number }).exitCode, 1);
  });

  it('runs a script with no application answering, saying in the console that motion is not available', async () => {
    const program = bed.scripts.write('alone.lua', 'print("on my own")\n');
    const output = collectOutput(bed.client);
    const [, , exited] = await Promise.all([
      bed.client.configurationSequence(),
      bed.client.launch(motionLaunch(program, `http://127.0.0.1:${await freePort()}`)),
      bed.client.waitForEvent('exited'),
    ]);
    assert.equal((exited.body as { exitCode: number }).exitCode, 0);
    assert.match(output.text('console'), /^motion is not available in this session: /);
    assert.equal(output.text('stdout'), 'on my own\n');
  });

  it('ends a script when asked to terminate: exit code 1, and the session ends', async () => {
    const program = bed.scripts.write('forever.lua', 'local n = 0\nwhile true do\n  n = n + 1\nend\n');
    await Promise.all([
      bed.client.configurationSequence(),
      bed.client.launch(motionLaunch(program, bed.server.url, { stopOnEntry: true })),
      bed.client.assertStoppedLocation('entry', { line: 1 }),
    ]);
    const [, exited] = await Promise.all([
      bed.client.terminateRequest({}),
      bed.client.waitForEvent('exited'),
      bed.client.waitForEvent('terminated'),
    ]);
    assert.equal((exited.body as { exitCode: number }).exitCode, 1);
  });

  it('stops on an uncaught error with no message: a plain "error" with no description', async () => {
    const program = bed.scripts.write('nothing.lua', 'local x = 1\nerror()\n');
    await launchToException(bed.client, motionLaunch(program, bed.server.url), ['uncaught'], {
      path: program,
      line: 2,
    });
    const info = await bed.client.exceptionInfoRequest({ threadId: await threadId(bed.client) });
    assert.deepEqual(
      { id: info.body.exceptionId, description: info.body.description, breakMode: info.body.breakMode },
      { id: 'error', description: '', breakMode: 'always' },
    );
  });

  it('has no exception to describe while stopped at a breakpoint', async () => {
    const program = bed.scripts.write('plain.lua', 'local x = 1\nprint(x)\n');
    await bed.client.hitBreakpoint(motionLaunch(program, bed.server.url), { path: program, line: 2 });
    const info = await bed.client.exceptionInfoRequest({ threadId: await threadId(bed.client) });
    assert.equal(info.body.exceptionId, 'error');
    assert.equal(info.body.description, '');
  });

  it('says why an expression could not be evaluated, word for word, braces and all', async () => {
    const program = bed.scripts.write('plain.lua', 'local x = 1\nprint(x)\n');
    await bed.client.hitBreakpoint(motionLaunch(program, bed.server.url), { path: program, line: 2 });
    const frameId = (await bed.client.stackTraceRequest({ threadId: await threadId(bed.client) })).body.stackFrames[0]
      .id;
    const message = await refusal(bed.client.evaluateRequest({ expression: 'x + {_y}', frameId, context: 'repl' }));
    assert.match(message, /attempt to perform arithmetic on a table value/);
    const braces = await refusal(
      bed.client.evaluateRequest({ expression: 'error("no {_z} here")', frameId, context: 'repl' }),
    );
    assert.match(braces, /no \{_z\} here$/);
  });
});
