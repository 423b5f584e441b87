import assert from 'node:assert/strict';
import { ExplorerData, presentItem, type ExplorerItem } from '../../src/extension/skeletons-view/explorer-data';
import type { SegmentNode } from '../../src/api/skeletons/skeleton-model';
import { referenceServer } from '../support/reference-server';

const node = (over: Partial<SegmentNode> = {}): SegmentNode => ({
  id: 7,
  name: 'Knee',
  solver: null,
  endpoint: null,
  markerCount: 0,
  children: [],
  ...over,
});
const segmentItem = (over: Partial<Extract<ExplorerItem, { kind: 'segment' }>> = {}): ExplorerItem => ({
  kind: 'segment',
  source: 'project',
  skeletonId: 3,
  skeletonName: 'Bob',
  isRoot: false,
  node: node(),
  ...over,
});

/** Every field of how each kind of item shows: ids, labels, descriptions, tooltips, menus' context values. */
describe('Skeletons view items as shown (plain Node)', () => {
  it('sources: editable settings, read-only data', () => {
    assert.deepEqual(presentItem({ kind: 'source', source: 'project' }), {
      id: 'source:project',
      label: 'Project settings',
      contextValue: 'source.editable',
      expandable: true,
    });
    assert.deepEqual(presentItem({ kind: 'source', source: 'data' }), {
      id: 'source:data',
      label: 'Data (read-only)',
      contextValue: 'source.readonly',
      expandable: true,
    });
  });

  it('skeletons: scale, tooltip naming the source in lower case, editable or read-only', () => {
    const skeleton = { source: 'measurement' as const, id: 12, name: 'Bob', scale: 1.25, rootId: 13 };
    assert.deepEqual(presentItem({ kind: 'skeleton', skeleton }), {
      id: 'skeleton:measurement:12',
      label: 'Bob',
      description: 'scale 1.25',
      tooltip: '**Bob** (skeleton 12) in measurement settings\n\nScale 1.25',
      contextValue: 'skeleton.editable',
      expandable: true,
    });
    assert.equal(
      presentItem({ kind: 'skeleton', skeleton: { ...skeleton, source: 'data' } }).contextValue,
      'skeleton.readonly',
    );
  });

  it('segments: solver, marker count (one marker, several), endpoint, and a context value for every case', () => {
    assert.deepEqual(presentItem(segmentItem()), {
      id: 'segment:project:7',
      label: 'Knee',
      description: 'solved with parent · 0 markers',
      tooltip: '**Knee** (segment 7)\n\nSolver: solved with parent\n\n0 markers\n\nNo endpoint (has children)',
      contextValue: 'segment.editable.child.leaf',
      expandable: false,
    });
    const one = presentItem(segmentItem({ node: node({ markerCount: 1, endpoint: [0, 0, 40], solver: 'none' }) }));
    assert.equal(one.description, 'none · 1 marker');
    assert.equal(one.tooltip, '**Knee** (segment 7)\n\nSolver: none\n\n1 marker\n\nEndpoint [0, 0, 40] mm');
    assert.equal(one.expandable, true, 'markers to show');
    const branch = presentItem(
      segmentItem({
        source: 'data',
        isRoot: true,
        node: node({ markerCount: 2, solver: 'global_optimization', children: [node({ id: 8 })] }),
      }),
    );
    assert.equal(branch.description, 'global_optimization · 2 markers');
    assert.equal(branch.contextValue, 'segment.readonly.root.branch');
    assert.equal(branch.expandable, true);
    assert.equal(
      presentItem(segmentItem({ node: node({ children: [node({ id: 9 })] }) })).expandable,
      true,
      'children to show',
    );
    assert.equal(presentItem(segmentItem({ isRoot: true })).contextValue, 'segment.editable.root.leaf');
  });

  it('markers: local position and weight', () => {
    assert.deepEqual(
      presentItem({
        kind: 'marker',
        source: 'project',
        segmentId: 7,
        marker: { name: 'LKNE', position: [50, -10, 0], weight: 0.5 },
      }),
      {
        id: 'marker:project:7:LKNE',
        label: 'LKNE',
        description: '[50, -10, 0] mm · weight 0.5',
        tooltip: 'Marker **LKNE** of segment 7\n\nPosition [50, -10, 0] mm (local), weight 0.5',
        contextValue: 'marker',
        expandable: false,
      },
    );
  });
});

describe('Skeletons view children (plain Node, real server)', () => {
  let requests: string[] = [];
  const app = referenceServer({ per: 'suite', client: { onRequest: (r) => requests.push(JSON.stringify(r)) } });

  it('keeps each skeleton’s tree apart, knows the root from its children, and asks for no markers a segment lacks', async () => {
    const data = new ExplorerData(() => app.client);
    const [project] = await data.children();
    const [fullBody, wand] = await data.children(project);
    const [hips] = await data.children(fullBody);
    const [handle] = await data.children(wand);
    assert.equal(presentItem(hips).label, 'Hips');
    assert.equal(presentItem(handle).label, 'Handle', "the Wand's own tree, not FullBody's");
    assert.equal(hips.kind === 'segment' && hips.isRoot, true);
    const spine = (await data.children(hips))[0];
    assert.equal(spine.kind === 'segment' && spine.isRoot, false, 'a child is not a root');
    const neck = await (async () => {
      let item: ExplorerItem = spine;
      for (const name of ['Spine1', 'Spine2', 'Neck'])
        item = (await data.children(item)).find((c) => presentItem(c).label === name)!;
      return item;
    })();
    assert.equal(neck.kind === 'segment' && neck.node.markerCount, 0, 'the demo Neck has no markers');
    requests = [];
    const children = await data.children(neck);
    assert.deepEqual(
      children.map((c) => presentItem(c).label),
      ['Head'],
    );
    assert.deepEqual(requests, [], 'a segment without markers is expanded without asking the application');
  });
});
