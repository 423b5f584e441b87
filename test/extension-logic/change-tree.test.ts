import assert from 'node:assert/strict';
import { diffStates } from '../../src/api/state/state-diff';
import { changeTree, type ChangeNode } from '../../src/extension/dry-run/change-tree';
import { demoState } from '../../server/scripting/model/demo-data';

const outline = (nodes: ChangeNode[], depth = 0): string[] =>
  nodes.flatMap((n) => [
    `${'  '.repeat(depth)}${n.kind ? `[${n.kind}] ` : ''}${n.label}${n.description ? ` — ${n.description}` : ''}`,
    ...outline(n.children, depth + 1),
  ]);

describe('the Dry Run view’s tree of changes', () => {
  it('puts each change under its places, once each, counting the changes under a place', () => {
    const before = demoState();
    const after = structuredClone(before);
    const [fullBody, wand] = after.skeletons.project;
    fullBody.scale = 2;
    fullBody.segments[fullBody.rootId].solver = 'none';
    after.skeletons.project = [fullBody];
    after.bones[0].color = 0x123456;
    const bone = before.bones[0];
    const label = (id: number) => before.trajectories.find((t) => t.id === id)!.label;
    assert.deepEqual(outline(changeTree(diffStates(before, after))), [
      'Project settings — 3 changes',
      `  [removed] removed skeleton ${wand.name} (2 segments)`,
      '  FullBody — 2 changes',
      '    [changed] scale — 1 → 2',
      '    Hips — 1 change',
      '      [changed] solver — "global_optimization" → "none"',
      'Bones — 1 change',
      `  bone ${label(bone.from)} – ${label(bone.to)} — 1 change`,
      `    [changed] color — 0x${bone.color.toString(16).padStart(6, '0')} → 0x123456`,
    ]);
  });

  it('is empty when nothing changed', () => {
    assert.deepEqual(changeTree(diffStates(demoState(), demoState())), []);
  });
});
