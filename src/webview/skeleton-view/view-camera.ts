import { Box3, PerspectiveCamera, Vector3 } from 'three';
import type { OrbitControls } from 'three/addons/controls/OrbitControls.js';

/** The application's world is Z-up, in mm. */
export const UP = new Vector3(0, 0, 1);

/** Directions the camera looks from, toward the target: front (−Y), side (+X), top (+Z), and the opening three-quarter view. */
const FROM = {
  front: new Vector3(0, -1, 0),
  side: new Vector3(1, 0, 0),
  top: new Vector3(0, -0.0001, 1),
  perspective: new Vector3(0.7, -1, 0.5),
} as const;
export type ViewDirection = keyof typeof FROM;

/**
 * Points the camera at the box from a direction, far enough back that the whole box is in view
 * (its bounding sphere fits the narrower of the two fields of view).
 */
export function lookAtBox(
  camera: PerspectiveCamera,
  controls: OrbitControls,
  box: Box3,
  direction: ViewDirection | Vector3,
): void {
  const target = box.isEmpty() ? new Vector3() : box.getCenter(new Vector3());
  const radius = box.isEmpty() ? 1000 : Math.max(box.getSize(new Vector3()).length() / 2, 200);
  const vertical = (camera.fov * Math.PI) / 180;
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * camera.aspect);
  const distance = (radius / Math.sin(Math.min(vertical, horizontal) / 2)) * 1.05;
  const from = (direction instanceof Vector3 ? direction.clone() : FROM[direction].clone()).normalize();
  camera.position.copy(target).addScaledVector(from, distance);
  camera.near = Math.max(distance / 1000, 1);
  camera.far = distance * 20;
  camera.updateProjectionMatrix();
  controls.target.copy(target);
  controls.update();
}

/** Fit keeps the direction the user looks from; only the distance and target change. */
export function fitBox(camera: PerspectiveCamera, controls: OrbitControls, box: Box3): void {
  lookAtBox(camera, controls, box, camera.position.clone().sub(controls.target));
}
