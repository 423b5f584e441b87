import assert from 'node:assert/strict';
import { MotionClient } from '../../src/api/client/motion-client';
import { DryRunGateway } from '../../src/runner/dry-run/dry-run-gateway';
import { startFakeApplication, type FakeApplication } from '../support/fake-application';
import { post } from '../support/gateway-post';
import { startTestServer, type TestServer } from '../support/test-server';

/** motion.testing.answer and calls: served by a test's gateway only. */
describe('motion.testing, served by the gateway of a test', function () {
  this.timeout(30_000);
  let reference: TestServer;
  let application: FakeApplication;
  let client: MotionClient;
  before(async () => {
    reference = await startTestServer();
    application = await startFakeApplication((_path, _body, _req, res) => void res.writeHead(200).end('100'));
    client = new MotionClient({ url: application.url });
  });
  after(async () => {
    await client.close();
    await application.close();
    await reference.close();
  });

  it('in a test: serves declared answers (for these arguments, else for any), lists every call, and refuses what cannot be answered', async () => {
    const gateway = await DryRunGateway.start(reference.url, { testing: true });
    const testing = (name: string, body: unknown) => post(gateway.url, `testing/${name}`, JSON.stringify(body));
    try {
      const range = { start: 0, end: 999 };
      assert.deepEqual(await testing('answer', ['motion.gui.timeline.get_measured_range', range]), {
        status: 200,
        body: null,
      });
      await testing('answer', ['motion.data.series.get_samples', [9], [{ id: 4 }]]);
      await testing('answer', ['motion.gui.timeline.get_frequency', 60, {}]); // Lua's empty table: no arguments
      assert.deepEqual((await post(gateway.url, 'gui/timeline/get_frequency', '[]')).body, 60);
      assert.equal((await post(gateway.url, 'gui/timeline/get_frequency', '[1]')).status, 404, 'other arguments');
      await testing('answer', ['motion.data.object.trajectory.add_trajectory', 17]);
      assert.deepEqual((await post(gateway.url, 'gui/timeline/get_measured_range', '[]')).body, range);
      assert.deepEqual((await post(gateway.url, 'data/series/get_samples', '[{"id": 4}]')).body, [9]);
      const undeclared = await post(gateway.url, 'data/series/get_samples', '[{"id": 5}]');
      assert.equal(undeclared.status, 404);
      assert.match(
        undeclared.body.error.message,
        /reads the application, and a test has none: start the test from a snapshot that recorded it .*, or answer it in the test with motion\.testing\.answer\("motion\.data\.series\.get_samples", value\)$/,
      );
      assert.deepEqual(
        (await post(gateway.url, 'data/object/trajectory/add_trajectory', '["LFHD"]')).body,
        17,
        'a change the test answered: its value',
      );
      await post(gateway.url, 'data/object/trajectory/set_label', '[3, "RFHD"]');
      await post(gateway.url, 'data/object/trajectory/set_label', '[4, "LFHD"]');
      await post(gateway.url, 'settings/processing/skeleton/get_skeleton_count', '["project"]');
      assert.deepEqual((await testing('calls', ['motion.data.object.trajectory.set_label'])).body, [
        [3, 'RFHD'],
        [4, 'LFHD'],
      ]);
      assert.deepEqual((await testing('calls', ['motion.settings.processing.skeleton.get_skeleton_count'])).body, [
        ['project'],
      ]);
      assert.deepEqual((await testing('calls', ['motion.gui.message.add_message'])).body, []);
      assert.deepEqual(
        gateway.notSent.map((c) => c.operation),
        [
          'motion.data.object.trajectory.add_trajectory',
          'motion.data.object.trajectory.set_label',
          'motion.data.object.trajectory.set_label',
        ],
      );
      const modelled = await testing('answer', ['motion.settings.processing.skeleton.get_skeleton_count', 3]);
      assert.equal(modelled.status, 400);
      assert.match(
        modelled.body.error.message,
        /is answered by the test's application from its state: start the test from a snapshot/,
      );
      assert.deepEqual(modelled.body.error.parameter, 'operation');
      const badName = await testing('calls', ['set_label']);
      assert.deepEqual(badName, {
        status: 400,
        body: {
          error: {
            code: 'invalid_argument',
            message:
              'operation must be an operation\'s full name, such as "motion.gui.timeline.get_measured_range", got "set_label"',
            operation: 'motion.testing.calls',
            parameter: 'operation',
          },
        },
      });
      assert.match((await testing('calls', [])).body.error.message, /, got null$/, 'none given');
      const badArgs = await testing('answer', ['motion.gui.timeline.get_measured_range', 1, 'x']);
      assert.deepEqual(badArgs, {
        status: 400,
        body: {
          error: {
            code: 'invalid_argument',
            message: 'args must be a list of the call\'s arguments (or left out: any call), got "x"',
            operation: 'motion.testing.answer',
            parameter: 'args',
          },
        },
      });
      const other = await testing('reset', []);
      assert.equal(other.body.error.code, 'unknown_operation');
      assert.match(
        other.body.error.message,
        /motion\.testing has answer\(operation, value\[, args\]\), calls\(operation\), load_script\(path\), messages\(\) and terminal\(\)$/,
      );
    } finally {
      await gateway.close();
    }
  });

  it('an answer for particular arguments wins over one for any call of the operation, whichever was declared first', async () => {
    const gateway = await DryRunGateway.start(reference.url, { testing: true });
    const testing = (name: string, body: unknown) => post(gateway.url, `testing/${name}`, JSON.stringify(body));
    try {
      // Any first, then particular.
      await testing('answer', ['motion.data.series.get_samples', ['any']]);
      await testing('answer', ['motion.data.series.get_samples', ['four'], [{ id: 4 }]]);
      // Particular first, then any.
      await testing('answer', ['motion.gui.timeline.get_frequency', 250, [1]]);
      await testing('answer', ['motion.gui.timeline.get_frequency', 100]);
      assert.deepEqual((await post(gateway.url, 'data/series/get_samples', '[{"id": 4}]')).body, ['four']);
      assert.deepEqual((await post(gateway.url, 'data/series/get_samples', '[{"id": 5}]')).body, ['any']);
      assert.deepEqual((await post(gateway.url, 'gui/timeline/get_frequency', '[1]')).body, 250);
      assert.deepEqual((await post(gateway.url, 'gui/timeline/get_frequency', '[2]')).body, 100);
      assert.deepEqual((await post(gateway.url, 'gui/timeline/get_frequency', '[]')).body, 100);
    } finally {
      await gateway.close();
    }
  });

  it('outside a test, motion.testing is refused and never listed as a change', async () => {
    const gateway = await DryRunGateway.start(reference.url, { application: client });
    try {
      const refused = await post(gateway.url, 'testing/answer', '["motion.gui.timeline.get_frequency", 1]');
      assert.equal(refused.status, 404);
      assert.equal(
        refused.body.error.message,
        'motion.testing.answer works in tests run by motion test or the Test Explorer',
      );
      assert.deepEqual(gateway.notSent, []);
    } finally {
      await gateway.close();
    }
  });
});
