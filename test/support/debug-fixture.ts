import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { startTestServer, type TestServer } from './test-server';

/** Debian's interpreter, where python3-debugpy installs debugpy (scripts/install-debian-packages.sh installs it). */
export const DEBIAN_PYTHON = '/usr/bin/python3';

/** A directory of scripts for one test file, removed afterwards. */
export function scriptDirectory(): { write(name: string, text: string): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'motion-debug-'));
  return {
    write(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** What a file of adapter tests works with: its server and scripts, and the current test's adapter. */
export interface AdapterTestbed {
  readonly scripts: ReturnType<typeof scriptDirectory>;
  readonly server: TestServer;
  readonly client: DebugClient;
}

/**
 * The hooks of a file of adapter tests (call it inside `describe`): a reference server and a
 * script directory for the file, and a fresh adapter on `bundle` for each test. `needs` says
 * whether this machine can run them (the file is skipped if not).
 */
export function adapterTestbed(
  bundle: string,
  env: Record<string, string | undefined> = {},
  needs = () => true,
): AdapterTestbed {
  const bed = {
    scripts: scriptDirectory(),
    server: undefined as unknown as TestServer,
    client: undefined as unknown as DebugClient,
  };
  before(async function () {
    if (!needs()) this.skip();
    bed.server = await startTestServer();
  });
  after(async () => {
    await bed.server?.close();
    bed.scripts.remove();
  });
  beforeEach(async () => {
    bed.client = await startDebugClient(bundle, env);
  });
  afterEach(() => bed.client.stop());
  return bed;
}

/**
 * A DebugClient on a built adapter (dist/), as VS Code would start it as a process. `env` adds to
 * this process's environment; an undefined value leaves that variable out.
 */
export async function startDebugClient(
  bundle: string,
  env: Record<string, string | undefined> = {},
): Promise<DebugClient> {
  const client = new DebugClient('node', resolve(__dirname, '../../dist', bundle), 'motion', {
    env: { ...process.env, ...env },
  });
  client.defaultTimeout = 15_000;
  await client.start();
  return client;
}

/**
 * VS Code's side of an attach: an adapter served on a loopback socket (`serve` starts one per
 * connection), as a descriptor factory's server or an inline adapter is reached, and a DebugClient
 * on it. `close` stops the socket's server.
 */
export async function adapterOnSocket(
  serve: (socket: Socket) => void,
  timeoutMs = 20_000,
): Promise<{ client: DebugClient; close(): void }> {
  const server = createServer(serve);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const client = new DebugClient('node', '', 'motion');
  client.defaultTimeout = timeoutMs;
  await client.start((server.address() as AddressInfo).port);
  return { client, close: () => server.close() };
}

/**
 * Attaches as VS Code does: breakpoints in `path` at `lines` (each verified), the exception
 * filters when given, and configurationDone once the adapter is initialized, alongside
 * initialize and attach (`attach`: the request's arguments).
 */
export async function attachWithBreakpoints(
  client: DebugClient,
  breakpoints: { path: string; lines: number[]; filters?: string[] },
  attach: Record<string, unknown>,
): Promise<void> {
  await Promise.all([
    client.waitForEvent('initialized').then(async () => {
      const set = await client.setBreakpointsRequest({
        source: { path: breakpoints.path },
        breakpoints: breakpoints.lines.map((line) => ({ line })),
      });
      assert.ok(
        set.body.breakpoints.every((b) => b.verified),
        `the breakpoints in ${breakpoints.path} bind: ${JSON.stringify(set.body.breakpoints)}`,
      );
      if (breakpoints.filters) await client.setExceptionBreakpointsRequest({ filters: breakpoints.filters });
      await client.configurationDoneRequest();
    }),
    client.initializeRequest().then(() => client.attachRequest(attach as DebugProtocol.AttachRequestArguments)),
  ]);
}

/** The variables of the innermost scope of the top frame, by name. */
export async function localsOfTopFrame(client: DebugClient): Promise<Map<string, DebugProtocol.Variable>> {
  const frame = await topFrame(client);
  const scopes = await client.scopesRequest({ frameId: frame.id });
  const variables = await client.variablesRequest({ variablesReference: scopes.body.scopes[0].variablesReference });
  return new Map(variables.body.variables.map((v) => [v.name, v]));
}

export async function topFrame(client: DebugClient): Promise<DebugProtocol.StackFrame> {
  const threads = await client.threadsRequest();
  const stack = await client.stackTraceRequest({ threadId: threads.body.threads[0].id });
  assert.ok(stack.body.stackFrames.length > 0);
  return stack.body.stackFrames[0];
}

/** Launches with these exception filters on, and waits for the script to stop on an exception at `where`. */
export async function launchToException(
  client: DebugClient,
  launch: Record<string, unknown>,
  filters: string[],
  where: { path: string; line: number },
): Promise<void> {
  await Promise.all([
    client.waitForEvent('initialized').then(async () => {
      await client.setExceptionBreakpointsRequest({ filters });
      await client.configurationDoneRequest();
    }),
    client.launch(launch),
    client.assertStoppedLocation('exception', where),
  ]);
}

/** One step (over, in or out) of the thread, and where it stopped: it must be `line`. */
export async function step(client: DebugClient, kind: 'next' | 'stepIn' | 'stepOut', line: number): Promise<void> {
  const thread = { threadId: await threadId(client) };
  const request = {
    next: () => client.nextRequest(thread),
    stepIn: () => client.stepInRequest(thread),
    stepOut: () => client.stepOutRequest(thread),
  }[kind];
  await Promise.all([request(), client.assertStoppedLocation('step', { line })]);
}

export async function threadId(client: DebugClient): Promise<number> {
  return (await client.threadsRequest()).body.threads[0].id;
}

/** All output of one category so far, collected from the start. */
export function collectOutput(client: DebugClient): { text(category?: string): string } {
  const parts: { category: string; output: string }[] = [];
  client.on('output', (event: DebugProtocol.OutputEvent) =>
    parts.push({ category: event.body.category ?? 'console', output: event.body.output }),
  );
  return {
    text: (category) =>
      parts
        .filter((p) => category === undefined || p.category === category)
        .map((p) => p.output)
        .join(''),
  };
}

/** A motion launch configuration for `program` against the application at `serverUrl`. */
export function motionLaunch(program: string, serverUrl: string, more: Record<string, unknown> = {}) {
  return { type: 'motion', request: 'launch', name: 'test', program, serverUrl, ...more };
}

/**
 * One scenario for both languages: a loop summing 0..4 with a breakpoint whose condition is
 * `i == 3` and a log point `total is {total}` after the loop. The session stops once, with i = 3
 * and total = 3, writes "total is 10", and runs to its end. Returns the session's output.
 */
export async function conditionalBreakpointAndLogPoint(
  client: DebugClient,
  launchArgs: Record<string, unknown>,
  program: string,
  lines: { condition: number; log: number },
): Promise<{ text(category?: string): string }> {
  const output = collectOutput(client);
  await Promise.all([
    client.waitForEvent('initialized').then(async () => {
      const set = await client.setBreakpointsRequest({
        source: { path: program },
        breakpoints: [
          { line: lines.condition, condition: 'i == 3' },
          { line: lines.log, logMessage: 'total is {total}' },
        ],
      });
      assert.ok(
        set.body.breakpoints.every((b) => b.verified),
        'both verified',
      );
      await client.configurationDoneRequest();
    }),
    client.launch(launchArgs),
    client.assertStoppedLocation('breakpoint', { line: lines.condition }),
  ]);
  const locals = await localsOfTopFrame(client);
  assert.equal(locals.get('i')?.value, '3');
  assert.equal(locals.get('total')?.value, '3');
  await Promise.all([client.continueRequest({ threadId: await threadId(client) }), client.waitForEvent('terminated')]);
  assert.match(output.text(), /total is 10\n?/);
  return output;
}
