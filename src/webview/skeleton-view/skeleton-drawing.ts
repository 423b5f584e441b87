import {
  Box3,
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  Group,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Object3D,
  Points,
  Vector3,
} from 'three';
import type { Matrix } from '../../api/skeletons/skeleton-model';
import type { Pose } from '../../api/skeletons/skeleton-geometry';
import { segmentKey, type SceneChanges, type SegmentRef, type ViewSkeleton } from '../../protocol/skeleton-view';
import { spherePoints } from './sphere-points';
import type { ViewColours } from './view-colours';

/** Sizes in the scene's unit, mm (a joint larger than a marker, as the application draws them), and at least on screen, px. */
export const JOINT_RADIUS = 20;
const MARKER_RADIUS = 12;
const JOINT_MIN_PIXELS = 9;
const MARKER_MIN_PIXELS = 7;
const RIGID_BODY_AXIS = 60;
const ROOT_AXIS = 200;

/** What the pointer can land on, and what hovering it says. */
export interface Pickable {
  kind: 'segment' | 'marker' | 'bone';
  skeletonId: number;
  skeletonName: string;
  segmentId: number;
  segmentName: string;
  name: string;
  position: Vector3;
  problems: string[];
}

/** The drawn scene: three.js objects and, for each instance or line, what it is. */
export interface DrawnScene {
  group: Group;
  joints: Points[];
  markers: Points[];
  bones: LineSegments[];
  /** By points or lines object: what point i (or line segment i) is. */
  picks: Map<Object3D, Pickable[]>;
  extent: Box3;
  /** Recolours for a highlighted segment, the application's selected markers and a dry run's changes. */
  paint(highlighted: SegmentRef | null, selected: ReadonlySet<string>, changes?: SceneChanges): void;
  dispose(): void;
}

/** Draws skeletons in a pose. Bad data (named by the geometry) is drawn in the warning colour. */
export function drawSkeletons(skeletons: readonly ViewSkeleton[], pose: Pose, colours: ViewColours): DrawnScene {
  const group = new Group();
  const picks = new Map<Object3D, Pickable[]>();
  const joints: Points[] = [];
  const markers: Points[] = [];
  const bones: LineSegments[] = [];
  const lineMaterial = new LineBasicMaterial({ vertexColors: true });
  const disposables: { dispose(): void }[] = [lineMaterial];
  const extent = new Box3();

  for (const skeleton of skeletons) {
    const placed = skeleton[pose];
    if (!placed) continue; // not read in this pose yet
    const names = new Map(placed.segments.map((s) => [s.id, s]));
    const about = (segmentId: number) => ({
      skeletonId: skeleton.id,
      skeletonName: skeleton.name,
      segmentId,
      segmentName: names.get(segmentId)?.name ?? String(segmentId),
    });

    const jointPicks = placed.segments.map((s): Pickable => ({
      kind: 'segment',
      ...about(s.id),
      name: s.name,
      position: new Vector3(...s.origin),
      problems: s.problems,
    }));
    const markerPicks = placed.markers.map((m): Pickable => ({
      kind: 'marker',
      ...about(m.segmentId),
      name: m.name,
      position: new Vector3(...m.position),
      problems: m.problems,
    }));
    for (const p of [...jointPicks, ...markerPicks]) extent.expandByPoint(p.position);
    const jointPoints = spherePoints(
      jointPicks.map((p) => p.position),
      JOINT_RADIUS,
      JOINT_MIN_PIXELS,
    );
    const markerPoints = spherePoints(
      markerPicks.map((p) => p.position),
      MARKER_RADIUS,
      MARKER_MIN_PIXELS,
    );
    picks.set(jointPoints, jointPicks);
    picks.set(markerPoints, markerPicks);
    joints.push(jointPoints);
    markers.push(markerPoints);
    disposables.push(jointPoints.geometry, jointPoints.material, markerPoints.geometry, markerPoints.material);

    const bonePositions = placed.bones.flatMap((b) => [...b.from, ...b.to]);
    for (const b of placed.bones) extent.expandByPoint(new Vector3(...b.to));
    const boneGeometry = new BufferGeometry();
    boneGeometry.setAttribute('position', new Float32BufferAttribute(bonePositions, 3));
    boneGeometry.setAttribute('color', new Float32BufferAttribute(new Float32Array(bonePositions.length), 3));
    const boneLines = new LineSegments(boneGeometry, lineMaterial);
    const bonePicks = placed.bones.map((b): Pickable => {
      const segment = names.get(b.segmentId);
      return {
        kind: 'bone',
        ...about(b.segmentId),
        name: segment?.name ?? '',
        position: new Vector3(...b.from),
        problems: segment?.problems ?? [],
      };
    });
    picks.set(boneLines, bonePicks);
    bones.push(boneLines);
    disposables.push(boneGeometry);

    // Axes: the root's, and each rigid body's (small), in the x red, y green, z blue convention.
    const axes: number[] = [];
    const axisColours: number[] = [];
    const addAxes = (world: Matrix, length: number) => {
      const m = new Matrix4().set(...(world.flat() as Parameters<Matrix4['set']>));
      const origin = new Vector3().applyMatrix4(m);
      const ends = [new Vector3(length, 0, 0), new Vector3(0, length, 0), new Vector3(0, 0, length)];
      ends.forEach((end, i) => {
        axes.push(origin.x, origin.y, origin.z, ...end.applyMatrix4(m).toArray());
        const c = [0, 0, 0];
        c[i] = 0.9;
        axisColours.push(...c, ...c);
      });
    };
    const root = placed.segments.find((s) => s.parentId === null) ?? placed.segments[0];
    if (root) addAxes(root.world, ROOT_AXIS);
    for (const body of placed.rigidBodies) addAxes(body.world, RIGID_BODY_AXIS);
    const axesGeometry = new BufferGeometry();
    axesGeometry.setAttribute('position', new Float32BufferAttribute(axes, 3));
    axesGeometry.setAttribute('color', new Float32BufferAttribute(axisColours, 3));
    disposables.push(axesGeometry);
    group.add(jointPoints, markerPoints, boneLines, new LineSegments(axesGeometry, lineMaterial));
  }

  const paint = (highlighted: SegmentRef | null, selected: ReadonlySet<string>, changes?: SceneChanges) => {
    const colourOf = (p: Pickable, normal: Color): Color => {
      if (p.problems.length > 0) return colours.warning;
      if (isOfSegment(p, highlighted)) return colours.highlight;
      // A dry run's view: what changed in its colour, the rest dimmed (selected markers stay so).
      const change = changes?.segments[segmentKey(p.skeletonId, p.segmentId)];
      if (change) return colours[change];
      if (p.kind === 'marker' && selected.has(p.name)) return colours.selected;
      return changes ? colours.unchanged : normal;
    };
    for (const points of [...joints, ...markers]) {
      const tint = points.geometry.getAttribute('tint') as Float32BufferAttribute;
      picks.get(points)!.forEach((p, i) => {
        const c = colourOf(p, p.kind === 'marker' ? colours.marker : colours.joint);
        tint.setXYZ(i, c.r, c.g, c.b);
      });
      tint.needsUpdate = true;
    }
    for (const lines of bones) {
      const colour = lines.geometry.getAttribute('color') as Float32BufferAttribute;
      picks.get(lines)!.forEach((p, i) => {
        const c = colourOf(p, colours.bone);
        colour.setXYZ(2 * i, c.r, c.g, c.b);
        colour.setXYZ(2 * i + 1, c.r, c.g, c.b);
      });
      colour.needsUpdate = true;
    }
  };
  paint(null, new Set());

  return {
    group,
    joints,
    markers,
    bones,
    picks,
    extent,
    paint,
    dispose: () => disposables.forEach((d) => d.dispose()),
  };
}

/** Whether a joint, marker or bone belongs to a segment (the highlighted one, say). */
export function isOfSegment(p: Pickable, segment: SegmentRef | null): boolean {
  return segment !== null && p.skeletonId === segment.skeletonId && p.segmentId === segment.segmentId;
}

/** Everything drawn, seen as one scene (its parts are added to and removed from the three.js scene one by one). */
export type DrawnView = Omit<DrawnScene, 'group' | 'dispose'>;

/** Skeletons drawn one by one (as they arrive), seen as one scene: for picking, painting, fitting and reports. */
export function combineDrawn(parts: readonly DrawnScene[]): DrawnView {
  const extent = new Box3();
  for (const part of parts) extent.union(part.extent);
  return {
    joints: parts.flatMap((p) => p.joints),
    markers: parts.flatMap((p) => p.markers),
    bones: parts.flatMap((p) => p.bones),
    picks: new Map(parts.flatMap((p) => [...p.picks])),
    extent,
    paint: (highlighted, selected, changes) => parts.forEach((p) => p.paint(highlighted, selected, changes)),
  };
}
