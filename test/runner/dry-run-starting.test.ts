import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MotionClient } from '../../src/api/client/motion-client';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { encodeSnapshot } from '../../src/api/state/state-document';
import { DryRunGateway } from '../../src/runner/dry-run/dry-run-gateway';
import { dryRun } from '../../src/runner/dry-run/dry-run';
import { post } from '../support/gateway-post';
import { referenceServer } from '../support/reference-server';
import { startTestServer, type TestServer } from '../support/test-server';

const SERVER_SCRIPT = resolve(__dirname, '../../dist/motion-server.js');
const DOCUMENTATION = { name: 'motion', modules: [] };

/** Whether a promise has settled by the time the callbacks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 50));
  return done;
}

describe('the dry run’s gateway in front of a private server still starting', function () {
  this.timeout(30_000);
  let reference: TestServer;
  before(async () => (reference = await startTestServer()));
  after(() => reference.close());

  it('listens at once: answers the documentation read before, and a call for the server waits for it', async () => {
    let started: (url: string) => void = () => undefined;
    const server = new Promise<string>((r) => (started = r));
    const gateway = await DryRunGateway.start(server, { documentation: DOCUMENTATION });
    try {
      assert.deepEqual(await post(gateway.url, 'utilities/documentation/get_package_documentation', '[]'), {
        status: 200,
        body: DOCUMENTATION,
      });
      const count = post(gateway.url, 'settings/processing/skeleton/get_skeleton_count', '["project"]');
      assert.equal(await settled(count), false, 'the call waits while the server starts');
      started(reference.url);
      assert.deepEqual(await count, { status: 200, body: 2 });
    } finally {
      await gateway.close();
    }
  });

  it('fails a call waiting for a server that never started, saying why', async () => {
    let gone: (error: Error) => void = () => undefined;
    const server = new Promise<string>((_, reject) => (gone = reject));
    const gateway = await DryRunGateway.start(server);
    try {
      const count = post(gateway.url, 'settings/processing/skeleton/get_skeleton_count', '["project"]');
      gone(new Error('the private server is not running'));
      const answer = await count;
      assert.equal(answer.status, 500);
      assert.match(answer.body.error.message, /the private server is not running/);
    } finally {
      await gateway.close();
    }
  });
});

const SCRIPT =
  'import motion\nsk = motion.settings.processing.skeleton\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), 2.5)\nprint("done")\n';

/** Resolves once `condition` holds (checked every 10 ms), rejects after `ms`. */
async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Python, as a chosen interpreter: a wrapper that marks that it started (and its pid), then is Python. */
function pythonThatSaysItStarted(dir: string, mark: string): string {
  const python = join(dir, 'python');
  writeFileSync(python, `#!/bin/sh\necho $$ >> '${mark}'\nexec python3 "$@"\n`);
  chmodSync(python, 0o755);
  return python;
}

/** The Pythons the wrapper started that still run. */
function pythonsOf(mark: string): number[] {
  return readFileSync(mark, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
}

describe('a dry run starts the script’s session while its private server starts', function () {
  this.timeout(60_000);
  const app = referenceServer();
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'motion-dry-run-starting-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('Python has started before the private server listens, and the run is as ever', async () => {
    const startedMark = join(dir, 'python-started');
    const python = pythonThatSaysItStarted(dir, startedMark);
    // The private server, as a script that starts the real one only once Python has started (or
    // gives up after 10 s): one after the other, the dry run would fail.
    const server = join(dir, 'server.js');
    writeFileSync(
      server,
      `const { existsSync } = require('node:fs');
const deadline = Date.now() + 10000;
const wait = () => existsSync(${JSON.stringify(startedMark)}) ? require(${JSON.stringify(SERVER_SCRIPT)})
  : Date.now() > deadline ? (console.error('Python did not start before the server'), process.exit(3))
  : setTimeout(wait, 10);
wait();
`,
    );
    const application = new MotionClient({ url: app.server.url });
    try {
      const { state, origin } = await readSnapshot(application);
      let printed = '';
      const outcome = await dryRun({
        serverScript: server,
        snapshot: encodeSnapshot(state, origin),
        script: {
          path: join(dir, 'tool.py'),
          code: SCRIPT,
        },
        python,
        application,
        onOutput: (_stream, text) => (printed += text),
      });
      assert.ok(existsSync(startedMark));
      assert.equal(outcome.result.ok, true, JSON.stringify(outcome.result));
      assert.equal(printed, 'done\n');
      assert.deepEqual(
        outcome.changes.map((c) => c.text),
        ['scale: 1 → 2.5'],
      );
      assert.deepEqual(await readSnapshot(application).then((s) => s.state), state, 'the application is as it was');
    } finally {
      await application.close();
    }
  });

  it('a snapshot being taken now is taken while Python starts; the script runs from it', async () => {
    const startedMark = join(dir, 'python-started');
    const python = pythonThatSaysItStarted(dir, startedMark);
    const application = new MotionClient({ url: app.server.url });
    try {
      // The snapshot is done only once Python has started: one after the other, it never would be.
      const snapshot = until(() => existsSync(startedMark), 10_000).then(async () => {
        const { state, origin } = await readSnapshot(application);
        return encodeSnapshot(state, origin);
      });
      const outcome = await dryRun({
        serverScript: SERVER_SCRIPT,
        snapshot,
        script: { path: join(dir, 'tool.py'), code: SCRIPT },
        python,
        application,
        onOutput: () => undefined,
      });
      assert.equal(outcome.result.ok, true, JSON.stringify(outcome.result));
      assert.deepEqual(
        outcome.changes.map((c) => c.text),
        ['scale: 1 → 2.5'],
      );
    } finally {
      await application.close();
    }
  });

  it('a snapshot the server refuses once Python has started: the refusal, and nothing the session said', async () => {
    const startedMark = join(dir, 'python-started');
    // A Python that says something as it starts (a warning of the interpreter's own, say).
    const python = join(dir, 'python');
    writeFileSync(
      python,
      `#!/bin/sh\necho "a warning as it starts" >&2\necho $$ >> '${startedMark}'\nexec python3 "$@"\n`,
    );
    chmodSync(python, 0o755);
    // The private server reads the snapshot only once Python has started, and refuses it.
    const server = join(dir, 'server.js');
    writeFileSync(
      server,
      `const { existsSync } = require('node:fs');
const wait = () => existsSync(${JSON.stringify(startedMark)}) ? setTimeout(() => require(${JSON.stringify(SERVER_SCRIPT)}), 300) : setTimeout(wait, 10);
wait();
`,
    );
    const { state, origin } = await readSnapshot(app.client);
    let printed = '';
    await assert.rejects(
      dryRun({
        serverScript: server,
        snapshot: encodeSnapshot(state, origin).replace('"scale": 1,', '"scale": "big",'),
        script: { path: join(dir, 'tool.py'), code: SCRIPT },
        python,
        onOutput: (_stream, text) => (printed += text),
      }),
      /^DryRunError: the snapshot cannot be served: file\.state\.skeletons\.project\[0\]\.scale: expected a number/,
    );
    assert.ok(existsSync(startedMark), 'Python had started');
    assert.equal(printed, '', 'the refusal is the whole story');
    assert.deepEqual(pythonsOf(startedMark), [], 'no Python of the run is left');
  });

  it('a snapshot that fails fails the dry run with its own error, and ends the session started meanwhile', async () => {
    const startedMark = join(dir, 'python-started');
    const python = pythonThatSaysItStarted(dir, startedMark);
    const failed = new Error('the snapshot could not be read');
    const snapshot = until(() => existsSync(startedMark), 10_000).then(() => Promise.reject(failed));
    await assert.rejects(
      dryRun({
        serverScript: SERVER_SCRIPT,
        snapshot,
        script: { path: join(dir, 'tool.py'), code: SCRIPT },
        python,
        onOutput: () => undefined,
      }),
      (error) => error === failed,
    );
    assert.deepEqual(pythonsOf(startedMark), [], 'no Python of the run is left');
  });
});
