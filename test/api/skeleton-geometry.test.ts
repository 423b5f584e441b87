import assert from 'node:assert/strict';
import { MotionClient } from '../../src/api/client/motion-client';
import { skeletonScene } from '../../src/api/skeletons/skeleton-geometry';
import type { Matrix, SegmentDefinition, Vec3 } from '../../src/api/skeletons/skeleton-model';
import { loadSegmentDefinition } from '../../src/api/skeletons/skeleton-loader';
import { startMotionServer } from '../../server/scripting/motion-server';

const IDENTITY: Matrix = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
  [0, 0, 0, 1],
];
const translation = ([x, y, z]: Vec3): Matrix => [
  [1, 0, 0, x],
  [0, 1, 0, y],
  [0, 0, 1, z],
  [0, 0, 0, 1],
];
/** 90° about Z, then a translation. */
const turnZ = ([x, y, z]: Vec3): Matrix => [
  [0, -1, 0, x],
  [1, 0, 0, y],
  [0, 0, 1, z],
  [0, 0, 0, 1],
];

let nextId = 1;
function segment(
  name: string,
  parentId: number | null,
  transform: Matrix,
  more: Partial<SegmentDefinition> = {},
): SegmentDefinition {
  return {
    id: nextId++,
    name,
    skeletonId: 1,
    parentId,
    childIds: [],
    solver: parentId === null ? 'global_optimization' : null,
    transform,
    defaultTransform: IDENTITY,
    degreesOfFreedom: {} as SegmentDefinition['degreesOfFreedom'],
    endpoint: null,
    markers: [],
    rigidBodies: [],
    ...more,
  };
}

const near = (actual: Vec3, expected: Vec3, what: string) =>
  assert.ok(
    actual.every((v, i) => Math.abs(v - expected[i]) < 1e-9),
    `${what}: ${actual.join(' ')} is not ${expected.join(' ')}`,
  );

describe('skeleton geometry: world transforms, bones and markers (plain Node, three.js maths)', () => {
  it('places an identity chain at the origin, with no problems', () => {
    const root = segment('Root', null, IDENTITY);
    const child = segment('Child', root.id, IDENTITY);
    const scene = skeletonScene([root, child]);
    for (const s of scene.segments) near(s.origin, [0, 0, 0], s.name);
    assert.deepEqual(scene.segments[1].world, IDENTITY);
    assert.deepEqual(
      scene.segments.flatMap((s) => s.problems),
      [],
    );
  });

  it('chains translations, draws bones to children and to an endpoint, and places markers', () => {
    const hips = segment('Hips', null, translation([0, 0, 1000]), {
      markers: [{ name: 'LASI', position: [100, 50, 0] }],
    } as Partial<SegmentDefinition>);
    const spine = segment('Spine', hips.id, translation([0, 0, 100]));
    const arm = segment('Arm', spine.id, translation([100, 0, 0]), { endpoint: [0, 0, 50] });
    const scene = skeletonScene([hips, spine, arm]);
    near(scene.segments[1].origin, [0, 0, 1100], 'Spine');
    near(scene.segments[2].origin, [100, 0, 1100], 'Arm');
    assert.deepEqual(
      scene.bones.map((b) => [b.segmentId, b.from, b.to, b.toEndpoint]),
      [
        [hips.id, [0, 0, 1000], [0, 0, 1100], false],
        [spine.id, [0, 0, 1100], [100, 0, 1100], false],
        [arm.id, [100, 0, 1100], [100, 0, 1150], true],
      ],
    );
    near(scene.markers[0].position, [100, 50, 1000], 'LASI');
    assert.deepEqual(scene.extent, { min: [0, 0, 1000], max: [100, 50, 1150] });
  });

  it('turns children with their parent: 90° about Z, then 90° about X', () => {
    const root = segment('Root', null, turnZ([0, 0, 0]));
    const child = segment('Child', root.id, [
      [1, 0, 0, 100],
      [0, 0, -1, 0],
      [0, 1, 0, 0],
      [0, 0, 0, 1],
    ]); // 100 along the root's x, which the root turned to y; then its own 90° about X
    const grandchild = segment('Grandchild', child.id, translation([0, 100, 0]));
    const scene = skeletonScene([root, child, grandchild]);
    near(scene.segments[1].origin, [0, 100, 0], 'Child');
    // The child's y is the world's z after both turns.
    near(scene.segments[2].origin, [0, 100, 100], 'Grandchild');
    assert.deepEqual(
      scene.segments.flatMap((s) => s.problems),
      [],
    );
  });

  it('draws the default pose from the default transforms', () => {
    const root = segment('Root', null, translation([0, 0, 900]), { defaultTransform: translation([0, 0, 1000]) });
    const child = segment('Child', root.id, translation([0, 0, 100]), { defaultTransform: turnZ([0, 50, 0]) });
    const leaf = segment('Leaf', child.id, IDENTITY, { defaultTransform: translation([10, 0, 0]) });
    const calibrated = skeletonScene([root, child, leaf]);
    const standing = skeletonScene([root, child, leaf], 'default');
    near(calibrated.segments[2].origin, [0, 0, 1000], 'calibrated leaf');
    near(standing.segments[2].origin, [0, 60, 1000], 'default leaf (10 along x, turned to y)');
  });

  it('names bad data and still draws it: not rigid, not invertible, not finite, a missing parent, a cycle, a far marker', () => {
    const scaled = segment('Scaled', null, [
      [2, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ]);
    const flat = segment('Flat', scaled.id, [
      [1, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ]);
    const broken = segment('Broken', scaled.id, [
      [1, 0, 0, Number.NaN],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ]);
    const orphan = segment('Orphan', 999, translation([5, 0, 0]));
    const a = segment('A', null, IDENTITY);
    const b = segment('B', a.id, IDENTITY);
    a.parentId = b.id; // A and B are each other's parent
    const marked = segment('Marked', scaled.id, IDENTITY, {
      endpoint: [0, 0, 100],
      markers: [
        { name: 'Near', position: [0, 50, 50] },
        { name: 'Far', position: [0, 0, 5000] },
      ],
    } as Partial<SegmentDefinition>);
    const scene = skeletonScene([scaled, flat, broken, orphan, a, b, marked]);
    const problemsOf = (name: string) => scene.segments.find((s) => s.name === name)!.problems;
    assert.deepEqual(problemsOf('Scaled'), ['its transform is not rigid (it scales or shears)']);
    assert.deepEqual(problemsOf('Flat'), ['its transform is not invertible']);
    assert.deepEqual(problemsOf('Broken'), ['its transform holds a number that is not finite; it is drawn unmoved']);
    assert.deepEqual(problemsOf('Orphan'), ['its parent 999 is missing; it is drawn from the origin']);
    near(scene.segments.find((s) => s.name === 'Orphan')!.origin, [5, 0, 0], 'Orphan');
    assert.match(problemsOf('A')[0] ?? problemsOf('B')[0], /^it is in a cycle of parents \((A → B → A|B → A → B)\)/);
    assert.deepEqual(
      scene.markers.map((m) => [m.name, m.problems]),
      [
        ['Near', []],
        ['Far', ["it is 5000 mm from its segment's origin, more than 400 mm"]],
      ],
    );
    assert.ok(
      scene.segments.every((s) => s.world.flat().every(Number.isFinite)),
      'every segment is placed',
    );
  });

  it("a marker's distance is judged by the segment's own size, the same in every pose", () => {
    // The default pose folds the arm onto its root (identity default transforms): the hand's
    // marker is no farther from the hand than before, and the forearm is as long as ever.
    const arm = segment('Arm', null, IDENTITY);
    const forearm = segment('ForeArm', arm.id, translation([300, 0, 0]), {
      markers: [{ name: 'Wrist', position: [280, 0, 0], weight: 1 }],
    });
    const hand = segment('Hand', forearm.id, translation([280, 0, 0]), {
      endpoint: [150, 0, 0],
      markers: [{ name: 'Finger', position: [120, 0, 0], weight: 1 }],
    });
    for (const pose of ['calibrated', 'default'] as const) {
      const scene = skeletonScene([arm, forearm, hand], pose);
      assert.deepEqual(
        scene.markers.map((m) => m.problems),
        [[], []],
        `no marker is far in the ${pose} pose`,
      );
    }
    // 2 × 280 + 200 = 760 mm is the forearm's reach: a marker beyond it is far, in both poses.
    const far = segment('Far', arm.id, translation([280, 0, 0]), {
      endpoint: [280, 0, 0],
      markers: [{ name: 'Away', position: [761, 0, 0], weight: 1 }],
    });
    for (const pose of ['calibrated', 'default'] as const)
      assert.deepEqual(skeletonScene([arm, far], pose).markers[0].problems, [
        "it is 761 mm from its segment's origin, more than 760 mm",
      ]);
  });

  it('places the demo skeleton read from the reference server: leaves where their chains put them', async () => {
    const server = await startMotionServer({ port: 0, logLevel: 'silent' });
    try {
      const client = new MotionClient({ url: server.url });
      const skeleton = client.settings.processing.skeleton;
      const id = (await skeleton.find_skeleton('project', 'FullBody'))!;
      const ids = await skeleton.get_segment_ids('project', id);
      const definitions = await Promise.all(ids.map((s) => loadSegmentDefinition(client, 'project', s)));
      const scene = skeletonScene(definitions);
      const head = scene.segments.find((s) => s.name === 'Head')!;
      near(head.origin, [0, 0, 950 + 110 + 120 + 120 + 160 + 110], 'Head');
      near(scene.markers.find((m) => m.name === 'LFHD')!.position, [70, 90, 1570 + 90], 'LFHD');
      assert.equal(scene.segments.length, ids.length);
      assert.deepEqual(
        scene.segments.flatMap((s) => s.problems),
        [],
        'the demo skeleton is well formed',
      );
      assert.deepEqual(
        scene.markers.flatMap((m) => m.problems),
        [],
      );
    } finally {
      await server.close();
    }
  });
});
