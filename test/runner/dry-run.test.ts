import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { WHOLE_INTERFACE } from '../../src/api/catalogue';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { encodeSnapshot } from '../../src/api/state/state-document';
import { checkSnapshotVersion, dryRun, DryRunError, type DryRunOptions } from '../../src/runner/dry-run/dry-run';
import { createLog } from '../../server/scripting/log';
import { referenceServer } from '../support/reference-server';

const SERVER_SCRIPT = resolve(__dirname, '../../dist/motion-server.js');

/** The effect of every operation, by its full name: what the application's log says it was asked. */
const EFFECTS = new Map<string, string>(
  WHOLE_INTERFACE.flatMap((m) => m.operations.map((op) => [`${m.path}.${op.name}`, op.effect] as const)),
);

const PYTHON_EDITS = `import motion
sk = motion.settings.processing.skeleton
fb = sk.find_skeleton("project", "FullBody")
sk.set_skeleton_scale("project", fb, 1.5)
head = sk.find_segment("project", fb, "Head")
sk.add_segment("project", head, "Hat")
sk.delete_skeleton("project", sk.find_skeleton("project", "Wand"))
print("edited")
`;

const LUA_EDITS = `local sk = motion.settings.processing.skeleton
local fb = sk.find_skeleton("project", "FullBody")
sk.set_skeleton_scale("project", fb, 1.5)
local head = sk.find_segment("project", fb, "Head")
sk.add_segment("project", head, "Hat")
sk.delete_skeleton("project", sk.find_skeleton("project", "Wand"))
print("edited")
`;

/** The private servers still running: children of this process serving a dry run's snapshot copy. */
const privateServers = () =>
  execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((args) => args.includes('motion-private-'));

const dryRunDirs = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`motion-private-${process.pid}-`));

describe('dry runs: a script against a private server started from a snapshot', function () {
  this.timeout(30_000);
  const asked: string[] = [];
  const app = referenceServer({
    log: createLog('debug', (line) => {
      const operation = / debug POST (\S+) \d{3} /.exec(line)?.[1];
      if (operation) asked.push(operation);
    }),
  });
  let output: string;
  let leftBefore: string[];
  beforeEach(() => {
    asked.length = 0;
    output = '';
    leftBefore = dryRunDirs();
  });
  afterEach(() => {
    assert.deepEqual(dryRunDirs(), leftBefore, 'the snapshot copy is removed');
    assert.deepEqual(privateServers(), [], 'the private server is stopped');
  });

  async function run(path: string, code: string, more: Partial<DryRunOptions> = {}) {
    const { state, origin } = await readSnapshot(app.client);
    return dryRun({
      serverScript: SERVER_SCRIPT,
      snapshot: encodeSnapshot(state, origin),
      script: { path, code },
      onOutput: (_stream, text) => (output += text),
      ...more,
    });
  }

  for (const [language, path, code, lines] of [
    ['Python', '/scripts/edit.py', PYTHON_EDITS, [7, 4, 6, 6]],
    ['Lua', '/scripts/edit.lua', LUA_EDITS, [6, 3, 5, 5]],
  ] as const)
    it(`shows what a ${language} script would change, and the application only ever hears reads`, async () => {
      const before = JSON.stringify(app.server.model.snapshot());
      const { result, changes } = await run(path, code);
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.equal(output, 'edited\n');
      assert.deepEqual(
        changes.map((c) => [c.kind, c.path.join(' / '), c.text]),
        [
          ['removed', 'Project settings', 'removed skeleton Wand (2 segments)'],
          ['changed', 'Project settings / FullBody', 'scale: 1 → 1.5'],
          ['added', 'Project settings / FullBody', 'added segment Hat (child of Head)'],
          ['changed', 'Project settings / FullBody / Head', 'endpoint: [0, 0, 190] → null'],
        ],
      );
      // Each change names the line that made it: Head's endpoint went with the segment added under it.
      assert.deepEqual(
        changes.map((c) => c.caller),
        lines.map((line) => `${path}:${line}`),
      );
      assert.equal(JSON.stringify(app.server.model.snapshot()), before, 'the application is as it was');
      assert.ok(asked.length > 100, 'the snapshot was read from the application');
      assert.deepEqual(
        asked.filter((operation) => EFFECTS.get(operation) !== 'read'),
        [],
        'no changing call reached the application',
      );
    });

  it('answers get_version as the application the snapshot came from, in Python and Lua (the guards of version checks take its branch)', async () => {
    const { state, origin } = await readSnapshot(app.client);
    const from = (application: typeof origin.application) => encodeSnapshot(state, { ...origin, application });
    for (const [path, code] of [
      ['/scripts/v.py', 'import motion\nv = motion.get_version()\nprint(v["major"], v["minor"], v["build"])\n'],
      ['/scripts/v.lua', 'local v = motion.get_version()\nprint(v.major, v.minor, v.build)\n'],
    ]) {
      output = '';
      const { result } = await dryRun({
        serverScript: SERVER_SCRIPT,
        snapshot: from({ major: 2025, minor: 1, build: 1 }),
        script: { path, code },
        onOutput: (_stream, text) => (output += text),
      });
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.match(output, /^2025\s+1\s+1\n$/, path);
    }
    // A snapshot of `motion-server --as-version 2024.1`: what it said it was.
    output = '';
    await dryRun({
      serverScript: SERVER_SCRIPT,
      snapshot: from({ major: 2024, minor: 1, build: 0 }),
      script: { path: '/scripts/v.py', code: 'import motion\nprint(motion.get_version())\n' },
      onOutput: (_stream, text) => (output += text),
    });
    assert.equal(output, "{'major': 2024, 'minor': 1, 'build': 0}\n");
  });

  it('says "no changes" for a script that only reads', async () => {
    const { result, changes } = await run(
      '/scripts/read.py',
      'import motion, sys\nprint(motion.settings.processing.skeleton.get_skeleton_count("project"), sys.argv)\n',
    );
    assert.equal(result.ok, true);
    // Given no arguments, the script sees its own path alone, as when it is run.
    assert.equal(output, "2 ['/scripts/read.py']\n");
    assert.deepEqual(changes, []);
  });

  it('shows the changes made before a script raised, and how it raised', async () => {
    const { result, changes } = await run(
      '/scripts/fails.py',
      'import motion\nsk = motion.settings.processing.skeleton\nsk.add_skeleton("project", "Half")\nsk.set_skeleton_scale("project", 1, 1000)\n',
    );
    assert.equal(result.ok, false);
    assert.equal(result.error?.code, 'invalid_argument');
    assert.equal(result.error?.line, 4);
    assert.deepEqual(
      changes.map((c) => c.text),
      ['added skeleton Half (1 segment)'],
    );
  });

  it('stops a script that never ends at its deadline, and leaves no server or file behind', async () => {
    const started = Date.now();
    await assert.rejects(
      run('/scripts/forever.py', 'while True:\n    pass\n', { deadlineMs: 1_500 }),
      (error: Error) =>
        error instanceof DryRunError &&
        /the script did not finish within 1\.5 s, so the dry run stopped it; the application was not touched/.test(
          error.message,
        ),
    );
    assert.ok(Date.now() - started < 10_000);
  });

  it('stops when cancelled', async () => {
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 1_000);
    await assert.rejects(run('/scripts/forever.lua', 'while true do end', { signal: cancel.signal }), /cancelled/);
  });

  it('refuses a hand-edited snapshot, naming what is wrong, before running anything', async () => {
    const { state, origin } = await readSnapshot(app.client);
    const text = encodeSnapshot(state, origin).replace('"scale": 1,', '"scale": "big",');
    await assert.rejects(
      dryRun({
        serverScript: SERVER_SCRIPT,
        snapshot: text,
        script: { path: '/scripts/x.py', code: 'print("ran")' },
        onOutput: (_s, t) => (output += t),
      }),
      (error: Error) =>
        error instanceof DryRunError &&
        /^the snapshot cannot be served: file\.state\.skeletons\.project\[0\]\.scale: expected a number, got string "big"$/.test(
          error.message,
        ),
    );
    assert.equal(output, '', 'the script never ran');
  });

  it('refuses a snapshot of another version of the application', () => {
    const origin = {
      application: { major: 2, minor: 4, build: 1 },
      url: 'http://studio:7979',
      taken_at: '2026-11-20T09:00:00.000Z',
    };
    assert.throws(
      () => checkSnapshotVersion(origin, { major: 2, minor: 5, build: 0 }),
      /^DryRunError: the snapshot was taken from version 2\.4\.1 of the application \(http:\/\/studio:7979, 2026-11-20T09:00:00\.000Z\); the application is version 2\.5\.0: take a new snapshot$/,
    );
    assert.doesNotThrow(() => checkSnapshotVersion(origin, { major: 2, minor: 4, build: 1 }));
    assert.doesNotThrow(() => checkSnapshotVersion(undefined, { major: 2, minor: 4, build: 1 }));
  });
});
