import type { C3dForcePlate } from '../../../src/api/c3d/c3d-recording';

type Vec = [number, number, number];

interface ForceSample {
  force: Vec;
  moment: Vec;
  center_of_pressure: Vec;
}

/** Below this vertical force (N) nobody stands on the plate: the centre of pressure is the plate's centre. */
const STANDING_FORCE = 10;

const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec): Vec => {
  const n = Math.hypot(...a) || 1;
  return [a[0] / n, a[1] / n, a[2] / n];
};
const mid = (a: Vec, b: Vec): Vec => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];

/**
 * A plate's place in the lab, from its corners as the format numbers them (1 in the plate's +x +y
 * quarter, then round): its axes as columns, and the centre of its working surface.
 */
function plateFrame(plate: C3dForcePlate): { axes: [Vec, Vec, Vec]; centre: Vec } {
  const [c1, c2, c3, c4] = plate.corners;
  const x = unit(sub(mid(c1, c4), mid(c2, c3)));
  const y = unit(sub(mid(c1, c2), mid(c3, c4)));
  const centre: Vec = [0, 1, 2].map((k) => (c1[k] + c2[k] + c3[k] + c4[k]) / 4) as Vec;
  return { axes: [x, y, cross(x, y)], centre };
}

const toLab = (axes: [Vec, Vec, Vec], v: Vec): Vec =>
  [0, 1, 2].map((k) => axes[0][k] * v[0] + axes[1][k] * v[1] + axes[2][k] * v[2]) as Vec;

/**
 * The force (N), the moment about the centre of the working surface (N·mm) and the centre of
 * pressure, all in the lab's coordinates, from one sample of a plate's channels (docs/design.md
 * §11). ORIGIN points from the sensor to the surface's centre, in the plate's coordinates, its z
 * below the surface negative; a file that writes it positive (an older convention) is read turned round.
 */
export function forceSample(plate: C3dForcePlate, channels: readonly number[]): ForceSample {
  const { axes, centre } = plateFrame(plate);
  const r: Vec = plate.origin[2] > 0 ? [-plate.origin[0], -plate.origin[1], -plate.origin[2]] : [...plate.origin];
  let force: Vec;
  let moment: Vec;
  if (plate.type === 1) {
    // Forces, the centre of pressure on the surface and the free moment, given as they are.
    force = [channels[0], channels[1], channels[2]];
    const cop: Vec = [channels[3], channels[4], 0];
    const lab = toLab(axes, cop);
    return {
      force: toLab(axes, force),
      moment: toLab(axes, [cop[1] * force[2], -cop[0] * force[2], channels[5]]),
      center_of_pressure: [centre[0] + lab[0], centre[1] + lab[1], centre[2] + lab[2]],
    };
  }
  if (plate.type === 3) {
    const [fx12, fx34, fy14, fy23, fz1, fz2, fz3, fz4] = channels;
    const [a, b] = [Math.abs(plate.origin[0]), Math.abs(plate.origin[1])];
    force = [fx12 + fx34, fy14 + fy23, fz1 + fz2 + fz3 + fz4];
    moment = [b * (fz1 + fz2 - fz3 - fz4), a * (-fz1 + fz2 + fz3 - fz4), b * (-fx12 + fx34) + a * (fy14 - fy23)];
    r[0] = 0;
    r[1] = 0;
  } else {
    const values =
      plate.type === 4 && plate.calibration
        ? [0, 1, 2, 3, 4, 5].map((row) =>
            channels.slice(0, 6).reduce((sum, v, col) => sum + plate.calibration![row * 6 + col] * v, 0),
          )
        : channels;
    force = [values[0], values[1], values[2]];
    moment = [values[3], values[4], values[5]];
  }
  // The moment about the surface's centre, then where on the surface the force acts.
  const atCentre = sub(moment, cross(r, force));
  const cop: Vec =
    Math.abs(force[2]) < STANDING_FORCE ? [0, 0, 0] : [-atCentre[1] / force[2], atCentre[0] / force[2], 0];
  const lab = toLab(axes, cop);
  return {
    force: toLab(axes, force),
    moment: toLab(axes, atCentre),
    center_of_pressure: [centre[0] + lab[0], centre[1] + lab[1], centre[2] + lab[2]],
  };
}
