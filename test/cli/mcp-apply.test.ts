import assert from 'node:assert/strict';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { answerText as text, connectToMotionMcp } from '../support/mcp-client';
import { commandLine, descendants } from '../support/processes';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

describe('motion mcp --allow-apply: the changing tool applies only a script it dry-ran, unchanged, on an unchanged application', function () {
  this.timeout(120_000);
  // The server runs in the folder, and Windows removes no folder a process runs in: it stops first.
  const scratch = scratchFolder('motion-mcp-apply-', { per: 'suite', stopFirst: () => client?.close() });
  let reference: TestServer;
  let client: Client;
  let mcp: number;
  /** The interpreter motion mcp is given: Python, counting each start in python-runs.txt. */
  const python = () => join(scratch.path, 'counted-python');
  const pythonRuns = () => readFileSync(join(scratch.path, 'python-runs.txt'), 'utf8').split('\n').length - 1;
  const skeletonScale = async (name: string) =>
    reference.ok('settings.processing.skeleton', 'get_skeleton_scale', [
      'project',
      await reference.ok('settings.processing.skeleton', 'find_skeleton', ['project', name]),
    ]);
  const fullBodyScale = () => skeletonScale('FullBody');
  const scaleScript = (scale: number) =>
    `import motion\nsk = motion.settings.processing.skeleton\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), ${scale})\n`;
  const dryRunId = (answer: string) => /^Dry run ([0-9a-f]{8}) /.exec(answer)![1];
  before(async () => {
    reference = await startTestServer();
    writeFileSync(python(), `#!/bin/sh\necho started >> "${scratch.path}/python-runs.txt"\nexec python3 "$@"\n`);
    chmodSync(python(), 0o755);
    writeFileSync(join(scratch.path, 'python-runs.txt'), '');
    ({ client, pid: mcp } = await connectToMotionMcp(
      ['--url', reference.url, '--folder', scratch.path, '--allow-apply', '--python', python()],
      scratch.path,
    ));
  });
  after(async () => {
    await reference.close();
  });

  it('offers motion_apply_script, marked as changing the application', async () => {
    const apply = (await client.listTools()).tools.find((t) => t.name === 'motion_apply_script');
    assert.ok(apply);
    assert.equal(apply.annotations?.destructiveHint, true);
    assert.equal(apply.annotations?.readOnlyHint, false);
  });

  it('applies the dry run it gave, once; a second apply finds the application changed', async () => {
    writeFileSync(join(scratch.path, 'scale.py'), scaleScript(1.5));
    const dry = text(await client.callTool({ name: 'motion_dry_run_script', arguments: { path: 'scale.py' } }));
    assert.match(dry, /apply this dry run: motion_apply_script with dryRunId "[0-9a-f]{8}"/);
    assert.equal(await fullBodyScale(), 1, 'the dry run changed nothing');
    const id = dryRunId(dry);
    const applied = await client.callTool({ name: 'motion_apply_script', arguments: { dryRunId: id } });
    assert.equal(applied.isError, undefined, text(applied));
    assert.match(
      text(applied),
      new RegExp(`^Applied the dry run ${id}: scale\\.py ran against .* and made 1 change\\.\\n[^]*scale: 1 → 1\\.5`),
    );
    assert.deepEqual(applied.structuredContent, {
      ok: true,
      changes: [{ kind: 'changed', path: ['Project settings', 'FullBody'], text: 'scale: 1 → 1.5' }],
    });
    assert.doesNotMatch(text(applied), /Its output/, 'a script that prints nothing');
    assert.equal(await fullBodyScale(), 1.5);
    const twice = await client.callTool({ name: 'motion_apply_script', arguments: { dryRunId: id } });
    assert.equal(twice.isError, true);
    assert.match(
      text(twice),
      /not in the state the dry run .* started from \(.*scale: 1 → 1\.5\)\. Dry-run the script again/,
    );
    assert.equal(await fullBodyScale(), 1.5);
  });

  it('refuses a script edited since its dry run, an unknown id, and a run from a snapshot', async () => {
    writeFileSync(join(scratch.path, 'scale.py'), scaleScript(2));
    const id = dryRunId(
      text(await client.callTool({ name: 'motion_dry_run_script', arguments: { path: 'scale.py' } })),
    );
    writeFileSync(join(scratch.path, 'scale.py'), scaleScript(3));
    const edited = await client.callTool({ name: 'motion_apply_script', arguments: { dryRunId: id } });
    assert.equal(edited.isError, true);
    assert.match(text(edited), /scale\.py changed \(or is gone\) since the dry run/);
    const unknown = await client.callTool({ name: 'motion_apply_script', arguments: { dryRunId: 'feedbeef' } });
    assert.match(text(unknown), /No dry run "feedbeef" was made here/);
    await client.callTool({ name: 'motion_take_snapshot', arguments: { output: 'now.motion.json' } });
    const fromFile = dryRunId(
      text(
        await client.callTool({
          name: 'motion_dry_run_script',
          arguments: { path: 'scale.py', snapshot: 'now.motion.json' },
        }),
      ),
    );
    const refused = await client.callTool({ name: 'motion_apply_script', arguments: { dryRunId: fromFile } });
    assert.match(text(refused), /started from the snapshot now\.motion\.json, not from the application/);
    assert.equal(await fullBodyScale(), 1.5, 'nothing was applied');
  });

  const dryRun = async (path: string) =>
    text(await client.callTool({ name: 'motion_dry_run_script', arguments: { path } }));

  it('runs a Python script in the interpreter it was given, says what it printed, and leaves no process behind', async () => {
    writeFileSync(
      join(scratch.path, 'wand.py'),
      `import sys\n${scaleScript(1).replace('"FullBody"', '"Wand"').replace(', 1)', ', 0.5)')}print("Wand halved", sys.argv[1:])\n`,
    );
    const id = dryRunId(await dryRun('wand.py'));
    const before = pythonRuns();
    const applied = await client.callTool({ name: 'motion_apply_script', arguments: { dryRunId: id } });
    assert.equal(applied.isError, undefined, text(applied));
    assert.equal(pythonRuns(), before + 1, 'applied in the interpreter motion mcp was started with');
    assert.match(text(applied), /made 1 change\.\n[^]*scale: 1 → 0\.5\nIts output:\nWand halved \[\]\n?$/);
    assert.equal(await skeletonScale('Wand'), 0.5);
    assert.deepEqual(
      descendants(mcp)
        .map(commandLine)
        .filter((line) => /python|lua|motion-server/.test(line)),
      [],
      'the script’s session ended with the apply',
    );
  });

  it('applies a Lua script in Lua, with its output', async () => {
    writeFileSync(
      join(scratch.path, 'wand.lua'),
      'local sk = motion.settings.processing.skeleton\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "Wand"), 3)\nprint("Wand tripled")\n',
    );
    const id = dryRunId(await dryRun('wand.lua'));
    const before = pythonRuns();
    const applied = await client.callTool({ name: 'motion_apply_script', arguments: { dryRunId: id } });
    assert.equal(applied.isError, undefined, text(applied));
    assert.match(text(applied), /^Applied the dry run [0-9a-f]{8}: wand\.lua ran against .* and made 1 change\./);
    assert.match(text(applied), /Its output:\nWand tripled/);
    assert.equal(pythonRuns(), before, 'no Python for a Lua script');
    assert.equal(await skeletonScale('Wand'), 3);
  });

  it('says which changes a script made before it raised, when for real it went another way than in its dry run', async () => {
    // The script reads a file of the user's: "ok" during the dry run, "stop" when applied.
    writeFileSync(join(scratch.path, 'mode.txt'), 'ok');
    writeFileSync(
      join(scratch.path, 'two_steps.py'),
      `${scaleScript(2)}if open("mode.txt").read() == "stop":\n    raise RuntimeError("told to stop")\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "Wand"), 4)\n`,
    );
    const id = dryRunId(await dryRun('two_steps.py'));
    writeFileSync(join(scratch.path, 'mode.txt'), 'stop');
    const [fullBody, wand] = [await fullBodyScale(), await skeletonScale('Wand')];
    const applied = await client.callTool({ name: 'motion_apply_script', arguments: { dryRunId: id } });
    assert.equal(applied.isError, true);
    assert.match(
      text(applied),
      /and made 1 change before it raised RuntimeError: told to stop\.\n[^]*scale: [\d.]+ → 2$/m,
    );
    assert.deepEqual((applied.structuredContent as { ok: boolean }).ok, false);
    assert.equal(await fullBodyScale(), 2, fullBody === 2 ? 'the test needs another scale' : 'the first change made');
    assert.equal(await skeletonScale('Wand'), wand, 'the second never made');
  });

  it('cuts a diff of more than 200 lines, saying so', async () => {
    writeFileSync(
      join(scratch.path, 'many.py'),
      'import motion\nfor i in range(205):\n    motion.settings.processing.skeleton.add_skeleton("project", f"Extra {i}")\n',
    );
    const applied = text(
      await client.callTool({
        name: 'motion_apply_script',
        arguments: { dryRunId: dryRunId(await dryRun('many.py')) },
      }),
    );
    assert.match(applied, /made 205 changes\./);
    const lines = applied.split('\n');
    assert.equal(lines.length, 1 + 200 + 1, applied.slice(-300));
    assert.match(lines[lines.length - 1], /the diff is cut here/);
  });
});
