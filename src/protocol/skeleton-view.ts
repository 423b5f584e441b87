// The messages between the extension and the 3D skeleton view's webview. Shared by both sides (no
// `vscode` import, no DOM): the extension sends scenes and highlights, the webview sends what the
// user asked for and, on request, what it has drawn.
import type { Shape } from '../api/gui/drawn-shapes';
import type { Pose, SkeletonScene } from '../api/skeletons/skeleton-geometry';
import type { SkeletonSourceName, Vec3 } from '../api/skeletons/skeleton-model';

/**
 * One skeleton placed in the pose the view shows, and in the other once it is read (the default
 * pose comes after every skeleton is shown calibrated, unless the view shows the default pose):
 * the view then toggles between them without asking again.
 */
export interface ViewSkeleton {
  id: number;
  name: string;
  scale: number;
  calibrated: SkeletonScene;
  default?: SkeletonScene;
  /**
   * Only where its segments are (unnamed, with bones between them): its names, markers, rigid bodies
   * and the bones to the leaves' ends come in a second message, the whole skeleton again. A large
   * source shows every segment sooner so. A view that has already drawn the skeleton whole keeps that
   * drawing until the whole one comes, so that a reload does not flicker.
   */
  placedOnly?: true;
}

/**
 * What a view shows, before its skeletons arrive: they are sent one by one as they are read (a
 * large source takes thousands of requests), and each is drawn when it comes. Skeletons of an
 * earlier outline stay drawn until replaced, so a reload after an edit does not flicker.
 */
export interface SceneOutline {
  /** The panel's title: the source, and the skeleton when only one is shown. */
  title: string;
  source: SkeletonSourceName;
  /** The skeletons to show, in order; any other is removed. */
  skeletonIds: number[];
}

/** A segment of a skeleton shown in the view. */
export interface SegmentRef {
  skeletonId: number;
  segmentId: number;
}

/** How a dry run changed a segment, as the 3D view colours it. */
export type SegmentChange = 'added' | 'removed' | 'moved' | 'changed';

/**
 * What a dry run changed, over the scene of the state after it: each segment's change, and the
 * segments it removed as they were before (drawn as they were, in the removed colour). Segments
 * not named are drawn unchanged, dimmed, so that the changes stand out.
 */
export interface SceneChanges {
  /** By "skeletonId/segmentId" (ids are the application's: a dry run keeps them). */
  segments: Record<string, SegmentChange>;
  /** The removed segments of each skeleton (whole skeletons too), placed as before the script. */
  removed: ViewSkeleton[];
  /** For the legend: what changed, counted, and the skeleton changes the drawing cannot show (a scale, a name). */
  summary: string[];
}

/**
 * The open measurement's markers, frame by frame, for the current data's view: each trajectory's
 * positions at the frames shown (every `step`-th frame of the measurement, so a long one stays a
 * few megabytes), null where it has no sample (a gap).
 */
export interface ViewMeasurement {
  /** The measurement's frame rate and number of frames. */
  rate: number;
  frameCount: number;
  /** The frames shown are 0, step, 2·step…: `positions[t][k]` is at frame k·step. */
  step: number;
  /** The measurement's current frame when it was read. */
  current: number;
  trajectories: { label: string | null; positions: (Vec3 | null)[] }[];
}

/** What the measurement drawn shows at its frame: for tests and the bench. */
interface MeasurementReport {
  frame: number;
  /** Markers drawn at that frame, and those in a gap there. */
  shown: number;
  inGaps: number;
}

/** The key of a segment in a dry run's changes. */
export function segmentKey(skeletonId: number, segmentId: number): string {
  return `${skeletonId}/${segmentId}`;
}

/** What the webview has drawn, read back from its three.js objects (for tests and the bench). */
export interface SceneReport {
  pose: Pose;
  skeletons: number;
  /** Every skeleton of the outline has arrived whole and is drawn. */
  complete: boolean;
  /** Skeletons drawn with their segments only, their names, markers and rigid bodies still to come. */
  placedOnly: number;
  segments: number;
  markers: number;
  bones: number;
  /** Segments and markers drawn in the warning colour. */
  warnings: number;
  /** Segment origins drawn in each colour of a dry run's changes (all zero for the application's own view). */
  changes: Record<SegmentChange, number>;
  /** Each segment's drawn origin, by "skeleton/segment" name (mm). */
  origins: Record<string, Vec3>;
  highlighted: SegmentRef | null;
  /** Markers drawn as part of the application's selection. */
  selectedMarkers: string[];
  /** Where the scene's extent falls on the canvas, in canvas pixels. */
  extentOnCanvas: { left: number; top: number; right: number; bottom: number };
  /** `placed`: where the view put it (not moved by the user), so a resize fits again. */
  camera: { position: Vec3; target: Vec3; placed: boolean };
  /** The canvas as a PNG data URL. */
  image: string;
  /** The measurement drawn, when the view shows one. */
  measurement?: MeasurementReport;
  /** What the scripts' draw function drew, when there is one: shapes by kind, and the 2D texts. */
  drawing?: { spheres: number; arrows: number; axes: number; meshes: number; texts: string[] };
}

export type ToView =
  | { type: 'outline'; outline: SceneOutline }
  | { type: 'skeleton'; skeleton: ViewSkeleton }
  /** The default pose of a skeleton sent before without it. */
  | { type: 'defaultPose'; skeletonId: number; scene: SkeletonScene }
  | { type: 'failed'; message: string }
  | { type: 'highlight'; segment: SegmentRef | null }
  | { type: 'selection'; markers: string[] }
  /** A dry run's changes: the view shows a state that is not the application's, coloured by what changed. */
  | { type: 'changes'; changes: SceneChanges }
  /** The open measurement's markers (null: none is open), drawn over the skeletons with a frame slider. */
  | { type: 'measurement'; measurement: ViewMeasurement | null }
  /** Does what moving the frame slider to this frame does (for tests). */
  | { type: 'frame'; frame: number }
  | { type: 'report' }
  /** What the scripts' draw function drew at the time shown (spheres, arrows, axes, 2D text); `error`: why nothing was. */
  | { type: 'drawing'; shapes: Shape[]; error?: string }
  /** Does what the pose buttons do (for tests). */
  | { type: 'pose'; pose: Pose }
  /** Does what a click at the segment's drawn origin does (for tests: the same picking as the mouse). */
  | { type: 'click'; skeleton: string; segment: string };

export type FromView =
  /** The view (made again) is ready for its scene; it shows this pose, so that one is read first. */
  | { type: 'ready'; pose: Pose }
  /** The view now shows this pose: reloads read it first. */
  | { type: 'pose'; pose: Pose }
  | { type: 'reveal'; segment: SegmentRef }
  | { type: 'selectMarkers'; segment: SegmentRef }
  | { type: 'report'; report: SceneReport }
  /** The measurement's time the view now shows (seconds): what a draw function is asked to draw. */
  | { type: 'time'; time: number };
