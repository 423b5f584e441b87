import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { debugpyStatus } from '../../src/runner/debug/debugpy-check';
import {
  collectOutput,
  conditionalBreakpointAndLogPoint,
  DEBIAN_PYTHON,
  launchToException,
  localsOfTopFrame,
  startDebugClient,
  step,
  threadId,
  topFrame,
  motionLaunch,
  adapterTestbed,
} from '../support/debug-fixture';
import { SETTINGS } from '../support/test-server';

const SCRIPT = `import motion
skeletons = motion.settings.processing.skeleton

def add(name):
    new_id = skeletons.add_skeleton("project", name)
    return new_id

count = skeletons.get_skeleton_count("project")
print("before", count)
made = add("Debugged")
print("after", skeletons.get_skeleton_count("project"))
`;

const LOOP = `total = 0
for i in range(5):
    total += i
print(f"total {total}")  # one write: debugpy's log point output may come between a print's pieces
`;

const CAUGHT = `import motion
try:
    motion.settings.processing.skeleton.find_skeleton("nowhere", "x")
except motion.MotionError as error:
    print("caught", error.code)
print("done")
`;

describe('debugging Python scripts: debugpy under the motion adapter, against the reference server', function () {
  this.timeout(60_000);
  const bed = adapterTestbed('python-debug-adapter.js', { MOTION_DEBUG_PYTHON: DEBIAN_PYTHON }, () =>
    existsSync(DEBIAN_PYTHON),
  );

  const launch = (program: string, more: Record<string, unknown> = {}) => motionLaunch(program, bed.server.url, more);

  it('offers the motion exception filters, Raised MotionError among them', async () => {
    const response = await bed.client.initializeRequest();
    assert.deepEqual(
      response.body?.exceptionBreakpointFilters?.map((f) => f.filter),
      ['motionError', 'raised', 'uncaught'],
    );
  });

  it('stops at a breakpoint, shows locals and motion results, evaluates, steps over, in and out, and runs to the end', async () => {
    const program = bed.scripts.write('steps.py', SCRIPT);
    const output = collectOutput(bed.client);
    await bed.client.hitBreakpoint(launch(program), { path: program, line: 9 });
    const locals = await localsOfTopFrame(bed.client);
    assert.equal(locals.get('count')?.value, '2', 'the motion result is a plain value');
    const frame = await topFrame(bed.client);
    const evaluated = await bed.client.evaluateRequest({
      expression: 'count * 10',
      frameId: frame.id,
      context: 'repl',
    });
    assert.equal(evaluated.body.result, '20');
    const thread = await threadId(bed.client);

    await step(bed.client, 'next', 10);
    assert.match(output.text('stdout'), /before 2/);
    await step(bed.client, 'stepIn', 5);
    assert.equal((await topFrame(bed.client)).name, 'add');
    await step(bed.client, 'next', 6);
    const inAdd = await localsOfTopFrame(bed.client);
    assert.equal(inAdd.get('name')?.value, "'Debugged'");
    assert.match(inAdd.get('new_id')?.value ?? '', /^\d+$/);
    await step(bed.client, 'stepOut', 10);

    await Promise.all([bed.client.continueRequest({ threadId: thread }), bed.client.waitForEvent('terminated')]);
    assert.match(output.text('stdout'), /after 3/);
    assert.notEqual(
      await bed.server.ok(SETTINGS, 'find_skeleton', ['project', 'Debugged']),
      null,
      'the change is made',
    );
  });

  it('stops at a conditional breakpoint only when its condition holds, and writes log points', async () => {
    const program = bed.scripts.write('loop.py', LOOP);
    const output = await conditionalBreakpointAndLogPoint(bed.client, launch(program), program, {
      condition: 3,
      log: 4,
    });
    assert.match(output.text('stdout'), /total 10/);
  });

  it('stops where a MotionError is raised, even when the script catches it, with the filter on', async () => {
    const program = bed.scripts.write('caught.py', CAUGHT);
    await launchToException(bed.client, launch(program), ['motionError'], { path: program, line: 3 });
    const info = await bed.client.exceptionInfoRequest({ threadId: await threadId(bed.client) });
    assert.match(info.body.exceptionId, /MotionError/);
    assert.match(info.body.description ?? '', /nowhere/);
  });

  it('runs past a caught MotionError with the filter off', async () => {
    const program = bed.scripts.write('caught.py', CAUGHT);
    const output = collectOutput(bed.client);
    await Promise.all([
      bed.client.waitForEvent('initialized').then(async () => {
        await bed.client.setExceptionBreakpointsRequest({ filters: ['uncaught'] });
        await bed.client.configurationDoneRequest();
      }),
      bed.client.launch(launch(program)),
      bed.client.waitForEvent('terminated'),
    ]);
    assert.match(output.text('stdout'), /caught invalid_argument\s+done/);
  });
});

describe('debugging Python without debugpy', function () {
  before(async function () {
    // The python3 first on PATH here is a build without debugpy; on a machine where it has one, skip.
    if ((await debugpyStatus('python3')).installed) this.skip();
  });
  this.timeout(30_000);
  it('ends the session saying that debugpy is missing from that interpreter (python3, when none is named)', async () => {
    const client = await startDebugClient('python-debug-adapter.js', { MOTION_DEBUG_PYTHON: undefined });
    try {
      const output = collectOutput(client);
      const message = 'debugpy is not installed in python3; install it with: python3 -m pip install debugpy';
      await assert.rejects(
        () => client.initializeRequest(),
        (error: Error) => error.message === message,
      );
      // The adapter may end before the client listens; what it said by then is that message.
      assert.ok(['', `${message}\n`].includes(output.text('stderr')), output.text('stderr'));
    } finally {
      await client.stop();
    }
  });
});
