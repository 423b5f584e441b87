import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findOperation } from '../../src/api/catalogue';
import { isReadOperation } from '../../src/api/catalogue/read-operations';
import { MotionClient } from '../../src/api/client/motion-client';
import { readSnapshot } from '../../src/api/state/read-snapshot';
import { encodeSnapshot } from '../../src/api/state/state-document';
import { dryRun } from '../../src/runner/dry-run/dry-run';
import { notSentOutline } from '../../src/runner/dry-run/not-sent-outline';
import { applicationIndex, applicationInterface, scriptOfEveryCall } from '../support/application-interface';
import { startFakeApplication, type FakeApplication } from '../support/fake-application';
import { startTestServer, type TestServer } from '../support/test-server';

const SERVER_SCRIPT = resolve(__dirname, '../../dist/motion-server.js');
const CORPUS = join(__dirname, '../fixtures/application-interface/corpus');

/** Answers of the reads the tools make, as a measurement of the application would give them. */
const READS: Record<string, unknown> = {
  'gui/selection/get_selections': [{ type: 'trajectory', id: 412, part_index: null }],
  'data/series/_3d/get_gap_ranges': [
    { start: 10, end: 14 },
    { start: 50, end: 80 },
  ],
  'data/object/trajectory/get_label': 'LASI',
  'gui/timeline/get_measured_range': { start: 0, end: 999 },
  'gui/timeline/get_frequency': 100,
  'data/object/trajectory/find_trajectory': 412,
};

/**
 * The application, as a test sees it: it serves the whole interface's documentation, answers the
 * reads above (null for any other read), and records every request it gets.
 */
function recordingApplication(options: { documentationReadyAfter?: number } = {}): Promise<FakeApplication> {
  const documentation = JSON.stringify(applicationInterface());
  let notReady = options.documentationReadyAfter ?? 0;
  return startFakeApplication((path, _body, _req, res) => {
    const answer = (value: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const operation = path.replace(/^\/api\/scripting\/motion\//, '').replace(/\/$/, '');
    if (operation === 'utilities/documentation/get_package_name') return answer('motion');
    if (operation === 'utilities/documentation/get_package_documentation') {
      // Right after the application restarted: it answers, but its documentation is not ready yet.
      if (notReady-- > 0)
        return void res
          .writeHead(503, { 'content-type': 'application/json' })
          .end(
            '{"error": {"code": "not_ready", "message": "the documentation is being read", "operation": "motion.utilities.documentation.get_package_documentation"}}',
          );
      return void res.writeHead(200).end(documentation);
    }
    if (operation === 'get_version') return answer({ major: 2026, minor: 3, build: 0 });
    answer(READS[operation] ?? null);
  });
}

const dotted = (path: string) =>
  `motion.${path
    .replace(/^\/api\/scripting\/motion\//, '')
    .replace(/\/$/, '')
    .split('/')
    .join('.')}`;

describe('dry runs of scripts that use the whole interface', function () {
  this.timeout(60_000);
  let application: FakeApplication;
  let reference: TestServer;
  let snapshot: string;
  let lasiId: number;
  before(async () => {
    application = await recordingApplication();
    reference = await startTestServer();
    const client = new MotionClient({ url: reference.url });
    // The snapshot the gap filler starts from has a trajectory selected: LASI.
    const lasi = await client.data.object.trajectory.find_trajectory('LASI');
    await client.gui.selection.set_selections([{ type: 'trajectory', id: lasi!, part_index: null }]);
    lasiId = lasi!;
    // The application's measurement is one a snapshot cannot carry (its own format, or unsaved
    // changes): its operations are the application's to answer, or held back.
    const { state: read, origin } = await readSnapshot(client);
    const { measurement: _carried, ...state } = read;
    await client.close();
    snapshot = encodeSnapshot(state, origin);
  });
  after(async () => {
    await application.close();
    await reference.close();
  });
  beforeEach(() => (application.requests.length = 0));

  const run = async (path: string, code: string) => {
    let output = '';
    const client = new MotionClient({ url: application.url });
    try {
      const outcome = await dryRun({
        serverScript: SERVER_SCRIPT,
        snapshot,
        script: { path, code },
        application: client,
        onOutput: (_stream, text) => (output += text),
      });
      return { ...outcome, output };
    } finally {
      await client.close();
    }
  };

  for (const language of ['python', 'lua'] as const)
    it(`sends no change to the application, whatever operation a script calls (${language}, all 677)`, async () => {
      const script = scriptOfEveryCall(applicationIndex(), language, 'literals', true);
      const outcome = await run(`every-call.${language === 'python' ? 'py' : 'lua'}`, script.text);
      assert.equal(
        outcome.result.ok,
        true,
        `${JSON.stringify(outcome.result.error)}\n${outcome.output.slice(0, 2000)}`,
      );
      const changesAsked = application.requests.map(dotted).filter((operation) => !isReadOperation(operation));
      assert.deepEqual(changesAsked, [], 'the application was asked only to read');
      const changesInScript = [...script.lines.values()]
        .map((method) => method.path)
        .filter((path) => !isReadOperation(path));
      // What the reference server models ran there (and shows in the diff); every other change is
      // listed as not sent, in the script's order.
      const modelled = (path: string) =>
        findOperation(path.slice(0, path.lastIndexOf('.')), path.slice(path.lastIndexOf('.') + 1)) !== undefined;
      const notModelled = changesInScript.filter((path) => !modelled(path));
      assert.deepEqual(
        outcome.notSent.map((call) => call.operation),
        notModelled,
      );
      assert.ok(notModelled.length > 150, `${notModelled.length} changes the reference server does not model`);
    });

  for (const [language, path, code] of [
    [
      'Python',
      'C:\\Users\\Łukasz Zoë\\tools\\menu.py',
      'import motion\n\nmotion.gui.message.add_message("a", "", "info")\n',
    ],
    ['Lua', '/home/Łukasz Zoë/t/menu.lua', '\n\nmotion.gui.message.add_message("a", "", "info")\n'],
  ] as const)
    it(`names the ${language} file of a call not sent, under a folder with letters beyond ASCII (a Windows user folder)`, async () => {
      const outcome = await run(path, code);
      assert.equal(outcome.result.ok, true, JSON.stringify(outcome.result.error));
      assert.deepEqual(
        outcome.notSent.map((call) => call.caller),
        [`${path}:3`],
      );
    });

  it('builds the script’s package from the application’s whole interface when the run starts before its documentation is ready (a restart)', async () => {
    const restarted = await recordingApplication({ documentationReadyAfter: 3 });
    const client = new MotionClient({ url: restarted.url });
    let output = '';
    try {
      const outcome = await dryRun({
        serverScript: SERVER_SCRIPT,
        snapshot,
        script: { path: 'frequency.py', code: 'import motion\nprint(motion.gui.timeline.get_frequency())\n' },
        application: client,
        onOutput: (_stream, text) => (output += text),
      });
      assert.equal(outcome.result.ok, true, `${JSON.stringify(outcome.result.error)}\n${output}`);
      assert.equal(output, '100\n');
    } finally {
      await client.close();
      await restarted.close();
    }
  });

  it('lists the changes a gap filler would make, in order, with their arguments and lines, and answers its reads from the application', async () => {
    const path = join(CORPUS, 'gap_filler.py');
    const outcome = await run(path, readFileSync(path, 'utf8'));
    assert.equal(outcome.result.ok, true, JSON.stringify(outcome.result.error));
    assert.deepEqual(notSentOutline(outcome.notSent, outcome.reads, path), [
      '4 calls the reference server does not model, not sent (the script got null; what they would do is not known):',
      `  would call motion.data.object.trajectory.fill_trajectory(${lasiId}, "linear", {"end":14,"start":10}, null) — not sent (gap_filler.py:17)`,
      `  would call motion.data.object.trajectory.fill_trajectory(${lasiId}, "polynomial", {"end":80,"start":50}, null) — not sent (gap_filler.py:17)`,
      '  would call motion.gui.message.add_message("Filled 2 gaps", "", "info") — not sent (gap_filler.py:23)',
      '  would call motion.gui.terminal.write("gap filler: 2 filled, 0 failed") — not sent (gap_filler.py:24)',
    ]);
    assert.deepEqual(
      outcome.reads.map((read) => read.operation),
      ['motion.data.series._3d.get_gap_ranges'],
      'the selection is the snapshot’s (modelled); the gaps are the application’s answer',
    );
    assert.deepEqual(outcome.changes, [], 'nothing the reference server models changed');
  });

  it('marks a read made after a change not sent of its module as possibly different, in Lua too', async () => {
    const code = [
      'local id = 412',
      'motion.data.series._3d.set_sample(id, 5, { position = { 0, 0, 1000 }, residual = 0.5 })',
      'local sample = motion.data.series._3d.get_sample(id, 5)',
      'print(sample == nil)',
    ].join('\n');
    const outcome = await run('mark.lua', code);
    assert.equal(outcome.result.ok, true, JSON.stringify(outcome.result.error));
    assert.deepEqual(notSentOutline(outcome.notSent, outcome.reads, 'mark.lua'), [
      '1 call the reference server does not model, not sent (the script got null; what they would do is not known):',
      '  would call motion.data.series._3d.set_sample(412, 5, {"position":[0,0,1000],"residual":0.5}) — not sent (mark.lua:2)',
      'Read from the application after a call not sent, so possibly different when the script runs there:',
      '  motion.data.series._3d.get_sample(412, 5) (mark.lua:3), after motion.data.series._3d.set_sample(412, 5, {"position":[0,0,1000],"residual":0.5})',
    ]);
    assert.equal(outcome.output, 'true\n');
  });
});
