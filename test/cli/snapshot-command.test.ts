import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MotionClient } from '../../src/api/client/motion-client';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { runServerToExit, startChildServer } from '../support/child-server';
import { referenceServer } from '../support/reference-server';
import { runCli } from '../support/run-cli';

describe('motion snapshot', () => {
  const app = referenceServer();
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'motion-snapshot-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the whole state to a file that motion-server --state serves as it is', async () => {
    const file = join(dir, 'project.motion.json');
    const run = await runCli(['snapshot', '-o', file], app.env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      /^snapshot of http:\/\/127\.0\.0\.1:\d+ \(version 0\.1\.0\): 4 skeletons \(2 project, 1 measurement, 1 data\), 68 segments, 42 trajectories, 35 bones, 0 selected → .*project\.motion\.json\n$/,
    );
    assert.deepEqual(readdirSync(dir), ['project.motion.json'], 'no file left aside');

    const served = await startChildServer(['--state', file, '--log-level', 'warn']);
    const client = new MotionClient({ url: served.url });
    try {
      const [original, again] = await Promise.all([readSnapshot(app.client), readSnapshot(client)]);
      assert.deepEqual(again.state, original.state);
    } finally {
      await client.close();
      served.child.kill('SIGTERM');
      await served.exited;
    }
  });

  it('writes to stdout without -o, and says where from with --json', async () => {
    const run = await runCli(['snapshot', '--json'], app.env);
    assert.equal(run.code, 0, run.stderr);
    const document = JSON.parse(run.stdout);
    assert.equal(document.format, 'motion-server-state');
    assert.deepEqual(document.snapshot.application, { major: 0, minor: 1, build: 0 });
    const said = JSON.parse(run.stderr);
    assert.equal(said.file, null);
    assert.equal(said.url, app.server.url);
  });

  it('says when the application is away, and writes nothing', async () => {
    const file = join(dir, 'away.motion.json');
    const run = await runCli(['snapshot', '-o', file, '--url', 'http://127.0.0.1:9']);
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stderr, /127\.0\.0\.1:9/);
    assert.equal(existsSync(file), false);
  });

  it('refuses arguments it does not take', async () => {
    const run = await runCli(['snapshot', 'file.json'], app.env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /snapshot takes no arguments, got "file\.json"; use -o FILE/);
  });

  it('a hand-edited snapshot is refused by the server, naming the field', async () => {
    const file = join(dir, 'edited.motion.json');
    assert.equal((await runCli(['snapshot', '-o', file], app.env)).code, 0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"taken_at": "', '"taken_at": 5, "x": "'));
    const { code, output } = await runServerToExit(['--port', '0', '--state', file]);
    assert.notEqual(code, 0);
    assert.match(output, /file\.snapshot\.taken_at: expected a string/);
  });
});
