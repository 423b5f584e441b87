import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readSnapshot } from '../../../src/api/state/read-snapshot';
import type { AssistantContext } from '../../../src/runner/assistant/assistant-context';
import { readyToApply, Rehearsals, type Rehearsal } from '../../../src/runner/assistant/rehearsals';
import { scriptToRun } from '../../../src/runner/assistant/script-input';
import { ToolRefusal } from '../../../src/runner/assistant/tool-answer';
import { referenceServer } from '../../support/reference-server';
import { scratchFolder } from '../../support/scratch-folder';

const refusal = (pattern: RegExp) => (error: Error) => error instanceof ToolRefusal && pattern.test(error.message);

describe('the dry runs an assistant may apply', () => {
  const app = referenceServer({ per: 'suite' });
  const readScript = async () => 'print(1)\n';

  async function rehearsal(over: Partial<Omit<Rehearsal, 'id'>> = {}): Promise<Omit<Rehearsal, 'id'>> {
    const { state } = await readSnapshot(app.client);
    return {
      script: { path: '/w/tool.py', code: 'print(1)\n', language: 'python', args: [] },
      label: 'tool.py',
      startedFrom: { application: app.server.url },
      fromFile: true,
      ok: true,
      before: state,
      after: state,
      changes: [{ kind: 'changed', object: 'skeleton', path: ['Project settings', 'FullBody'], text: 'scale: 1 → 2' }],
      ...over,
    } as Omit<Rehearsal, 'id'>;
  }

  it('applies a run that finished with changes, from the application as it still is', async () => {
    const rehearsals = new Rehearsals();
    const { id } = rehearsals.add(await rehearsal());
    assert.match(id, /^[0-9a-f]{8}$/);
    const { rehearsal: found, now } = await readyToApply(rehearsals, id, app.client, readScript);
    assert.equal(found.id, id);
    assert.ok(now.skeletons.project.length > 0);
  });

  it('refuses a run that raised, and one that changes nothing', async () => {
    const rehearsals = new Rehearsals();
    const raised = rehearsals.add(await rehearsal({ ok: false }));
    await assert.rejects(
      readyToApply(rehearsals, raised.id, app.client, readScript),
      refusal(/stopped with an error: a script that raises is not applied/),
    );
    const idle = rehearsals.add(await rehearsal({ changes: [] }));
    await assert.rejects(
      readyToApply(rehearsals, idle.id, app.client, readScript),
      refusal(/found no change to make: there is nothing to apply/),
    );
  });

  it('refuses an unknown run, one from a snapshot file, one whose script changed, and one whose application did', async () => {
    const rehearsals = new Rehearsals();
    await assert.rejects(
      readyToApply(rehearsals, 'cafe0000', app.client, readScript),
      refusal(/^No dry run "cafe0000" was made here \(or it is one of more than 20 ago\)\. Dry-run the script again/),
    );
    const fromFile = rehearsals.add(await rehearsal({ startedFrom: { snapshot: 'stage.motion.json' } }));
    await assert.rejects(
      readyToApply(rehearsals, fromFile.id, app.client, readScript),
      refusal(/started from the snapshot stage\.motion\.json, not from the application/),
    );
    const edited = rehearsals.add(await rehearsal());
    await assert.rejects(
      readyToApply(rehearsals, edited.id, app.client, async () => 'print(2)\n'),
      refusal(/^tool\.py changed \(or is gone\) since the dry run [0-9a-f]{8}\. Dry-run the script again/),
    );
    await assert.rejects(
      readyToApply(rehearsals, edited.id, app.client, () => Promise.reject(new Error('gone'))),
      refusal(/changed \(or is gone\)/),
    );
    const stale = rehearsals.add(await rehearsal());
    const sk = app.client.settings.processing.skeleton;
    const body = (await sk.find_skeleton('project', 'FullBody'))!;
    await sk.set_skeleton_scale('project', body, 3);
    await sk.set_skeleton_name('project', body, 'Body');
    try {
      await assert.rejects(
        readyToApply(rehearsals, stale.id, app.client, readScript),
        refusal(
          /^The application is not in the state the dry run [0-9a-f]{8} started from \(Project settings › Body: name: "FullBody" → "Body" and 1 more\)\. Dry-run/,
        ),
      );
    } finally {
      await sk.set_skeleton_name('project', body, 'FullBody');
      await sk.set_skeleton_scale('project', body, 1);
    }
  });

  it('does not read the file of given code again', async () => {
    const rehearsals = new Rehearsals();
    const given = rehearsals.add(await rehearsal({ fromFile: false }));
    await readyToApply(rehearsals, given.id, app.client, () => Promise.reject(new Error('no file')));
  });

  it('keeps the last 20 runs: the 21st ago is forgotten', async () => {
    const rehearsals = new Rehearsals();
    const base = await rehearsal();
    const ids = Array.from({ length: 21 }, () => rehearsals.add(base).id);
    assert.equal(rehearsals.get(ids[0]), undefined);
    assert.ok(rehearsals.get(ids[1]));
    assert.ok(rehearsals.get(ids[20]));
  });
});

describe('the script a tool is given', () => {
  const scratch = scratchFolder('motion-script-input-', { per: 'suite' });
  before(() => writeFileSync(join(scratch.path, 'tool.lua'), 'print(1)\n'));
  const ctx = () =>
    ({
      folder: scratch.path,
      readScript: (path: string) => readFile(path, 'utf8'),
    }) as unknown as AssistantContext;

  it('a file by a path relative to the folder, its language from its extension', async () => {
    const script = await scriptToRun({ path: 'tool.lua' }, ctx());
    assert.deepEqual(script, {
      path: join(scratch.path, 'tool.lua'),
      code: 'print(1)\n',
      language: 'lua',
      label: 'tool.lua',
      fromFile: true,
    });
  });

  it('given code with its language, named in the folder', async () => {
    const script = await scriptToRun({ code: 'x = 1', language: 'python' }, ctx());
    assert.equal(script.path, join(scratch.path, 'assistant-script.py'));
    assert.equal(script.label, 'the given code');
    assert.equal(script.fromFile, false);
  });

  it('refuses what it cannot run, saying what to give', async () => {
    await assert.rejects(
      scriptToRun({}, ctx()),
      refusal(/^Give the script: path \(a \.py or \.lua file\) or code \(with language\)\.$/),
    );
    await assert.rejects(
      scriptToRun({ path: 'a.py', code: 'x' }, ctx()),
      refusal(/^Give either path or code, not both\.$/),
    );
    await assert.rejects(scriptToRun({ code: 'x' }, ctx()), refusal(/^Give language/));
    await assert.rejects(
      scriptToRun({ path: 'notes.txt' }, ctx()),
      refusal(/^notes\.txt is not a Python \(\.py\) or Lua \(\.lua\) script\.$/),
    );
    await assert.rejects(
      scriptToRun({ path: 'tool.lua', language: 'python' }, ctx()),
      refusal(/^tool\.lua is a Lua script, but language says python\.$/),
    );
    await assert.rejects(
      scriptToRun({ path: 'gone.py' }, ctx()),
      refusal(/^Cannot read gone\.py: there is no such file \(paths are relative to /),
    );
  });
});
