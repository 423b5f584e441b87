import { type Box3, type PerspectiveCamera, Vector3 } from 'three';
import type { Vec3 } from '../../api/skeletons/skeleton-model';
import { segmentKey, type SceneChanges, type SceneReport } from '../../protocol/skeleton-view';
import type { DrawnView } from './skeleton-drawing';

/** What is drawn, read back from the three.js objects themselves (not from the messages that asked for it). */
export function readBack(
  drawn: DrawnView | undefined,
  camera: PerspectiveCamera,
  canvas: HTMLCanvasElement,
  selectedMarkers: ReadonlySet<string>,
  changes: SceneChanges | undefined,
): Pick<
  SceneReport,
  'segments' | 'markers' | 'bones' | 'warnings' | 'changes' | 'origins' | 'selectedMarkers' | 'extentOnCanvas'
> {
  const origins: Record<string, Vec3> = {};
  let segments = 0;
  let markers = 0;
  let bones = 0;
  let warnings = 0;
  const changed: SceneReport['changes'] = { added: 0, removed: 0, moved: 0, changed: 0 };
  const position = new Vector3();
  for (const points of drawn?.joints ?? []) {
    const drawnAt = points.geometry.getAttribute('position');
    drawn!.picks.get(points)!.forEach((p, i) => {
      origins[`${p.skeletonName}/${p.name}`] = position.fromBufferAttribute(drawnAt, i).toArray();
      segments++;
      if (p.problems.length > 0) warnings++;
      const change = changes?.segments[segmentKey(p.skeletonId, p.segmentId)];
      if (change) changed[change]++;
    });
  }
  const markerPicks = (drawn?.markers ?? []).flatMap((points) => {
    markers += points.geometry.getAttribute('position').count;
    return drawn!.picks.get(points)!;
  });
  warnings += markerPicks.filter((p) => p.problems.length > 0).length;
  for (const lines of drawn?.bones ?? []) bones += lines.geometry.getAttribute('position').count / 2;
  // Drawing-buffer pixels, as in the canvas's picture; the camera's matrices as of the last render.
  const { width, height } = canvas;
  const onCanvas = (drawn && !drawn.extent.isEmpty() ? boxCorners(drawn.extent) : [])
    .map((c) => c.project(camera))
    .map((c) => [((c.x + 1) / 2) * width, ((1 - c.y) / 2) * height]);
  return {
    segments,
    markers,
    bones,
    warnings,
    changes: changed,
    origins,
    selectedMarkers: [...selectedMarkers].filter((name) => markerPicks.some((p) => p.name === name)),
    extentOnCanvas: {
      left: Math.min(...onCanvas.map((p) => p[0])),
      top: Math.min(...onCanvas.map((p) => p[1])),
      right: Math.max(...onCanvas.map((p) => p[0])),
      bottom: Math.max(...onCanvas.map((p) => p[1])),
    },
  };
}

function boxCorners(box: Box3): Vector3[] {
  return [0, 1, 2, 3, 4, 5, 6, 7].map(
    (i) => new Vector3(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z),
  );
}
