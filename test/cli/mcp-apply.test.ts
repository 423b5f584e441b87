import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { answerText as text, connectToMotionMcp } from '../support/mcp-client';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

describe('motion mcp --allow-apply: the changing tool applies only a script it dry-ran, unchanged, on an unchanged application', function () {
  this.timeout(120_000);
  const scratch = scratchFolder('motion-mcp-apply-', { per: 'suite' });
  let reference: TestServer;
  let client: Client;
  const fullBodyScale = async () =>
    reference.ok('settings.processing.skeleton', 'get_skeleton_scale', [
      'project',
      await reference.ok('settings.processing.skeleton', 'find_skeleton', ['project', 'FullBody']),
    ]);
  const scaleScript = (scale: number) =>
    `import motion\nsk = motion.settings.processing.skeleton\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), ${scale})\n`;
  const dryRunId = (answer: string) => /^Dry run ([0-9a-f]{8}) /.exec(answer)![1];
  before(async () => {
    reference = await startTestServer();
    ({ client } = await connectToMotionMcp(
      ['--url', reference.url, '--folder', scratch.path, '--allow-apply'],
      scratch.path,
    ));
  });
  after(async () => {
    await client.close();
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
});
