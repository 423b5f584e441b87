import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MotionClient } from '../../src/api/client/motion-client';
import { scratchFolder } from '../support/scratch-folder';
import type { FakeApplication } from '../support/fake-application';
import { freePort } from '../support/free-port';
import { pythonWithPytest } from '../support/pytest-python';
import { runCli } from '../support/run-cli';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWholeInterface } from '../support/whole-interface-application';

const CORPUS = join(__dirname, '../fixtures/application-interface/corpus');

/** What the application answers the tools' reads (the others answer null). */
const READS = {
  'motion.gui.timeline.get_measured_range': { start: 10, end: 509 },
  'motion.gui.timeline.get_frequency': 100,
};

const LUA_TOOL = `-- Say how long the measurement is, and select its first second.
local timeline = motion.gui.timeline
local measured = timeline.get_measured_range()
local frames = measured["end"] - measured.start + 1
motion.gui.message.add_message("Measured range", frames .. " frames", "info")
timeline.set_selected_range({ start = measured.start, ["end"] = measured.start + timeline.get_frequency() - 1 })
`;

const PYTHON_TESTS = `# motion-snapshot: ../recorded.motion.json
import runpy
import motion.testing


def test_says_how_long_the_measurement_is_as_recorded():
    runpy.run_path("timeline_message.py")
    assert motion.testing.calls("motion.gui.message.add_message") == [["Measured range", "500 frames at 100 Hz", "info"]]
    assert motion.testing.calls("motion.gui.timeline.set_selected_range") == [[{"start": 10, "end": 109}]]


def test_as_the_test_answers():
    motion.testing.answer("motion.gui.timeline.get_measured_range", {"start": 0, "end": 999})
    runpy.run_path("timeline_message.py")
    assert motion.testing.calls("motion.gui.message.add_message")[0][1] == "1000 frames at 100 Hz"


def test_a_read_nobody_answered():
    motion.gui.timeline.get_current_frame()
`;

const LUA_SPEC = `-- motion-snapshot: ../recorded.motion.json
describe("timeline message", function()
  it("says how long the measurement is, as recorded", function()
    dofile("timeline_message.lua")
    local said = motion.testing.calls("motion.gui.message.add_message")
    assert.same({ { "Measured range", "500 frames", "info" } }, said)
  end)

  it("as the test answers, for these arguments", function()
    motion.testing.answer("motion.gui.timeline.get_measured_range", { start = 0, ["end"] = 49 }, {})
    dofile("timeline_message.lua")
    assert.equal("50 frames", motion.testing.calls("motion.gui.message.add_message")[1][2])
  end)
end)
`;

/** What a suite's recording reads from, stopped before its folder goes. */
async function closeBoth(application?: FakeApplication, reference?: TestServer): Promise<void> {
  await application?.close();
  await reference?.close();
}

describe('recorded answers: motion snapshot --record, replayed offline by dry runs and tests', function () {
  this.timeout(120_000);
  let reference: TestServer;
  let application: FakeApplication;
  const scratch = scratchFolder('motion-record-', { per: 'suite', stopFirst: () => closeBoth(application, reference) });
  let away: string;
  before(async () => {
    reference = await startTestServer();
    application = await startWholeInterface(reference.url, READS);
    for (const file of ['timeline_message.py']) copyFileSync(join(CORPUS, file), join(scratch.path, file));
    writeFileSync(join(scratch.path, 'timeline_message.lua'), LUA_TOOL);
    away = `http://127.0.0.1:${await freePort()}`;
  });

  it('records the answers the script’s reads got, with the application’s documentation, and sends no change', async () => {
    application.requests.length = 0;
    const run = await runCli(
      ['snapshot', '--record', 'timeline_message.py', '-o', 'recorded.motion.json', '--url', application.url],
      {},
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      /^snapshot of http:\/\/127\.0\.0\.1:\d+ \(version [\d.]+\): .+, with the application's documentation; recorded 2 answers to timeline_message\.py's reads → recorded\.motion\.json\n$/,
    );
    const file = JSON.parse(readFileSync(join(scratch.path, 'recorded.motion.json'), 'utf8'));
    assert.equal(file.recorded.script, 'timeline_message.py');
    assert.deepEqual(
      file.recorded.answers.map((a: { operation: string }) => a.operation),
      [
        'motion.utilities.documentation.get_package_documentation',
        'motion.gui.timeline.get_measured_range',
        'motion.gui.timeline.get_frequency',
      ],
    );
    assert.deepEqual(file.recorded.answers[1], {
      operation: 'motion.gui.timeline.get_measured_range',
      args: [],
      answer: READS['motion.gui.timeline.get_measured_range'],
    });
    assert.deepEqual(
      application.requests.filter((path) => /\/(set_|add_|delete_)/.test(path)),
      [],
      'no change reached the application',
    );
  });

  it('a dry run from the recording, with the application away, lists exactly what the live dry run lists', async () => {
    const live = await runCli(
      ['run', '--dry-run', '--url', application.url, 'timeline_message.py'],
      {},
      undefined,
      scratch.path,
    );
    const offline = await runCli(
      ['run', '--dry-run', '--snapshot', 'recorded.motion.json', '--url', away, 'timeline_message.py'],
      {},
      undefined,
      scratch.path,
    );
    assert.equal(offline.code, 0, offline.stderr);
    assert.equal(offline.stdout, live.stdout);
    assert.match(
      offline.stdout,
      /would call motion\.gui\.message\.add_message\("Measured range", "500 frames at 100 Hz", "info"\) — not sent \(.*timeline_message\.py:9\)/,
    );
  });

  it('a read that was never recorded is an error naming the call and how to record it', async () => {
    writeFileSync(join(scratch.path, 'frame.py'), 'import motion\nprint(motion.gui.timeline.get_current_frame())\n');
    const run = await runCli(
      ['run', '--dry-run', '--snapshot', 'recorded.motion.json', '--url', away, 'frame.py'],
      {},
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /motion\.gui\.timeline\.get_current_frame\(\) was not recorded in the snapshot: take the snapshot again with the script that makes it \(motion snapshot --record timeline_message\.py -o FILE, the application connected\)/,
    );
  });

  it('a script that stops with an error records nothing, and says so', async () => {
    writeFileSync(
      join(scratch.path, 'broken.py'),
      'import motion\nmotion.gui.timeline.get_frequency()\nraise ValueError("no")\n',
    );
    const run = await runCli(
      ['snapshot', '--record', 'broken.py', '-o', 'broken.motion.json', '--url', application.url],
      {},
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /motion snapshot --record: broken\.py stopped with an error \(ValueError: no\), so nothing was recorded: a recording is of a run that completes; no file was written\n$/,
    );
    assert.equal(existsSync(join(scratch.path, 'broken.motion.json')), false);
    const wrong = await runCli(
      ['snapshot', '--record', 'notes.txt', '--url', application.url],
      {},
      undefined,
      scratch.path,
    );
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /--record takes a Python \(\.py\) or Lua \(\.lua\) script, got "notes\.txt"/);
  });

  it('tests replay the recording offline, declare answers of their own, and see every call the script asked for', async () => {
    mkdirSync(join(scratch.path, 'tests'), { recursive: true });
    writeFileSync(join(scratch.path, 'tests', 'test_timeline_message.py'), PYTHON_TESTS);
    writeFileSync(join(scratch.path, 'tests', 'timeline_message_spec.lua'), LUA_SPEC);
    const run = await runCli(['test', 'tests', '--python', pythonWithPytest()], {}, undefined, scratch.path);
    const lines = run.stdout.split('\n').map((line) => line.replace(/ \(\d+\.\d\d s\)/, ''));
    assert.deepEqual(
      lines.filter((line) => /^[✓✗]/.test(line)),
      [
        '✓ tests/test_timeline_message.py::test_says_how_long_the_measurement_is_as_recorded',
        '✓ tests/test_timeline_message.py::test_as_the_test_answers',
        '✗ tests/test_timeline_message.py::test_a_read_nobody_answered',
        '✓ tests/timeline_message_spec.lua::timeline message::says how long the measurement is, as recorded',
        '✓ tests/timeline_message_spec.lua::timeline message::as the test answers, for these arguments',
      ],
      run.stdout + run.stderr,
    );
    assert.match(
      run.stdout,
      /motion\.gui\.timeline\.get_current_frame\(\) was not recorded in the snapshot: take the snapshot again .*, or answer it in the test with motion\.testing\.answer\("motion\.gui\.timeline\.get_current_frame", value\)/,
    );
  });

  it('replaying against an application of another version says so', async () => {
    const file = JSON.parse(readFileSync(join(scratch.path, 'recorded.motion.json'), 'utf8'));
    file.snapshot.application.major += 1;
    writeFileSync(join(scratch.path, 'other-version.motion.json'), JSON.stringify(file));
    const run = await runCli(
      ['run', '--dry-run', '--snapshot', 'other-version.motion.json', '--url', application.url, 'timeline_message.py'],
      {},
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /the snapshot was taken from version \d+\.\d+\.\d+ of the application .*; the application is version [\d.]+: take a new snapshot/,
    );
  });
});

describe('every tool of the corpus, recorded and replayed offline', function () {
  this.timeout(180_000);
  let reference: TestServer;
  let application: FakeApplication;
  const scratch = scratchFolder('motion-record-corpus-', {
    per: 'suite',
    stopFirst: () => closeBoth(application, reference),
  });
  let away: string;
  const tools = readdirSync(CORPUS).filter((f) => /^(?!test_|helpers)\w+\.(py|lua)$/.test(f));
  before(async () => {
    reference = await startTestServer();
    // Two trajectories selected, each with a short gap and a long one: the gap fillers have work.
    const client = new MotionClient({ url: reference.url });
    const [first, second] = await client.data.object.trajectory.get_trajectory_ids();
    await client.gui.selection.set_selections([
      { type: 'trajectory', id: first, part_index: null },
      { type: 'trajectory', id: second, part_index: null },
    ]);
    await client.close();
    application = await startWholeInterface(reference.url, {
      ...READS,
      'motion.data.series._3d.get_gap_ranges': [
        { start: 20, end: 24 },
        { start: 40, end: 80 },
      ],
    });
    for (const file of readdirSync(CORPUS)) copyFileSync(join(CORPUS, file), join(scratch.path, file));
    away = `http://127.0.0.1:${await freePort()}`;
  });

  it('holds the tools people write, in both languages', () => {
    assert.deepEqual(tools, [
      'gap_filler.lua',
      'gap_filler.py',
      'labeller.lua',
      'labeller.py',
      'overlay.lua',
      'overlay.py',
      'timeline_message.py',
    ]);
  });

  it('a dry run from each recording, the application away, lists exactly what the live dry run lists', async () => {
    for (const tool of tools) {
      const snapshot = `${tool}.motion.json`;
      const recorded = await runCli(
        ['snapshot', '--record', tool, '-o', snapshot, '--url', application.url],
        {},
        undefined,
        scratch.path,
      );
      assert.equal(recorded.code, 0, `${tool}: ${recorded.stderr}`);
      const live = await runCli(['run', '--dry-run', '--url', application.url, tool], {}, undefined, scratch.path);
      const offline = await runCli(
        ['run', '--dry-run', '--snapshot', snapshot, '--url', away, tool],
        {},
        undefined,
        scratch.path,
      );
      assert.equal(live.code, 0, `${tool}: ${live.stderr}`);
      // The Lua labeller renames by a table with pairs(), whose order Lua leaves open: the same calls, in its order.
      const inOrder = (text: string) => (tool === 'labeller.lua' ? text.split('\n').sort().join('\n') : text);
      assert.deepEqual(
        [offline.code, inOrder(offline.stdout)],
        [live.code, inOrder(live.stdout)],
        `${tool}: ${offline.stderr}`,
      );
    }
    assert.deepEqual(
      application.requests.filter((path) => /\/(set_|add_|delete_|fill_|draw_)/.test(path)),
      [],
      'no change reached the application',
    );
  });
});
