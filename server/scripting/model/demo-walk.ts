import type { C3dForcePlate, C3dRecording } from '../../../src/api/c3d/c3d-recording';
import type { SkeletonRecord, TrajectoryRecord, Vec3 } from './records';

/**
 * The demo's measurement, made by code and the same every time: the data skeleton walking up and
 * down a 6 m walkway at 1.2 m/s (turning at each end), its markers' paths sampled at 100 Hz with the
 * demo's gaps, stray reflections where the unidentified trajectories are, two force plates under
 * the first steps of the first pass, and the heel strikes and toe offs as events.
 */

const DEMO_RATE = 100;
/** Force plates are sampled ten times a frame. */
const DEMO_ANALOG_PER_FRAME = 10;
const SPEED = 1200; // mm/s
const HALF_WALKWAY = 3000;
const TURN_SECONDS = 1;
const STRIDE_SECONDS = 1.1;
const WEIGHT = 750; // N
const STANCE = 0.62; // the part of a stride a foot is on the ground

type Mat3 = [Vec3, Vec3, Vec3];
const rotX = (a: number): Mat3 => [
  [1, 0, 0],
  [0, Math.cos(a), -Math.sin(a)],
  [0, Math.sin(a), Math.cos(a)],
];
const rotY = (a: number): Mat3 => [
  [Math.cos(a), 0, Math.sin(a)],
  [0, 1, 0],
  [-Math.sin(a), 0, Math.cos(a)],
];
const rotZ = (a: number): Mat3 => [
  [Math.cos(a), -Math.sin(a), 0],
  [Math.sin(a), Math.cos(a), 0],
  [0, 0, 1],
];
const mul = (a: Mat3, b: Mat3): Mat3 =>
  a.map((row) => [0, 1, 2].map((c) => row[0] * b[0][c] + row[1] * b[1][c] + row[2] * b[2][c])) as Mat3;
const apply = (m: Mat3, v: Vec3): Vec3 => m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]) as Vec3;
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const deg = (d: number) => (d * Math.PI) / 180;
const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

/** Where the walker is at time t: along y up and down the walkway, facing the way it goes, turning at the ends. */
function course(t: number): { position: Vec3; heading: number; walking: boolean } {
  const pass = (2 * HALF_WALKWAY) / SPEED;
  const lap = 2 * (pass + TURN_SECONDS);
  const u = t % lap;
  const leg = (s: number, up: boolean) => (up ? -HALF_WALKWAY + SPEED * s : HALF_WALKWAY - SPEED * s);
  if (u < pass) return { position: [0, leg(u, true), 0], heading: 0, walking: true };
  if (u < pass + TURN_SECONDS)
    return { position: [0, HALF_WALKWAY, 0], heading: Math.PI * ((u - pass) / TURN_SECONDS), walking: false };
  if (u < 2 * pass + TURN_SECONDS)
    return { position: [0, leg(u - pass - TURN_SECONDS, false), 0], heading: Math.PI, walking: true };
  return {
    position: [0, -HALF_WALKWAY, 0],
    heading: Math.PI * (1 + (u - 2 * pass - TURN_SECONDS) / TURN_SECONDS),
    walking: false,
  };
}

/** Each joint's rotation at a phase of the stride (0: the left heel strikes), in degrees of flexion. */
function joints(phase: number): Map<string, Mat3> {
  const leg = (p: number) => {
    const q = ((p % 1) + 1) % 1;
    const knee =
      q < STANCE ? 5 + 12 * Math.sin((Math.PI * q) / STANCE) : 60 * Math.sin((Math.PI * (q - STANCE)) / (1 - STANCE));
    return { hip: 10 + 22 * Math.cos(2 * Math.PI * q), knee, ankle: 8 * Math.sin(2 * Math.PI * q) };
  };
  const left = leg(phase);
  const right = leg(phase + 0.5);
  const m = new Map<string, Mat3>();
  for (const [side, sign, angles, arm] of [
    ['Left', 1, left, right],
    ['Right', -1, right, left],
  ] as const) {
    m.set(`${side}UpLeg`, rotX(deg(angles.hip)));
    m.set(`${side}Leg`, rotX(deg(-angles.knee)));
    m.set(`${side}Foot`, rotX(deg(angles.ankle)));
    // Arms down from the T-pose, swinging with the other leg.
    m.set(`${side}Arm`, mul(rotX(deg(arm.hip * 0.7)), rotY(deg(sign * 80))));
    m.set(`${side}ForeArm`, rotZ(deg(sign * -15)));
  }
  return m;
}

/** Every segment's place in the lab at time t, and the phase of the stride. */
function pose(
  skeleton: SkeletonRecord,
  t: number,
): { world: Map<number, { r: Mat3; p: Vec3 }>; phase: number; walking: boolean } {
  const { position, heading, walking } = course(t);
  const phase = t / STRIDE_SECONDS;
  const rotations = walking ? joints(phase) : joints(0.25);
  const world = new Map<number, { r: Mat3; p: Vec3 }>();
  const bob = walking ? 15 * Math.cos(4 * Math.PI * phase) : 0;
  const place = (id: number, parent: { r: Mat3; p: Vec3 } | null) => {
    const segment = skeleton.segments[id];
    const offset = segment.transform.map((row) => row[3] * skeleton.scale).slice(0, 3) as Vec3;
    const own = rotations.get(segment.name) ?? IDENTITY;
    const here = parent
      ? { r: mul(parent.r, own), p: add(parent.p, apply(parent.r, offset)) }
      : { r: mul(rotZ(heading), own), p: add(position, [offset[0], offset[1], offset[2] + bob]) };
    world.set(id, here);
    for (const child of segment.children) place(child, here);
  };
  place(skeleton.rootId, null);
  return { world, phase, walking };
}

/** Each marker's segment and its place on it, by label: found once per skeleton. */
const MARKERS = new WeakMap<SkeletonRecord, Map<string, { segment: number; position: Vec3 }>>();

function markerAt(skeleton: SkeletonRecord, world: Map<number, { r: Mat3; p: Vec3 }>, label: string): Vec3 | undefined {
  let markers = MARKERS.get(skeleton);
  if (!markers) {
    markers = new Map();
    for (const segment of Object.values(skeleton.segments))
      for (const m of segment.markers)
        markers.set(m.name, { segment: segment.id, position: m.position.map((v) => v * skeleton.scale) as Vec3 });
    MARKERS.set(skeleton, markers);
  }
  const marker = markers.get(label);
  if (!marker) return undefined;
  const { r, p } = world.get(marker.segment)!;
  return add(p, apply(r, marker.position));
}

/** A plate of 500 × 600 mm, its z down as the format has it: corner 1 at its +x +y, in the lab's −y. */
function plateAt(centre: Vec3, channels: number[]): C3dForcePlate {
  const [x, y] = centre;
  return {
    type: 2,
    channels,
    corners: [
      [x + 250, y - 300, 0],
      [x - 250, y - 300, 0],
      [x - 250, y + 300, 0],
      [x + 250, y + 300, 0],
    ],
    origin: [0, 0, -40],
    calibration: undefined,
  };
}

/**
 * The demo measurement as a C3D recording, for the state's trajectories (by label; the
 * unidentified ones are stray reflections): samples only within each trajectory's parts.
 */
export function demoWalk(
  skeleton: SkeletonRecord,
  trajectories: readonly TrajectoryRecord[],
  frames: number,
): C3dRecording {
  const markers = trajectories.map((t) => ({
    label: t.label ?? '',
    description: '',
    positions: new Float32Array(frames * 3),
    residuals: new Float32Array(frames).fill(-1),
  }));
  const perFrame = DEMO_ANALOG_PER_FRAME;
  const samples = frames * perFrame;
  const analog = ['1', '2'].flatMap((plate) =>
    ['Fx', 'Fy', 'Fz', 'Mx', 'My', 'Mz'].map((axis) => ({
      label: `Force plate ${plate} ${axis}`,
      description: '',
      unit: axis.startsWith('F') ? 'N' : 'Nmm',
      samples: new Float32Array(samples),
    })),
  );
  const strikes: { label: string; time: number; heel: Vec3 }[] = [];
  // Each foot's heel and toe at every frame, gaps or not: where the force plates are pressed.
  const feet = new Map(['LHEE', 'LTOE', 'RHEE', 'RTOE'].map((label) => [label, new Float64Array(frames * 3)]));
  const phases = new Float64Array(frames);
  const walking: boolean[] = [];
  for (let f = 0; f < frames; f++) {
    const { world, phase, walking: on } = pose(skeleton, f / DEMO_RATE);
    phases[f] = phase;
    walking.push(on);
    for (const [label, track] of feet) track.set(markerAt(skeleton, world, label) ?? [0, 0, 0], 3 * f);
    trajectories.forEach((t, i) => {
      if (!t.parts.some((p) => p.range.start <= f && f <= p.range.end)) return;
      // A stray reflection drifts near the walkway's start; a labelled marker is where its segment puts it.
      const at =
        t.label === null
          ? ([800 + 40 * Math.sin(f / 7), -2500 + i * 300, 20 + (f % 13)] as Vec3)
          : markerAt(skeleton, world, t.label);
      if (!at) return;
      markers[i].positions.set(at, 3 * f);
      markers[i].residuals[f] = 0.4 + 0.6 * Math.abs(Math.sin(f * 0.37 + i));
    });
  }
  // The gait events, from the stride's phase while walking.
  const events: { label: string; time: number }[] = [];
  const footAt = (label: string, frame: number): Vec3 => {
    const track = feet.get(label)!;
    return [track[3 * frame], track[3 * frame + 1], track[3 * frame + 2]];
  };
  for (let f = 1; f < frames; f++) {
    if (!walking[f]) continue;
    for (const [side, shift] of [
      ['L', 0],
      ['R', 0.5],
    ] as const) {
      const crossed = (mark: number) =>
        Math.floor(phases[f - 1] + shift - mark) !== Math.floor(phases[f] + shift - mark);
      if (crossed(0)) {
        events.push({ label: `${side}HS`, time: f / DEMO_RATE });
        strikes.push({ label: side, time: f / DEMO_RATE, heel: footAt(`${side}HEE`, f) });
      }
      if (crossed(STANCE)) events.push({ label: `${side}TO`, time: f / DEMO_RATE });
    }
  }
  // Two plates under the second and third steps of the first pass; each foot's stance on its plate loads it.
  const plates = strikes.slice(1, 3).map((s, k) =>
    plateAt(
      [s.heel[0], s.heel[1] + 90, 0],
      [0, 1, 2, 3, 4, 5].map((c) => 6 * k + c),
    ),
  );
  strikes.slice(1, 3).forEach((strike, plate) => {
    const stance = STANCE * STRIDE_SECONDS;
    for (let i = 0; i < samples; i++) {
      const time = i / (DEMO_RATE * perFrame);
      const s = (time - strike.time) / stance;
      if (s < 0 || s > 1) continue;
      // Between two frames, the foot is where they put it, in proportion.
      const frame = Math.min(Math.floor(time * DEMO_RATE), frames - 2);
      const part = time * DEMO_RATE - frame;
      const between = (label: string): Vec3 => {
        const [p, q] = [footAt(label, frame), footAt(label, frame + 1)];
        return [p[0] + (q[0] - p[0]) * part, p[1] + (q[1] - p[1]) * part, p[2] + (q[2] - p[2]) * part];
      };
      const heel = between(`${strike.label}HEE`);
      const toe = between(`${strike.label}TOE`);
      const cop: Vec3 = [heel[0] + (toe[0] - heel[0]) * s, heel[1] + (toe[1] - heel[1]) * s, 0];
      // Two humps of the vertical force, braking then pushing along the way it walks.
      const force: Vec3 = [
        0,
        -0.18 * WEIGHT * Math.sin(2 * Math.PI * s),
        WEIGHT * (Math.sin(Math.PI * s) + 0.25 * Math.sin(3 * Math.PI * s)),
      ];
      writePlate(plates[plate], analog, i, force, cop);
    }
  });
  return {
    processor: 'intel',
    integer: false,
    pointScale: 0.1,
    frameRate: DEMO_RATE,
    firstFrame: 1,
    frameCount: frames,
    pointUnit: 'mm',
    markers,
    analogRate: DEMO_RATE * perFrame,
    analog,
    events: events.map((e) => ({ ...e, context: '', description: '' })),
    forcePlates: plates,
    parameters: new Map(),
  };
}

/** A plate's six channels for a force at a point of its surface, as its sensor measures them. */
function writePlate(
  plate: C3dForcePlate,
  analog: { samples: Float32Array }[],
  i: number,
  force: Vec3,
  cop: Vec3,
): void {
  const [c1, , c3] = plate.corners;
  const centre: Vec3 = [(c1[0] + c3[0]) / 2, (c1[1] + c3[1]) / 2, 0];
  // The plate's axes are the lab's x, −y and −z: into the plate's coordinates.
  const inPlate = (v: Vec3): Vec3 => [v[0], -v[1], -v[2]];
  const f = inPlate(force);
  const p = inPlate([cop[0] - centre[0], cop[1] - centre[1], 0]);
  const r = plate.origin;
  // The moment about the sensor: ORIGIN points from the sensor to the surface's centre, so the
  // point is ORIGIN + p from the sensor.
  const arm: Vec3 = [p[0] + r[0], p[1] + r[1], p[2] + r[2]];
  const m: Vec3 = [arm[1] * f[2] - arm[2] * f[1], arm[2] * f[0] - arm[0] * f[2], arm[0] * f[1] - arm[1] * f[0]];
  [...f, ...m].forEach((v, c) => (analog[plate.channels[c]].samples[i] = v));
}
