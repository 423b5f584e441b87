import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { MotionClient } from '../../src/api/client/motion-client';
import { RecordedAnswers } from '../../src/api/state/recorded-answers';
import { DryRunGateway } from '../../src/runner/dry-run/dry-run-gateway';
import { startFakeApplication, type FakeApplication } from '../support/fake-application';
import { freePort } from '../support/free-port';
import { startTestServer, type TestServer } from '../support/test-server';

/** The application's refusal of get_measured_range, as the gateway passes it on (and replays it). */
const NO_MEASUREMENT = {
  status: 400,
  body: {
    error: { code: 'invalid_argument', message: 'no measurement', operation: 'motion.gui.timeline.get_measured_range' },
  },
};

import { post } from '../support/gateway-post';

describe('the dry run’s gateway, asked directly', function () {
  this.timeout(30_000);
  let reference: TestServer;
  let application: FakeApplication;
  let client: MotionClient;
  before(async () => {
    reference = await startTestServer();
    application = await startFakeApplication((path, _body, _req, res) => {
      if (path.endsWith('/gui/timeline/get_frequency/')) return void res.writeHead(200).end('100');
      if (path.endsWith('/utilities/documentation/get_package_name/')) return void res.writeHead(200).end('"motion"');
      if (path.endsWith('/utilities/documentation/get_module_brief/')) return void res.writeHead(200).end('"The GUI."');
      if (path.endsWith('/gui/timeline/get_trace_range/'))
        return void res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(
            '{"error": {"code": "invalid_argument", "message": "no trace", "operation": "motion.gui.timeline.get_trace_range", "parameter": "frame"}}',
          );
      if (path.endsWith('/gui/timeline/get_measured_range/'))
        return void res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(
            '{"error": {"code": "invalid_argument", "message": "no measurement", "operation": "motion.gui.timeline.get_measured_range"}}',
          );
      res.writeHead(404).end();
    });
    client = new MotionClient({ url: application.url });
  });
  after(async () => {
    await client.close();
    await application.close();
    await reference.close();
  });

  it('sends what the reference server models to it, a read it does not model to the application, and holds back a change', async () => {
    const gateway = await DryRunGateway.start(reference.url, { application: client });
    try {
      assert.deepEqual(await post(gateway.url, 'settings/processing/skeleton/get_skeleton_count', '["project"]'), {
        status: 200,
        body: 2,
      });
      assert.deepEqual(await post(gateway.url, 'gui/timeline/get_frequency', '', 'tool.py:4'), {
        status: 200,
        body: 100,
      });
      assert.deepEqual(await post(gateway.url, 'gui/message/add_message', '["a", "", "info"]', 'tool.py:5'), {
        status: 200,
        body: null,
      });
      assert.deepEqual(await post(gateway.url, 'gui/terminal/write', '"one value"'), { status: 200, body: null });
      assert.deepEqual(gateway.notSent, [
        { operation: 'motion.gui.message.add_message', args: ['a', '', 'info'], caller: 'tool.py:5' },
        { operation: 'motion.gui.terminal.write', args: ['one value'] },
      ]);
      assert.deepEqual(gateway.reads, [
        { operation: 'motion.gui.timeline.get_frequency', args: [], caller: 'tool.py:4' },
      ]);
      assert.ok(
        !application.requests.some((path) => /add_message|write/.test(path)),
        'no change reached the application',
      );
    } finally {
      await gateway.close();
    }
  });

  it('serves a module the snapshot could not read as one it does not model: reads to the application, changes held back', async () => {
    const gateway = await DryRunGateway.start(reference.url, {
      application: client,
      lacking: ['motion.settings.processing.skeleton'],
    });
    try {
      application.requests.length = 0;
      // The application has no such operation: its answer, not the private server's empty one.
      assert.equal(
        (await post(gateway.url, 'settings/processing/skeleton/get_skeleton_count', '["project"]')).status,
        404,
      );
      assert.deepEqual(
        await post(gateway.url, 'settings/processing/skeleton/set_skeleton_scale', '["project", 1, 2]'),
        {
          status: 200,
          body: null,
        },
      );
      assert.deepEqual(gateway.notSent, [
        { operation: 'motion.settings.processing.skeleton.set_skeleton_scale', args: ['project', 1, 2] },
      ]);
      assert.deepEqual(application.requests, [
        '/api/scripting/motion/settings/processing/skeleton/get_skeleton_count/',
      ]);
      // Another module the snapshot has still goes to the private server.
      assert.deepEqual(await post(gateway.url, 'data/object/bone/get_bone_count', ''), {
        status: 200,
        body: reference.server.model.bones().length,
      });
    } finally {
      await gateway.close();
    }
  });

  it('never swaps the application’s documentation for the reference server’s when the application refuses a read of it', async () => {
    const starting = await startFakeApplication((path, _body, _req, res) => {
      if (path.endsWith('/utilities/documentation/get_module_brief/'))
        return void res
          .writeHead(503, { 'content-type': 'application/json' })
          .end(
            '{"error": {"code": "starting", "message": "the documentation is not ready", "operation": "motion.utilities.documentation.get_module_brief"}}',
          );
      res.writeHead(404).end();
    });
    const startingClient = new MotionClient({ url: starting.url });
    const gateway = await DryRunGateway.start(reference.url, { application: startingClient });
    try {
      // The application answered, with a refusal: the script hears it, not the reference server's brief.
      const brief = await post(gateway.url, 'utilities/documentation/get_module_brief', '"motion.gui"');
      assert.equal(brief.status, 503);
      assert.match(JSON.stringify(brief.body), /the documentation is not ready/);
      // An application without the operation (404) has no answer to give: the reference server's is the one there is.
      assert.deepEqual(await post(gateway.url, 'utilities/documentation/get_package_name', '[]'), {
        status: 200,
        body: 'motion',
      });
    } finally {
      await gateway.close();
      await startingClient.close();
      await starting.close();
    }
  });

  it('serves the documentation read before the run, as the application gave it', async () => {
    const documentation = { name: 'motion', modules: [] };
    const gateway = await DryRunGateway.start(reference.url, { application: client, documentation });
    try {
      application.requests.length = 0;
      assert.deepEqual(await post(gateway.url, 'utilities/documentation/get_package_documentation', '[]'), {
        status: 200,
        body: documentation,
      });
      assert.deepEqual(application.requests, [], 'not asked again');
      assert.deepEqual(gateway.answered.list(), [
        { operation: 'motion.utilities.documentation.get_package_documentation', args: [], answer: documentation },
      ]);
    } finally {
      await gateway.close();
    }
  });

  it('passes on the application’s refusal of a read, and says when it cannot reach it', async () => {
    const gateway = await DryRunGateway.start(reference.url, { application: client });
    const away = new MotionClient({ url: `http://127.0.0.1:${await freePort()}` });
    const offline = await DryRunGateway.start(reference.url, { application: away });
    try {
      assert.deepEqual(await post(gateway.url, 'gui/timeline/get_measured_range', '[]'), NO_MEASUREMENT);
      const unreachable = await post(offline.url, 'gui/timeline/get_frequency', '[]');
      assert.equal(unreachable.status, 502);
      assert.equal(unreachable.body.error.code, 'unreachable');
      assert.match(
        unreachable.body.error.message,
        /^the application could not answer motion\.gui\.timeline\.get_frequency: nothing is listening/,
      );
      // The documentation, with the application away: the reference server's.
      const documentation = await post(offline.url, 'utilities/documentation/get_package_name', '[]');
      assert.deepEqual(documentation, { status: 200, body: 'motion' });
    } finally {
      await gateway.close();
      await offline.close();
      await away.close();
    }
  });

  it('without an application, refuses a read it does not model, naming it; a body that is not JSON is the reference server’s to refuse', async () => {
    const gateway = await DryRunGateway.start(reference.url);
    try {
      assert.deepEqual(await post(gateway.url, 'gui/timeline/get_frequency', '[]'), {
        status: 404,
        body: {
          error: {
            code: 'not_recorded',
            message:
              'motion.gui.timeline.get_frequency() reads the application, and the dry run has none to ask: run it with the application connected, or from a snapshot that recorded it (motion snapshot --record SCRIPT -o FILE, the application connected)',
            operation: 'motion.gui.timeline.get_frequency',
          },
        },
      });
      const broken = await post(gateway.url, 'gui/message/add_message', '["a", ');
      assert.equal(broken.status, 400, 'refused by the reference server, which documents it: the body is no JSON');
      assert.equal(broken.body.error.code, 'bad_request');
      assert.deepEqual(gateway.notSent, [], 'a call that is not one is not listed');
    } finally {
      await gateway.close();
    }
  });

  it('keeps what the application answered, refusals and documentation included, and not what never reached it', async () => {
    const gateway = await DryRunGateway.start(reference.url, { application: client });
    try {
      await post(gateway.url, 'gui/timeline/get_frequency', '[]');
      await post(gateway.url, 'gui/timeline/get_frequency', '[]');
      await post(gateway.url, 'utilities/documentation/get_package_name', '');
      await post(gateway.url, 'gui/timeline/get_measured_range', '[]');
      await post(gateway.url, 'gui/message/add_message', '["a", "", "info"]');
      await post(gateway.url, 'settings/processing/skeleton/get_skeleton_count', '["project"]');
      assert.deepEqual(gateway.answered.list(), [
        { operation: 'motion.gui.timeline.get_frequency', args: [], answer: 100 },
        { operation: 'motion.utilities.documentation.get_package_name', args: [], answer: 'motion' },
        {
          operation: 'motion.gui.timeline.get_measured_range',
          args: [],
          error: { code: 'invalid_argument', message: 'no measurement', status: 400 },
        },
      ]);
    } finally {
      await gateway.close();
    }
  });

  it('replays recorded answers offline, in any order, as often as asked, whatever order an object’s keys came in', async () => {
    const recorded = new RecordedAnswers('tools/gap_fill.py', [
      { operation: 'motion.gui.timeline.get_frequency', args: [], answer: 250 },
      { operation: 'motion.data.series.get_samples', args: [{ id: 4, from: 0 }], answer: [1, 2] },
      {
        operation: 'motion.gui.timeline.get_measured_range',
        args: [],
        error: { code: 'invalid_argument', message: 'no measurement', status: 400 },
      },
      { operation: 'motion.utilities.documentation.get_package_name', args: [], answer: 'motion' },
    ]);
    const gateway = await DryRunGateway.start(reference.url, { recorded });
    try {
      assert.deepEqual(await post(gateway.url, 'data/series/get_samples', '[{"from": 0, "id": 4}]'), {
        status: 200,
        body: [1, 2],
      });
      for (let i = 0; i < 2; i++)
        assert.deepEqual(await post(gateway.url, 'gui/timeline/get_frequency', ''), { status: 200, body: 250 });
      assert.deepEqual(await post(gateway.url, 'gui/timeline/get_measured_range', '[]'), NO_MEASUREMENT);
      const other = await post(gateway.url, 'data/series/get_samples', '[{"from": 1, "id": 4}]');
      assert.equal(other.status, 404);
      assert.equal(
        other.body.error.message,
        'motion.data.series.get_samples({"from":1,"id":4}) was not recorded in the snapshot: take the snapshot again with the script that makes it (motion snapshot --record tools/gap_fill.py -o FILE, the application connected)',
      );
      assert.equal(gateway.reads.length, 5, 'each read is listed, answered or not');
      assert.deepEqual(gateway.answered.list(), [], 'a replay records nothing new');
    } finally {
      await gateway.close();
    }
  });

  it('says so when the private server is gone, and passes a documentation read of one value as a list of one', async () => {
    const gone = await DryRunGateway.start(`http://127.0.0.1:${await freePort()}`);
    const gateway = await DryRunGateway.start(reference.url, { application: client });
    try {
      const refused = await post(gone.url, 'settings/processing/skeleton/get_skeleton_count', '["project"]');
      assert.equal(refused.status, 502);
      assert.equal(refused.body.error.code, 'unreachable');
      assert.match(
        refused.body.error.message,
        /^the dry run's private server could not answer motion\.settings\.processing\.skeleton\.get_skeleton_count: .*ECONNREFUSED/,
      );
      assert.equal(refused.body.error.operation, 'motion.settings.processing.skeleton.get_skeleton_count');
      application.requests.length = 0;
      const one = await post(gateway.url, 'utilities/documentation/get_module_brief', '"motion.gui"');
      assert.deepEqual(one, { status: 200, body: 'The GUI.' });
      assert.ok(application.requests.some((path) => path.endsWith('/utilities/documentation/get_module_brief/')));
      assert.deepEqual(
        gateway.answered.list().find((a) => a.operation.endsWith('get_module_brief'))?.args,
        ['motion.gui'],
        'one value is the call’s one argument',
      );
    } finally {
      await gone.close();
      await gateway.close();
    }
  });

  it('answers as JSON, says JSON, and listens on loopback only', async () => {
    const gateway = await DryRunGateway.start(reference.url, { application: client });
    try {
      const port = Number(new URL(gateway.url).port);
      const modelled = await post(gateway.url, 'settings/processing/skeleton/get_skeleton_count', '["project"]');
      const passed = await post(gateway.url, 'gui/timeline/get_frequency', '[]');
      const held = await post(gateway.url, 'gui/message/add_message', '["a", "", "info"]');
      for (const answer of [modelled, passed, held]) assert.match(answer.type ?? '', /^application\/json/);
      // /proc/net/tcp lists the listening sockets: 0100007F is 127.0.0.1; 00000000 or tcp6 would be every interface.
      const listening = readFileSync('/proc/net/tcp', 'utf8')
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((f) => f[3] === '0A' && parseInt(f[1].split(':')[1], 16) === port);
      assert.deepEqual(
        listening.map((f) => f[1].split(':')[0]),
        ['0100007F'],
      );
      const six = readFileSync('/proc/net/tcp6', 'utf8');
      assert.ok(
        !six.split('\n').some((line) =>
          line
            .trim()
            .split(/\s+/)[1]
            ?.endsWith(`:${port.toString(16).toUpperCase().padStart(4, '0')}`),
        ),
        'not on IPv6',
      );
    } finally {
      await gateway.close();
    }
  });

  it('a body of blanks is no arguments; the latest change not sent of a module is the one a read may depend on', async () => {
    const gateway = await DryRunGateway.start(reference.url, { application: client });
    try {
      assert.deepEqual(await post(gateway.url, 'gui/timeline/get_frequency', '  \n'), { status: 200, body: 100 });
      await post(gateway.url, 'gui/timeline/set_current_frame', '[1]');
      await post(gateway.url, 'gui/timeline/set_selected_range', '[{"start": 0, "end": 1}]');
      await post(gateway.url, 'gui/timeline/get_frequency', '[]');
      assert.equal(gateway.reads.at(-1)!.mayDependOn, 'motion.gui.timeline.set_selected_range({"end":1,"start":0})');
      const outside = await post(gateway.url, 'testing/calls', '["motion.gui.timeline.set_current_frame"]');
      assert.equal(outside.body.error.code, 'unknown_operation');
    } finally {
      await gateway.close();
    }
  });

  it('asks the application as a read: a client that records changes (Record as Script) sees none', async () => {
    const changes: string[] = [];
    const recording = new MotionClient({
      url: application.url,
      aroundWrite: (write, send) => (changes.push(`${write.module}.${write.operation}`), send()),
    });
    const gateway = await DryRunGateway.start(reference.url, { application: recording });
    try {
      assert.equal((await post(gateway.url, 'gui/timeline/get_frequency', '[]')).body, 100);
      await post(gateway.url, 'utilities/documentation/get_package_name', '[]');
      assert.deepEqual(changes, []);
    } finally {
      await gateway.close();
      await recording.close();
    }
  });

  it('keeps the parameter an application’s refusal names; a recording of no script named says to record one', async () => {
    const gateway = await DryRunGateway.start(reference.url, { application: client });
    const unnamed = await DryRunGateway.start(reference.url, { recorded: new RecordedAnswers(undefined, []) });
    const gone = await DryRunGateway.start(`http://127.0.0.1:${await freePort()}`);
    try {
      assert.equal((await post(gateway.url, 'gui/timeline/get_trace_range', '[]')).body.error.parameter, 'frame');
      assert.deepEqual(gateway.answered.list()[0], {
        operation: 'motion.gui.timeline.get_trace_range',
        args: [],
        error: { code: 'invalid_argument', message: 'no trace', parameter: 'frame', status: 400 },
      });
      assert.equal(
        (await post(unnamed.url, 'gui/timeline/get_frequency', '[]')).body.error.message,
        'motion.gui.timeline.get_frequency() was not recorded in the snapshot: take the snapshot again with a script that makes it (motion snapshot --record SCRIPT -o FILE, the application connected)',
      );
      const nowhere = await new Promise<{ status: number; body: any }>((resolve, reject) => {
        const out = request(`${gone.url}/api/scripting/motion/`, { method: 'POST' }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        });
        out.on('error', reject);
        out.end('[]');
      });
      assert.equal(nowhere.status, 502);
      assert.match(
        nowhere.body.error.message,
        /^the dry run's private server could not answer: .*ECONNREFUSED/,
        'no operation to name',
      );
    } finally {
      await gateway.close();
      await unnamed.close();
      await gone.close();
    }
  });
});
