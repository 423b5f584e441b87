import type { C3dProcessor } from './c3d-numbers';
import type { C3dParameters } from './c3d-parameters';

/** One marker's trajectory: its label and, per frame, x, y, z (mm) and the residual (negative in a gap). */
export interface C3dMarker {
  label: string;
  description: string;
  /** x, y, z of each frame one after another: frame f's x is at 3f. */
  positions: Float32Array;
  /** Per frame; negative where the marker was not seen (a gap). */
  residuals: Float32Array;
}

export interface C3dAnalogChannel {
  label: string;
  description: string;
  unit: string;
  /** Every sample, in the unit, scaled as the file says (offset, channel scale, general scale). */
  samples: Float32Array;
}

export interface C3dEvent {
  label: string;
  context: string;
  description: string;
  /** Seconds from the first frame of the recording. */
  time: number;
}

/** A force plate as the FORCE_PLATFORM group describes it (types 1 to 4 of the format). */
export interface C3dForcePlate {
  type: number;
  /** 0-based indices of its analog channels, in the type's order (Fx, Fy, Fz, Mx, My, Mz for types 2 and 4). */
  channels: number[];
  /** The four corners in the lab's coordinates (mm), in the format's order. */
  corners: [number, number, number][];
  /** From the centre of the plate's surface to the origin of its sensor, in the plate's coordinates (mm). */
  origin: [number, number, number];
  /** Type 4's 6×6 calibration matrix, row-major; undefined for the other types. */
  calibration?: number[];
}

/** A measurement as a C3D file holds it, decoded: what the reference server opens and saves. */
export interface C3dRecording {
  processor: C3dProcessor;
  /** Whether the 3D and analog samples are stored as scaled 16-bit integers rather than floats. */
  integer: boolean;
  /** POINT:SCALE's size: mm per integer step (integer data), and the residuals' step (both). */
  pointScale: number;
  frameRate: number;
  /** The file's number of its first frame (1 for a recording that was not cut); sample 0 is this frame. */
  firstFrame: number;
  frameCount: number;
  pointUnit: string;
  markers: C3dMarker[];
  analogRate: number;
  analog: C3dAnalogChannel[];
  events: C3dEvent[];
  forcePlates: C3dForcePlate[];
  /** Every parameter as read, for the groups a writer carries over unchanged (MANUFACTURER, SEG…). */
  parameters: C3dParameters;
}
