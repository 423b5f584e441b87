import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliAssistantContext } from '../../../src/cli/mcp/cli-assistant-context';
import { ASSISTANT_TOOLS, invokeTool } from '../../../src/runner/assistant/assistant-tools';
import { MotionClient } from '../../../src/api/client/motion-client';
import { startWholeInterface } from '../../support/whole-interface-application';
import { referenceServer } from '../../support/reference-server';
import { scratchFolder } from '../../support/scratch-folder';

const SERVER_SCRIPT = resolve(__dirname, '../../../dist/motion-server.js');
const takeSnapshot = ASSISTANT_TOOLS.find((t) => t.name === 'motion_take_snapshot')!;

describe('taking a snapshot for an assistant, at its edges', function () {
  this.timeout(60_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-take-snapshot-', { per: 'test' });
  let context: ReturnType<typeof cliAssistantContext> & { serverScript: string };
  beforeEach(() => {
    context = {
      ...cliAssistantContext(
        { url: app.server.url, timeoutMs: 5000, json: false },
        { folder: scratch.path, python: 'no-such-python', allowApply: false },
      ),
      serverScript: SERVER_SCRIPT,
    };
  });
  afterEach(() => context.close());
  const take = (input: unknown) => invokeTool(takeSnapshot, input, context);

  it('writes the state alone when no script is given, and says nothing of answers', async () => {
    const { text, data, failed } = await take({ output: 'stage.motion.json' });
    assert.equal(failed, undefined, text);
    assert.match(
      text,
      /^Wrote stage\.motion\.json: .*skeleton.*, from version \d+\.\d+\.\d+ at http:\/\/127\.0\.0\.1:\d+\. Give it as snapshot to motion_dry_run_script or motion_run_script_tests to work without the application\.$/,
    );
    assert.deepEqual(data, { file: 'stage.motion.json', answers: 0, documentation: false });
    assert.ok(existsSync(join(scratch.path, 'stage.motion.json')));
  });

  it('a file that is not .json, or one that exists, is refused; overwrite replaces it', async () => {
    const notJson = await take({ output: 'stage.json.txt' });
    assert.match(notJson.text, /output: a snapshot file ends with \.json \(e\.g\. fixtures\/stage\.motion\.json\)/);
    writeFileSync(join(scratch.path, 'kept.motion.json'), 'mine');
    const exists = await take({ output: 'kept.motion.json' });
    assert.deepEqual(exists, {
      text: 'kept.motion.json exists: give overwrite: true to replace it, or another output.',
      failed: true,
    });
    assert.equal(readFileSync(join(scratch.path, 'kept.motion.json'), 'utf8'), 'mine');
    const replaced = await take({ output: 'kept.motion.json', overwrite: true });
    assert.match(replaced.text, /^Wrote kept\.motion\.json: /);
    assert.notEqual(readFileSync(join(scratch.path, 'kept.motion.json'), 'utf8'), 'mine');
  });

  it('records a Lua script’s reads in Lua, counting one answer as one, with the documentation', async () => {
    const application = await startWholeInterface(app.server.url, {
      'motion.gui.timeline.get_measured_range': { start: 0, end: 999 },
    });
    const client = new MotionClient({ url: application.url });
    const whole = { ...context, client: () => client };
    try {
      // The Python interpreter named is none: a Lua script needs none.
      writeFileSync(
        join(scratch.path, 'one_read.lua'),
        'local range = motion.gui.timeline.get_measured_range()\nprint(motion.settings.processing.skeleton.get_skeleton_ids("project"))\n',
      );
      const { text, data } = await invokeTool(
        takeSnapshot,
        { output: 'lua.motion.json', record: 'one_read.lua' },
        whole,
      );
      assert.match(
        text,
        /, keeping the application's documentation and 1 answer to the reads of one_read\.lua\. Give it/,
      );
      assert.deepEqual(data, { file: 'lua.motion.json', answers: 1, documentation: true });
    } finally {
      await client.close();
      await application.close();
    }
  });

  it('a script that fails writes nothing, and says why', async () => {
    writeFileSync(join(scratch.path, 'fails.lua'), 'error("not today")\n');
    const { text, failed } = await take({ output: 'failed.motion.json', record: 'fails.lua' });
    assert.equal(failed, true);
    assert.match(text, /^Nothing was written: .*not today/);
    assert.ok(!existsSync(join(scratch.path, 'failed.motion.json')));
  });

  it('a script whose reads the reference server answers itself records none; a Python script runs in the host’s interpreter', async () => {
    writeFileSync(
      join(scratch.path, 'modelled.lua'),
      'print(#motion.settings.processing.skeleton.get_skeleton_ids("project"))\n',
    );
    const { text, data } = await take({ output: 'modelled.motion.json', record: 'modelled.lua' });
    assert.match(text, / and 0 answers to the reads of modelled\.lua\. Give it/);
    assert.equal(data?.answers, 0);
    // The host names an interpreter that does not exist: the recording says it could not start it.
    writeFileSync(join(scratch.path, 'modelled.py'), 'import motion\n');
    const python = await take({ output: 'python.motion.json', record: 'modelled.py' });
    assert.equal(python.failed, true);
    assert.equal(
      python.text,
      'motion_take_snapshot could not finish: the Python interpreter "no-such-python" was not found.',
    );
  });
});
