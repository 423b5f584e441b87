import assert from 'node:assert/strict';
import type { MotionClient } from '../../src/api/client/motion-client';
import * as edits from '../../src/extension/skeletons-view/edit-operations';
import type { Prompts } from '../../src/extension/questions';
import type { ExplorerData } from '../../src/extension/skeletons-view/explorer-data';
import { explorerPath } from '../support/explorer-path';
import { demoApplicationPerTest } from '../support/demo-application';

/**
 * What the edit commands say to the user, word for word: every question, its actions, the values
 * offered, what each validation answers, and what the change is called in the history. Answers
 * come from a list, in order.
 */
function dialogue(answers: unknown[]) {
  const said: unknown[] = [];
  const validators: ((value: string) => string | undefined)[] = [];
  const prompts: Prompts = {
    input: async ({ prompt, value, validate }) => {
      said.push({ input: prompt, value });
      validators.push(validate);
      return answers.shift() as string | undefined;
    },
    decide: async <A extends string>(message: string, actions: A[], detail?: string) => {
      said.push({ decide: message, actions, detail });
      return answers.shift() as A | undefined;
    },
    pick: async <T>(placeholder: string, items: { label: string; description?: string; value: T }[]) => {
      said.push({ pick: placeholder, items: items.map((i) => [i.label, i.description, i.value]) });
      return answers.shift() as T | undefined;
    },
  };
  /** What the last input box's validation says of each value. */
  const checks = (...values: string[]) => values.map((v) => validators.at(-1)!(v));
  return { prompts, said, checks };
}

describe('what the edit commands ask and say (logic, real server)', () => {
  const app = demoApplicationPerTest();
  let client: MotionClient;
  let data: ExplorerData;
  const find = (...labels: string[]) => explorerPath(data, labels);
  const api = () => client.settings.processing.skeleton;

  beforeEach(() => ({ client, data } = app));

  it('Add Skeleton: a name that is not blank; a clash offers another free name or Replace', async () => {
    const d = dialogue(['Bob']);
    const added = await edits.addSkeleton(client, d.prompts, await find('Project settings'));
    assert.deepEqual(d.said, [{ input: 'Name of the new skeleton', value: undefined }]);
    assert.deepEqual(d.checks('', '   ', 'Bob'), [
      'The name must not be empty.',
      'The name must not be empty.',
      undefined,
    ]);
    assert.match(added.message!, /^Added skeleton Bob \(\d+\)\.$/);
    assert.equal(added.change!.description, 'Add skeleton "Bob"');
    assert.equal(added.change!.where, 'Project settings');

    await api().add_skeleton('project', 'Bob 2');
    const clash = dialogue(['Bob', 'Use Another Name…', 'Bob 4']);
    const other = await edits.addSkeleton(client, clash.prompts, await find('Project settings'));
    assert.deepEqual(clash.said, [
      { input: 'Name of the new skeleton', value: undefined },
      {
        decide: 'A skeleton named "Bob" is already in the project settings.',
        actions: ['Use Another Name…', 'Replace'],
        detail: 'Replace deletes the existing "Bob" and all its segments (Undo brings it back).',
      },
      { input: 'New name for the skeleton (the project settings have a "Bob")', value: 'Bob 3' },
    ]);
    assert.deepEqual(clash.checks('', 'Bob', 'Bob 2', 'Bob 3'), [
      'The name must not be empty.',
      'The project settings already have a skeleton named "Bob".',
      'The project settings already have a skeleton named "Bob 2".',
      undefined,
    ]);
    assert.equal(other.change!.description, 'Add skeleton "Bob 4"');

    const replace = dialogue(['Bob', 'Replace']);
    const replaced = await edits.addSkeleton(client, replace.prompts, await find('Project settings'));
    assert.equal(replaced.change!.description, 'Add skeleton "Bob" (replacing the one of that name)');
    for (const cancel of [[undefined], ['Bob', undefined], ['Bob', 'Use Another Name…', undefined]]) {
      const before = await api().get_skeleton_count('project');
      const cancelled = dialogue([...cancel]);
      assert.deepEqual(await edits.addSkeleton(client, cancelled.prompts, await find('Project settings')), {
        changed: false,
      });
      assert.equal(cancelled.said.length, cancel.length, `cancelled at step ${cancel.length}: nothing more asked`);
      assert.equal(
        await api().get_skeleton_count('project'),
        before,
        `cancelled at step ${cancel.length}: nothing added`,
      );
    }
  });

  it('Rename, Scale and Delete Skeleton: offered values, checks, questions and history names', async () => {
    const rename = dialogue(['Stick']);
    const renamed = await edits.renameSkeleton(client, rename.prompts, await find('Project settings', 'Wand'));
    assert.deepEqual(rename.said, [{ input: 'New name of the skeleton', value: 'Wand' }]);
    assert.deepEqual(rename.checks(' '), ['The name must not be empty.']);
    assert.equal(renamed.change!.description, 'Rename skeleton "Wand" to "Stick"');
    const same = dialogue(['Stick']);
    assert.deepEqual(
      await edits.renameSkeleton(client, same.prompts, await find('Project settings', 'Stick')),
      {
        changed: false,
      },
      'the same name is no change',
    );
    assert.equal(same.said.length, 1, 'and no question whether to replace the skeleton by itself');

    const onto = dialogue(['FullBody', undefined]);
    assert.equal(
      (await edits.renameSkeleton(client, onto.prompts, await find('Project settings', 'Stick'))).changed,
      false,
    );
    assert.deepEqual(onto.said[1], {
      decide: 'Another skeleton in the project settings is named "FullBody". Renaming replaces it.',
      actions: ['Rename and Replace'],
      detail: undefined,
    });
    assert.ok(await api().find_skeleton('project', 'Stick'), 'declined: nothing renamed');

    const scale = dialogue(['1.5']);
    const scaled = await edits.setScale(client, scale.prompts, await find('Project settings', 'Stick'));
    assert.deepEqual(scale.said, [{ input: 'Scale of Stick (0.01 to 100)', value: '1' }]);
    assert.deepEqual(scale.checks('', ' ', 'x', '0.009', '0.01', '100', '100.5', ' 2 '), [
      'Type a number, e.g. 1.05.',
      'Type a number, e.g. 1.05.',
      'Type a number, e.g. 1.05.',
      'The scale must be within 0.01 and 100.',
      undefined,
      undefined,
      'The scale must be within 0.01 and 100.',
      undefined,
    ]);
    assert.equal(scaled.change!.description, 'Set the scale of "Stick" from 1 to 1.5');
    assert.equal(scaled.change!.where, 'Project settings › Stick');
    assert.deepEqual(await edits.setScale(client, dialogue(['1.5']).prompts, await find('Project settings', 'Stick')), {
      changed: false,
    });
    assert.deepEqual(
      await edits.setScale(client, dialogue([undefined]).prompts, await find('Project settings', 'Stick')),
      {
        changed: false,
      },
    );

    const del = dialogue(['Delete']);
    const deleted = await edits.deleteSkeleton(client, del.prompts, await find('Project settings', 'Stick'));
    assert.deepEqual(del.said, [
      {
        decide: 'Delete skeleton "Stick" and all its segments?',
        actions: ['Delete'],
        detail: 'Undo Last Change creates it again, with new identifiers.',
      },
    ]);
    assert.equal(deleted.message, 'Deleted skeleton Stick.');
    assert.equal(deleted.change!.description, 'Delete skeleton "Stick"');
    assert.equal(await api().find_skeleton('project', 'Stick'), null);
  });

  it('segment edits: names unique in the skeleton, the solver choices, the endpoint as typed', async () => {
    const add = dialogue(['Tip2']);
    const handle = await find('Project settings', 'Wand', 'Handle');
    const added = await edits.addSegment(client, add.prompts, handle);
    assert.deepEqual(add.said, [{ input: 'Name of the new child of Handle', value: undefined }]);
    assert.deepEqual(add.checks('', 'Tip', 'Handle', 'Tip3'), [
      'The name must not be empty.',
      'The skeleton already has a segment named "Tip".',
      'The skeleton already has a segment named "Handle".',
      undefined,
    ]);
    assert.equal(added.change!.description, 'Add segment "Tip2" under "Handle"');

    const rename = dialogue(['Point']);
    const tip = await find('Project settings', 'Wand', 'Handle', 'Tip');
    const renamed = await edits.renameSegment(client, rename.prompts, tip);
    assert.deepEqual(rename.said, [{ input: 'New name of the segment', value: 'Tip' }]);
    assert.deepEqual(rename.checks('', 'Tip', 'Handle', 'Tip2', 'New'), [
      'The name must not be empty.',
      undefined,
      'The skeleton already has a segment named "Handle".',
      'The skeleton already has a segment named "Tip2".',
      undefined,
    ]);
    assert.equal(renamed.change!.description, 'Rename segment "Tip" to "Point"');
    const point = await find('Project settings', 'Wand', 'Handle', 'Point');
    assert.deepEqual(await edits.renameSegment(client, dialogue(['Point']).prompts, point), { changed: false });
    assert.deepEqual(await edits.renameSegment(client, dialogue([undefined]).prompts, point), { changed: false });

    const solver = dialogue(['none']);
    const solved = await edits.setSolver(client, solver.prompts, point);
    assert.deepEqual(solver.said, [
      {
        pick: 'Solver of Point',
        items: [
          [
            'global_optimization',
            'solve this segment and the descendants without a solver of their own',
            'global_optimization',
          ],
          ['none', 'leave it unsolved', 'none'],
          ['solved with its parent', 'no solver of its own (null)', null],
        ],
      },
    ]);
    assert.equal(solved.change!.description, 'Set the solver of "Point" to none');
    const back = await edits.setSolver(client, dialogue([null]).prompts, point);
    assert.equal(back.change!.description, 'Set the solver of "Point" to solved with its parent');
    assert.deepEqual(await edits.setSolver(client, dialogue([null]).prompts, point), { changed: false }, 'no change');
    const rootSolver = dialogue(['none']);
    const root = await edits.setSolver(client, rootSolver.prompts, handle);
    assert.equal((rootSolver.said[0] as { pick: string }).pick, 'Solver of the root (it must keep one)');
    assert.equal((rootSolver.said[0] as { items: unknown[] }).items.length, 2, 'a root must keep a solver');
    assert.equal(root.change!.description, 'Set the solver of "Handle" to none');

    const endpoint = dialogue(['1, 2; 3']);
    const ended = await edits.setEndpoint(
      client,
      endpoint.prompts,
      await find('Project settings', 'Wand', 'Handle', 'Point'),
    );
    assert.deepEqual(endpoint.said, [{ input: 'Endpoint of Point: x, y, z in millimetres', value: '0, 0, 50' }]);
    assert.equal(ended.changed, true);
    assert.deepEqual(
      await api().get_segment_endpoint(
        'project',
        (await api().find_segment('project', (await api().find_skeleton('project', 'Wand'))!, 'Point'))!,
      ),
      [1, 2, 3],
    );
    // A leaf the application holds no endpoint for is offered the origin.
    const pointId = (await api().find_segment('project', (await api().find_skeleton('project', 'Wand'))!, 'Point'))!;
    await api().set_segment_endpoint('project', pointId, null);
    const unset = dialogue([undefined]);
    await edits.setEndpoint(client, unset.prompts, await find('Project settings', 'Wand', 'Handle', 'Point'));
    assert.deepEqual(unset.said, [{ input: 'Endpoint of Point: x, y, z in millimetres', value: '0, 0, 0' }]);
    assert.deepEqual(['1 2 3', '1,2,3', ' 1 ,2 ,3 ', '1 2', '1 2 3 4', '1 x 3', ''].map(edits.parseEndpoint), [
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
      undefined,
      undefined,
      undefined,
      undefined,
    ]);

    const del = dialogue(['Delete']);
    const deleted = await edits.deleteSegment(
      client,
      del.prompts,
      await find('Project settings', 'FullBody', 'Hips', 'Spine', 'Spine1', 'Spine2', 'LeftShoulder'),
    );
    assert.deepEqual(del.said, [
      {
        decide: 'Delete segment "LeftShoulder" and the 3 segments below it?',
        actions: ['Delete'],
        detail: 'Undo Last Change creates it again, with new identifiers.',
      },
    ]);
    assert.equal(deleted.change!.description, 'Delete segment "LeftShoulder" and the 3 segments below it');
    const one = dialogue(['Delete']);
    await edits.deleteSegment(
      client,
      one.prompts,
      await find(
        'Project settings',
        'FullBody',
        'Hips',
        'Spine',
        'Spine1',
        'Spine2',
        'RightShoulder',
        'RightArm',
        'RightForeArm',
      ),
    );
    assert.equal(
      (one.said[0] as { decide: string }).decide,
      'Delete segment "RightForeArm" and the 1 segment below it?',
    );
    const leaf = dialogue(['Delete']);
    await edits.deleteSegment(client, leaf.prompts, await find('Project settings', 'Wand', 'Handle', 'Tip2'));
    assert.equal((leaf.said[0] as { decide: string }).decide, 'Delete segment "Tip2"?');
  });
});
