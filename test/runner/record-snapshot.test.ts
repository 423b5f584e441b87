import assert from 'node:assert/strict';
import { join } from 'node:path';
import { MotionClient } from '../../src/api/client/motion-client';
import { catalogueDocumentation } from '../../src/api/docs/catalogue-documentation';
import { recordingOf } from '../../src/api/state/recorded-answers';
import { DryRunError } from '../../src/runner/dry-run/dry-run';
import { takeSnapshot } from '../../src/runner/dry-run/record-snapshot';
import type { FakeApplication } from '../support/fake-application';
import { startTestServer, type TestServer } from '../support/test-server';
import { applicationInterface } from '../support/application-interface';
import { startWholeInterface } from '../support/whole-interface-application';

const SERVER = join(__dirname, '../../dist/motion-server.js');
const DOCUMENTATION = 'motion.utilities.documentation.get_package_documentation';

describe('taking a snapshot for dry runs and tests with no application', function () {
  this.timeout(60_000);
  let reference: TestServer;
  let whole: FakeApplication;
  let ours: MotionClient;
  let theirs: MotionClient;
  before(async () => {
    reference = await startTestServer();
    // An application with more than the interface we bundle: a module of a newer release.
    const newer = applicationInterface();
    newer.modules.push({
      path: 'motion.animation.curves',
      brief: 'A newer release’s.',
      details: '',
      methods: [{ name: 'get_curve_count', brief: '', details: '', parameters: [], return_value: null }],
    });
    whole = await startWholeInterface(reference.url, { 'motion.gui.timeline.get_frequency': 100 }, newer);
    ours = new MotionClient({ url: reference.url });
    theirs = new MotionClient({ url: whole.url });
  });
  after(async () => {
    await ours.close();
    await theirs.close();
    await whole.close();
    await reference.close();
  });

  const record = (name: string, code: string) => ({
    name,
    serverScript: SERVER,
    script: { path: name, code },
    onOutput: () => undefined,
  });

  it('of an application with only what the reference server models: the state alone, no documentation kept', async () => {
    const taken = await takeSnapshot({ application: ours });
    assert.deepEqual(taken.answers, []);
    assert.equal(recordingOf(taken.text), undefined);
    assert.equal(JSON.parse(taken.text).state.skeletons.project.length, taken.state.skeletons.project.length);
  });

  it('of an application with more: its documentation, first, and no script named; with progress, and Cancel', async () => {
    const progress: number[] = [];
    const taken = await takeSnapshot({ application: theirs, onProgress: ({ read }) => progress.push(read) });
    assert.ok(progress.length > 0 && progress.at(-1)! > 0, 'the reading said how far it got');
    const cancel = new AbortController();
    cancel.abort();
    await assert.rejects(takeSnapshot({ application: theirs, signal: cancel.signal }));
    assert.deepEqual(
      taken.answers.map((a) => a.operation),
      [DOCUMENTATION],
    );
    const recording = recordingOf(taken.text)!;
    assert.equal(recording.script, undefined);
    assert.ok(recording.find(DOCUMENTATION, []));
  });

  it('of an application with one operation more, in a module we model: its documentation too', async () => {
    const ours_ = catalogueDocumentation();
    const selection = ours_.modules.find((m) => m.path === 'motion.gui.selection')!;
    selection.methods.push({ ...selection.methods[0], name: 'get_selection_sets' });
    const newer = await startWholeInterface(reference.url, {}, ours_);
    const client = new MotionClient({ url: newer.url });
    try {
      const taken = await takeSnapshot({ application: client });
      assert.deepEqual(
        taken.answers.map((a) => a.operation),
        [DOCUMENTATION],
      );
    } finally {
      await client.close();
      await newer.close();
    }
  });

  it('with a script: its reads’ answers after the documentation its package read, the script named', async () => {
    const taken = await takeSnapshot({
      application: theirs,
      record: record('tool.py', 'import motion\nprint(motion.gui.timeline.get_frequency())\n'),
    });
    assert.deepEqual(
      taken.answers.map((a) => a.operation),
      [DOCUMENTATION, 'motion.gui.timeline.get_frequency'],
      'the documentation once',
    );
    assert.equal(recordingOf(taken.text)!.script, 'tool.py');
  });

  it('a script that stops with an error records nothing and says why, in either language', async () => {
    await assert.rejects(
      takeSnapshot({ application: theirs, record: record('broken.py', 'raise ValueError("no gaps")\n') }),
      (error: Error) =>
        error instanceof DryRunError &&
        error.message ===
          'broken.py stopped with an error (ValueError: no gaps), so nothing was recorded: a recording is of a run that completes',
    );
    await assert.rejects(
      takeSnapshot({ application: theirs, record: record('broken.lua', 'error("no gaps", 0)\n') }),
      /^DryRunError: broken\.lua stopped with an error \(LuaError: no gaps\), so nothing was recorded/,
    );
  });
});
