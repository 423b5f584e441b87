import assert from 'node:assert/strict';
import type { StateChange } from '../../src/api/state/state-diff';
import { withCallers } from '../../src/runner/dry-run/change-callers';
import type { MadeCall } from '../../src/runner/dry-run/dry-run-gateway';

const SK = 'motion.settings.processing.skeleton';
const TRAJ = 'motion.data.object.trajectory';

/** A call the private server made, from `line` of tool.py. */
const call = (operation: string, args: unknown[], line: number, answer: unknown = null): MadeCall => ({
  operation,
  args,
  caller: `/w/tool.py:${line}`,
  answer,
});

const change = (object: StateChange['object'], kind: StateChange['kind'], field?: string): StateChange => ({
  kind,
  object,
  path: [],
  ...(field ? { field } : {}),
  text: `${kind} ${field ?? ''}`,
});

const skeleton = (skeletonId: number, source: 'project' | 'measurement' = 'project') =>
  ({ type: 'skeleton', source, skeletonId }) as const;
const trajectory = (trajectoryId: number) => ({ type: 'trajectory', trajectoryId }) as const;
const segment = (segmentId: number, skeletonId = 1) =>
  ({ type: 'segment', source: 'project', skeletonId, segmentId }) as const;
const lines = (changes: StateChange[]) => changes.map((c) => c.caller?.replace('/w/tool.py:', '') ?? null);

describe('which line of the script made each change of a dry run', () => {
  it('a field’s change is the last call that set that field of that object, not a call that set another', () => {
    const made = [
      call(`${SK}.set_skeleton_scale`, ['project', 1, 2], 3),
      call(`${SK}.set_skeleton_name`, ['project', 1, 'Body'], 4),
      call(`${SK}.set_skeleton_scale`, ['project', 1, 3], 5),
      call(`${SK}.set_skeleton_scale`, ['project', 2, 9], 6),
    ];
    assert.deepEqual(
      lines(withCallers([change(skeleton(1), 'changed', 'scale'), change(skeleton(1), 'changed', 'name')], made)),
      ['5', '4'],
    );
  });

  it('the same identifier in another source is another skeleton', () => {
    const made = [call(`${SK}.set_skeleton_scale`, ['measurement', 1, 2], 3)];
    assert.deepEqual(lines(withCallers([change(skeleton(1), 'changed', 'scale')], made)), [null]);
    assert.deepEqual(lines(withCallers([change(skeleton(1, 'measurement'), 'changed', 'scale')], made)), ['3']);
  });

  it('transform and default_transform are told apart', () => {
    const made = [
      call(`${SK}.set_segment_transform`, ['project', 7, {}], 3),
      call(`${SK}.set_segment_default_transform`, ['project', 7, {}], 4),
    ];
    assert.deepEqual(
      lines(
        withCallers(
          [change(segment(7), 'changed', 'transform'), change(segment(7), 'changed', 'default_transform')],
          made,
        ),
      ),
      ['3', '4'],
    );
  });

  it('an added object is the add_ call that answered its identifier, renamed after or not; its parent’s change the same call, a setter before it overtaken', () => {
    const made = [
      call(`${SK}.set_segment_endpoint`, ['project', 7, [0, 0, 5]], 1),
      call(`${SK}.add_skeleton`, ['project', 'Extra'], 2, 40),
      call(`${SK}.set_skeleton_name`, ['project', 40, 'Spare'], 5),
      call(`${SK}.add_segment`, ['project', 7, 'Hat'], 3, 41),
      call(`${SK}.set_segment_endpoint`, ['project', 41, [0, 0, 1]], 4),
    ];
    assert.deepEqual(
      lines(
        withCallers(
          [
            change(skeleton(40), 'added'),
            change(segment(41), 'added'),
            change(segment(7), 'changed', 'endpoint'),
            change(segment(41), 'changed', 'endpoint'),
          ],
          made,
        ),
      ),
      ['2', '3', '3', '4'],
    );
  });

  it('a removed object is the delete_ or clear_ call that took it, a segment with its skeleton', () => {
    const made = [
      call(`${SK}.set_segment_name`, ['project', 8, 'X'], 2),
      call(`${SK}.delete_skeleton`, ['project', 1], 3),
      call(`${SK}.clear_skeletons`, ['measurement'], 4),
    ];
    assert.deepEqual(
      lines(
        withCallers(
          [
            change(segment(8, 1), 'removed'),
            change(skeleton(1), 'removed'),
            change(skeleton(5, 'measurement'), 'removed'),
            change(segment(9, 2), 'removed'),
          ],
          made,
        ),
      ),
      ['3', '3', '4', null],
    );
  });

  it('trajectories by any parameter that names one, bones by the identifier add_bone answered, the selection, the file', () => {
    const made = [
      call(`${TRAJ}.set_label`, [12, 'LASI'], 2),
      call(`${TRAJ}.fill_trajectory`, [12, 'linear', null, null], 3),
      call('motion.data.series._3d.set_samples', [13, [0, 9], []], 4),
      call(`${TRAJ}.move_parts`, [14, 15, [0]], 5),
      call('motion.data.object.bone.add_bone', [12, 13, 0xff0000], 6, 3),
      call('motion.gui.selection.clear_selections', [null], 7),
      call('motion.gui.selection.set_selections', [[]], 7),
      call('motion.file.save', [], 8),
      call('motion.gui.timeline.set_current_frame', [3], 9),
    ];
    assert.deepEqual(
      lines(
        withCallers(
          [
            change(trajectory(12), 'changed', 'label'),
            change(trajectory(12), 'changed', 'samples'),
            change(trajectory(13), 'changed', 'samples'),
            change(trajectory(15), 'changed', 'parts'),
            change({ type: 'bone', boneId: 3 }, 'added'),
            change({ type: 'bone', boneId: 4 }, 'added'),
            change({ type: 'selection' }, 'changed', 'selection'),
            change({ type: 'measurement' }, 'changed'),
          ],
          made,
        ),
      ),
      ['2', '3', '4', '5', '6', null, '7', '8'],
    );
  });

  it('a call with no caller (made by the application, a tool’s click) names no line; a tool’s menu has none; a caller given stays', () => {
    const made = [{ operation: `${SK}.set_skeleton_scale`, args: ['project', 1, 2], answer: null }];
    const given = { ...change(skeleton(1), 'changed', 'name'), caller: '/w/other.py:9' };
    assert.deepEqual(
      lines(
        withCallers(
          [change(skeleton(1), 'changed', 'scale'), change({ type: 'application' }, 'added'), given],
          [...made, call(`${SK}.set_skeleton_name`, ['project', 1, 'B'], 2)],
        ),
      ),
      [null, null, '/w/other.py:9'],
    );
  });

  it('a trajectory’s own fields only by their setters, its samples and parts by any other call; removals by delete_ or clear_', () => {
    const made = [
      call(`${TRAJ}.set_is_discarded`, [20, true], 2),
      call('motion.data.series._3d.delete_samples', [20, [0, 5]], 3),
      call(`${TRAJ}.set_color`, [20, 0xff], 4),
      call(`${TRAJ}.delete_trajectory`, [21], 5),
      call(`${TRAJ}.clear_trajectories`, [], 6),
      call('motion.data.object.bone.clear_bones', [], 7),
    ];
    assert.deepEqual(
      lines(
        withCallers(
          [
            change(trajectory(20), 'changed', 'is_discarded'),
            change(trajectory(20), 'changed', 'samples'),
            change(trajectory(20), 'changed', 'color'),
            change(trajectory(21), 'removed'),
            change(trajectory(22), 'removed'),
            change({ type: 'bone', boneId: 9 }, 'removed'),
            // Nothing made a bone's colour: clear_bones only removes.
            change({ type: 'bone', boneId: 9 }, 'changed', 'color'),
          ],
          made,
        ),
      ),
      // 21 went at line 5: the clear_ after found it gone.
      ['2', '3', '4', '5', '6', '7', null],
    );
  });

  it('a segment added, then one added under it: each added by its own add_, the first’s endpoint taken by the second', () => {
    const made = [
      call(`${SK}.add_segment`, ['project', 7, 'Hat'], 3, 41),
      call(`${SK}.add_segment`, ['project', 41, 'Feather'], 4, 42),
    ];
    assert.deepEqual(
      lines(
        withCallers(
          [change(segment(41), 'added'), change(segment(42), 'added'), change(segment(7), 'changed', 'endpoint')],
          made,
        ),
      ),
      ['3', '4', '3'],
    );
  });
});
