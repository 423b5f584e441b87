import assert from 'node:assert/strict';
import {
  listSkeletons,
  loadSegmentDefinition,
  loadSkeletons,
  loadSkeletonTree,
} from '../../src/api/skeletons/skeleton-loader';
import { walkSegments } from '../../src/api/skeletons/skeleton-model';
import { referenceServer } from '../support/reference-server';

describe('skeleton loader on the demo data', () => {
  let requests = 0;
  const app = referenceServer({ per: 'suite', client: { onRequest: () => requests++ } });

  it('loads the full-body skeleton of the data as a tree', async () => {
    requests = 0;
    const [actor] = await loadSkeletons(app.client, 'data');
    assert.equal(actor.name, 'Actor1');
    assert.equal(actor.scale, 1.05);
    assert.equal(actor.segmentCount, 22);
    assert.equal(actor.root.name, 'Hips');
    assert.equal(actor.root.solver, 'global_optimization');
    assert.equal(actor.root.markerCount, 4);
    assert.deepEqual(
      actor.root.children.map((c) => c.name),
      ['Spine', 'LeftUpLeg', 'RightUpLeg'],
    );
    const all = [...walkSegments(actor.root)];
    assert.equal(all.length, 22);
    const head = all.find((x) => x.node.name === 'Head')!;
    assert.equal(head.depth, 5);
    assert.deepEqual(head.node.endpoint, [0, 0, 190]);
    assert.equal(requests, 1 + 3 + 1 + 5 * 22, 'one request per field shown, none wasted');
  });

  it('loads both settings sources, children in insertion order', async () => {
    const project = await loadSkeletons(app.client, 'project');
    assert.deepEqual(
      project.map((s) => s.name),
      ['FullBody', 'Wand'],
    );
    const wand = project[1];
    assert.deepEqual(
      wand.root.children.map((c) => c.name),
      ['Tip'],
    );
    const measurement = await listSkeletons(app.client, 'measurement');
    assert.deepEqual(
      measurement.map((s) => [s.name, s.source]),
      [['Actor1', 'measurement']],
    );
    const tree = await loadSkeletonTree(app.client, measurement[0]);
    const names = [...walkSegments(tree.root)].map((x) => x.node.name);
    assert.deepEqual(names.slice(0, 6), ['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head']);
  });

  it('loads one segment’s full definition', async () => {
    const [actor] = await loadSkeletons(app.client, 'measurement');
    const head = [...walkSegments(actor.root)].find((x) => x.node.name === 'Head')!.node;
    const def = await loadSegmentDefinition(app.client, 'measurement', head.id);
    assert.equal(def.name, 'Head');
    assert.equal(def.skeletonId, actor.id);
    assert.deepEqual(def.childIds, []);
    assert.equal(def.transform[2][3], 110);
    assert.deepEqual(def.degreesOfFreedom.rotation_x.goal, { value: 0, weight: 0.1 });
    assert.deepEqual(
      def.markers.map((m) => m.name),
      ['LFHD', 'RFHD', 'LBHD', 'RBHD'],
    );
    assert.equal(def.rigidBodies[0].name, 'HeadBand');
  });

  it('passes refusals through', async () => {
    await assert.rejects(loadSegmentDefinition(app.client, 'project', 999999), /no segment with id 999999/);
  });
});
