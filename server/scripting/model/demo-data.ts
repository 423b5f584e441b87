import {
  emptyState,
  identity,
  newSegment,
  type DegreesOfFreedom,
  type Marker,
  type MotionState,
  type SkeletonRecord,
  type TrajectoryRecord,
  type Vec3,
} from './records';

/** How a demo segment is made: its place in the hierarchy, offset, markers and limits. */
interface SegmentPlan {
  name: string;
  parent: string | null;
  /** Translation from the parent, millimetres. */
  offset: Vec3;
  markers?: [string, Vec3][];
  endpoint?: Vec3;
  /** Rotation limits in degrees, by axis. */
  limits?: Partial<Record<'x' | 'y' | 'z', [number, number]>>;
}

function limb(side: 'Left' | 'Right'): SegmentPlan[] {
  const s = side === 'Left' ? 1 : -1;
  const m = side[0];
  return [
    { name: `${side}Shoulder`, parent: 'Spine2', offset: [40 * s, 0, 120], markers: [[`${m}SHO`, [120 * s, 0, 40]]] },
    {
      name: `${side}Arm`,
      parent: `${side}Shoulder`,
      offset: [130 * s, 0, 0],
      markers: [
        [`${m}UPA`, [140 * s, -40, 0]],
        [`${m}ELB`, [280 * s, -30, 0]],
      ],
      limits: { x: [-90, 180], z: [-90, 90] },
    },
    {
      name: `${side}ForeArm`,
      parent: `${side}Arm`,
      offset: [280 * s, 0, 0],
      markers: [
        [`${m}FRM`, [120 * s, -40, 0]],
        [`${m}WRA`, [250 * s, 30, 0]],
        [`${m}WRB`, [250 * s, -30, 0]],
      ],
      limits: { x: [0, 145] },
    },
    {
      name: `${side}Hand`,
      parent: `${side}ForeArm`,
      offset: [250 * s, 0, 0],
      markers: [[`${m}FIN`, [90 * s, 0, -10]]],
      endpoint: [180 * s, 0, 0],
      limits: { x: [-70, 80], z: [-30, 30] },
    },
    {
      name: `${side}UpLeg`,
      parent: 'Hips',
      offset: [90 * s, 0, -60],
      markers: [
        [`${m}THI`, [70 * s, 20, -200]],
        [`${m}KNE`, [60 * s, 0, -410]],
      ],
      limits: { x: [-30, 120], y: [-45, 45], z: [-40, 40] },
    },
    {
      name: `${side}Leg`,
      parent: `${side}UpLeg`,
      offset: [0, 0, -420],
      markers: [
        [`${m}TIB`, [60 * s, 20, -200]],
        [`${m}ANK`, [50 * s, 0, -400]],
      ],
      limits: { x: [0, 150] },
    },
    {
      name: `${side}Foot`,
      parent: `${side}Leg`,
      offset: [0, 0, -410],
      markers: [[`${m}HEE`, [0, -60, -40]]],
      limits: { x: [-45, 30] },
    },
    {
      name: `${side}ToeBase`,
      parent: `${side}Foot`,
      offset: [0, 130, -60],
      markers: [[`${m}TOE`, [0, 50, 0]]],
      endpoint: [0, 60, 0],
    },
  ];
}

const FULL_BODY: SegmentPlan[] = [
  {
    name: 'Hips',
    parent: null,
    offset: [0, 0, 950],
    markers: [
      ['LASI', [120, 80, 0]],
      ['RASI', [-120, 80, 0]],
      ['LPSI', [50, -90, 20]],
      ['RPSI', [-50, -90, 20]],
    ],
  },
  {
    name: 'Spine',
    parent: 'Hips',
    offset: [0, 0, 110],
    markers: [['T10', [0, -100, 150]]],
    limits: { x: [-30, 45], y: [-30, 30], z: [-20, 20] },
  },
  {
    name: 'Spine1',
    parent: 'Spine',
    offset: [0, 0, 120],
    markers: [['STRN', [0, 100, 100]]],
    limits: { x: [-20, 30] },
  },
  {
    name: 'Spine2',
    parent: 'Spine1',
    offset: [0, 0, 120],
    markers: [
      ['C7', [0, -80, 180]],
      ['CLAV', [0, 90, 150]],
      ['RBAK', [-70, -100, 80]],
    ],
  },
  { name: 'Neck', parent: 'Spine2', offset: [0, 0, 160], limits: { x: [-60, 60], y: [-70, 70], z: [-40, 40] } },
  {
    name: 'Head',
    parent: 'Neck',
    offset: [0, 0, 110],
    markers: [
      ['LFHD', [70, 90, 90]],
      ['RFHD', [-70, 90, 90]],
      ['LBHD', [70, -90, 80]],
      ['RBHD', [-70, -90, 80]],
    ],
    endpoint: [0, 0, 190],
  },
  ...limb('Left'),
  ...limb('Right'),
];

/** The demo measurement's frames: 30 s at 100 Hz. */
export const DEMO_FRAMES = { start: 0, end: 2999 };
const UNIDENTIFIED: [number, number][] = [
  [120, 181],
  [1440, 1502],
  [2710, 2733],
];
/** 0xbbggrr: white, yellow, cyan. */
const BONE_COLOURS = [0xffffff, 0x00ffff, 0xffff00];

/** `count` measured parts covering the measurement, with a gap of 40 frames between them. */
function demoParts(count: number): TrajectoryRecord['parts'] {
  const gap = 40;
  const length = Math.floor((DEMO_FRAMES.end - DEMO_FRAMES.start + 1 - gap * (count - 1)) / count);
  return Array.from({ length: count }, (_, k) => {
    const start = DEMO_FRAMES.start + k * (length + gap);
    const end = k === count - 1 ? DEMO_FRAMES.end : start + length - 1;
    return { range: { start, end }, type: 'measured' };
  });
}

const BONE_PAIRS: [string, string][] = [
  ['LASI', 'RASI'],
  ['LPSI', 'RPSI'],
  ['LASI', 'LPSI'],
  ['RASI', 'RPSI'],
  ['LFHD', 'RFHD'],
  ['RFHD', 'RBHD'],
  ['RBHD', 'LBHD'],
  ['LBHD', 'LFHD'],
  ['C7', 'T10'],
  ['CLAV', 'STRN'],
  ['C7', 'CLAV'],
  ...(['L', 'R'] as const).flatMap((m): [string, string][] => [
    [`${m}SHO`, `${m}UPA`],
    [`${m}UPA`, `${m}ELB`],
    [`${m}ELB`, `${m}FRM`],
    [`${m}FRM`, `${m}WRA`],
    [`${m}WRA`, `${m}WRB`],
    [`${m}WRA`, `${m}FIN`],
    [`${m}THI`, `${m}KNE`],
    [`${m}KNE`, `${m}TIB`],
    [`${m}TIB`, `${m}ANK`],
    [`${m}ANK`, `${m}HEE`],
    [`${m}HEE`, `${m}TOE`],
    [`${m}ANK`, `${m}TOE`],
  ]),
];

function translation([x, y, z]: Vec3): number[][] {
  const m = identity();
  m[0][3] = x;
  m[1][3] = y;
  m[2][3] = z;
  return m;
}

function buildSkeleton(state: MotionState, name: string, plans: SegmentPlan[], scale = 1): SkeletonRecord {
  const skeletonId = state.nextId++;
  const byName = new Map<string, number>();
  const skeleton: SkeletonRecord = { id: skeletonId, name, scale, rootId: 0, segments: {} };
  for (const plan of plans) {
    const parentId = plan.parent === null ? null : byName.get(plan.parent)!;
    const segment = newSegment(state.nextId++, plan.name, parentId);
    byName.set(plan.name, segment.id);
    if (parentId === null) skeleton.rootId = segment.id;
    else {
      const parent = skeleton.segments[parentId];
      parent.children.push(segment.id);
      parent.endpoint = null;
    }
    segment.transform = translation(plan.offset);
    // The default pose is the T-pose the skeleton was drawn in.
    segment.defaultTransform = translation(plan.offset);
    segment.endpoint = plan.endpoint ?? [0, 0, 0];
    segment.markers = (plan.markers ?? []).map(([marker, position]): Marker => ({ name: marker, position, weight: 1 }));
    for (const [axis, bounds] of Object.entries(plan.limits ?? {})) {
      segment.degreesOfFreedom[`rotation_${axis}` as keyof DegreesOfFreedom].constraint = {
        lower_bound: bounds[0],
        upper_bound: bounds[1],
      };
    }
    skeleton.segments[segment.id] = segment;
  }
  // The upper spine follows the lower one; the head prefers to look ahead.
  const spine1 = skeleton.segments[byName.get('Spine1') ?? -1];
  spine1?.degreesOfFreedom.rotation_x.couplings.push({
    segment: 'Spine',
    degree_of_freedom: 'rotation_x',
    coefficient: 0.5,
  });
  const head = skeleton.segments[byName.get('Head') ?? -1];
  if (head) {
    head.degreesOfFreedom.rotation_x.goal = { value: 0, weight: 0.1 };
    head.rigidBodies = [{ name: 'HeadBand', transform: translation([0, 0, 120]), weight: 2 }];
  }
  for (const side of ['Left', 'Right']) {
    const hand = skeleton.segments[byName.get(`${side}Hand`) ?? -1];
    if (hand) hand.solver = 'none';
  }
  return skeleton;
}

const WAND: SegmentPlan[] = [
  {
    name: 'Handle',
    parent: null,
    offset: [0, 0, 0],
    markers: [
      ['WAND_A', [0, 0, 0]],
      ['WAND_B', [0, 0, 250]],
    ],
  },
  { name: 'Tip', parent: 'Handle', offset: [0, 0, 500], markers: [['WAND_C', [0, 0, 0]]], endpoint: [0, 0, 50] },
];

/**
 * The demo state (docs/design.md §6), generated by code and the same on every run: a full-body skeleton
 * in the current data and in both settings sources, a prop in the project settings, a labelled
 * trajectory for every marker (some split by gaps) and bones between them.
 */
export function demoState(): MotionState {
  const state = emptyState();
  state.skeletons.project.push(buildSkeleton(state, 'FullBody', FULL_BODY), buildSkeleton(state, 'Wand', WAND));
  state.skeletons.measurement.push(buildSkeleton(state, 'Actor1', FULL_BODY, 1.05));
  const actor = buildSkeleton(state, 'Actor1', FULL_BODY, 1.05);
  state.skeletons.data.push(actor);

  const trajectoryByLabel = new Map<string, number>();
  const markers = Object.values(actor.segments).flatMap((s) => s.markers.map((m) => m.name));
  markers.forEach((label, i) => {
    // Deterministic gaps: every fourth marker was occluded once, every seventh twice.
    const parts = 1 + (i % 4 === 1 ? 1 : 0) + (i % 7 === 3 ? 2 : 0);
    const id = state.nextId++;
    trajectoryByLabel.set(label, id);
    state.trajectories.push({ id, label, parts: demoParts(parts) });
  });
  // Stray reflections the labelling left unidentified: short, and not part of any skeleton.
  for (const [start, end] of UNIDENTIFIED)
    state.trajectories.push({ id: state.nextId++, label: null, parts: [{ range: { start, end }, type: 'measured' }] });
  BONE_PAIRS.forEach(([from, to], i) => {
    state.bones.push({
      id: state.nextId++,
      from: trajectoryByLabel.get(from)!,
      to: trajectoryByLabel.get(to)!,
      color: BONE_COLOURS[i % BONE_COLOURS.length],
    });
  });
  // The walk those trajectories are of is the open measurement (demo-measurement.ts).
  state.measurement = { demo: true };
  return state;
}
