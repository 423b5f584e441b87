import { LineSegments, Object3D, type PerspectiveCamera, Raycaster, Vector2, type Vector3 } from 'three';
import { JOINT_RADIUS, type DrawnView, type Pickable } from './skeleton-drawing';

/**
 * What is under a point of the canvas: a joint before a marker before a bone (a joint is the
 * smallest target), nearest first within each. `target` is where the camera looks.
 */
export function pickAt(
  drawn: DrawnView,
  camera: PerspectiveCamera,
  target: Vector3,
  canvas: HTMLCanvasElement,
  clientX: number,
  clientY: number,
): Pickable | undefined {
  const rect = canvas.getBoundingClientRect();
  const pointer = new Vector2(
    ((clientX - rect.left) / rect.width) * 2 - 1,
    -((clientY - rect.top) / rect.height) * 2 + 1,
  );
  const raycaster = new Raycaster();
  camera.updateMatrixWorld(); // the controls move the camera; its matrices follow at the next render
  raycaster.setFromCamera(pointer, camera);
  // A line is hit within a few pixels of it, whatever the distance.
  const distance = camera.position.distanceTo(target);
  raycaster.params.Line = { threshold: (distance * 4) / rect.height };
  // A joint or marker is hit within its radius (and never less than a few pixels).
  raycaster.params.Points = { threshold: Math.max(JOINT_RADIUS, (distance * 3) / rect.height) };
  for (const objects of [drawn.joints, drawn.markers, drawn.bones] as Object3D[][]) {
    const hit = raycaster.intersectObjects(objects, false)[0];
    if (!hit) continue;
    const index = hit.object instanceof LineSegments ? Math.floor((hit.index ?? 0) / 2) : (hit.index ?? 0);
    const pick = drawn.picks.get(hit.object)?.[index];
    if (pick) return pick;
  }
  return undefined;
}

/** Where a point of the scene is on the page (client pixels), as a pointer event would give it. */
export function clientPointOf(position: Vector3, camera: PerspectiveCamera, canvas: HTMLCanvasElement): Vector2 {
  const rect = canvas.getBoundingClientRect();
  camera.updateMatrixWorld();
  const at = position.clone().project(camera);
  return new Vector2(rect.left + ((at.x + 1) / 2) * rect.width, rect.top + ((1 - at.y) / 2) * rect.height);
}

/** What hovering says: the segment or marker, its skeleton, and what is wrong with it. */
export function describePick(pick: Pickable): string {
  const what = pick.kind === 'marker' ? `Marker ${pick.name} on ${pick.segmentName}` : `Segment ${pick.segmentName}`;
  return [`${what} · ${pick.skeletonName}`, ...pick.problems.map((p) => `⚠ ${p}`)].join('\n');
}
