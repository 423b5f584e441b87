import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeState } from '../../server/scripting/persistence/state-format';
import { runServerToExit, startChildServer } from '../support/child-server';
import { SETTINGS, startTestServer } from '../support/test-server';
import { scratchFolder } from '../support/scratch-folder';

describe('state file (docs/design.md §6)', () => {
  const scratch = scratchFolder('motion-state-');

  it('is created from the demo data, or empty with --empty', async () => {
    const file = join(scratch.path, 'state.json');
    const t = await startTestServer({ state: file });
    await t.close();
    const demo = decodeState(readFileSync(file, 'utf8'));
    assert.ok(demo.skeletons.data.length > 0 && demo.trajectories.length > 0);
    const emptyFile = join(scratch.path, 'empty.json');
    const e = await startTestServer({ state: emptyFile, empty: true });
    await e.close();
    assert.equal(decodeState(readFileSync(emptyFile, 'utf8')).skeletons.project.length, 0);
  });

  it('holds every acknowledged change across a restart, ids never reused', async () => {
    const file = join(scratch.path, 'state.json');
    let t = await startTestServer({ state: file, empty: true });
    const bob = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Bob']);
    await t.ok(SETTINGS, 'set_skeleton_scale', ['project', bob, 2.5]);
    const doomed = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Doomed']);
    await t.ok(SETTINGS, 'delete_skeleton', ['project', doomed]);
    assert.equal(decodeState(readFileSync(file, 'utf8')).skeletons.project.length, 1, 'on disk before the reply');
    await t.close();
    t = await startTestServer({ state: file });
    assert.equal(await t.ok(SETTINGS, 'get_skeleton_scale', ['project', bob]), 2.5);
    assert.deepEqual(await t.ok(SETTINGS, 'get_skeleton_ids', ['project']), [bob]);
    const next = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Next']);
    assert.ok(next > doomed + 1, 'the id counter is persisted');
    await t.close();
  });

  it('does not write for reads or refused calls', async () => {
    const file = join(scratch.path, 'state.json');
    const t = await startTestServer({ state: file });
    const before = readFileSync(file, 'utf8');
    await t.ok(SETTINGS, 'get_skeleton_ids', ['project']);
    await t.fails(SETTINGS, 'set_skeleton_scale', ['project', 1, 0], 'invalid_argument');
    assert.equal(readFileSync(file, 'utf8'), before);
    await t.close();
  });

  it('stops the server with a clear message when the file is corrupt, and leaves it untouched', async () => {
    const cases: [string, RegExp][] = [
      ['{"format": "motion-server-state", "version": 1, "state": {', /is corrupt: it is not valid JSON/],
      ['[]', /is corrupt: file: expected an object/],
      [
        '{"format": "motion-server-state", "version": 1, "state": {"nextId": 1}}',
        /is corrupt: file\.state\.skeletons: missing field/,
      ],
      [
        JSON.stringify({
          format: 'motion-server-state',
          version: 9,
          state: {
            nextId: 1,
            skeletons: { project: [], measurement: [], data: [] },
            trajectories: [],
            bones: [],
            selection: [],
          },
        }),
        /format version 9/,
      ],
      [
        JSON.stringify({
          format: 'motion-server-state',
          version: 1,
          state: {
            nextId: 1,
            skeletons: { project: [], measurement: [], data: [] },
            trajectories: [{ id: 5, label: 'A', parts: 1 }],
            bones: [],
            selection: [],
          },
        }),
        /outside 1\.\.nextId-1/,
      ],
    ];
    for (const [text, message] of cases) {
      const file = join(scratch.path, 'bad.json');
      writeFileSync(file, text);
      const { code, output } = await runServerToExit(['--state', file]);
      assert.notEqual(code, 0);
      assert.match(output, message, output);
      assert.match(output, /left as it is/);
      assert.equal(readFileSync(file, 'utf8'), text, 'never silently replaced');
      assert.ok(!existsSync(`${file}.lock`), 'the lock is released');
    }
  });

  it('allows one server per state file, and takes over the lock of a dead one', async () => {
    const file = join(scratch.path, 'state.json');
    const first = await startChildServer(['--state', file]);
    try {
      const { code, output } = await runServerToExit(['--state', file]);
      assert.notEqual(code, 0);
      assert.match(output, new RegExp(`in use by another motion-server \\(pid ${first.child.pid}\\)`));
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    assert.ok(existsSync(`${file}.lock`), 'a killed server leaves its lock behind');
    const second = await startChildServer(['--state', file]);
    // A clean stop: SIGTERM here; on Windows, where every signal ends a process at once, the end of its input.
    if (process.platform === 'win32') second.child.stdin!.end();
    else second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0);
    assert.ok(!existsSync(`${file}.lock`), 'a clean stop releases the lock');
  });
});
