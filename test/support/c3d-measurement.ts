import { writeFileSync } from 'node:fs';
import type { C3dRecording } from '../../src/api/c3d/c3d-recording';
import { writeC3d } from '../../src/api/c3d/c3d-write';

export type Track = (frame: number) => [number, number, number] | null;

/**
 * A C3D file of markers that move as the tests say: each marker's position per frame, or null for
 * a gap. Written by our writer (tested against hand-made bytes on its own); what is under test is
 * what the reference server does with the measurement.
 */
export function writeMeasurement(
  path: string,
  markers: Record<string, Track>,
  options: {
    frames?: number;
    rate?: number;
    analog?: { label: string; unit: string; samples: number[] }[];
    analogRate?: number;
  } = {},
): void {
  const { frames = 20, rate = 100, analog = [] } = options;
  const analogRate = options.analogRate ?? rate;
  const recording: C3dRecording = {
    processor: 'intel',
    integer: false,
    pointScale: 0.1,
    frameRate: rate,
    firstFrame: 1,
    frameCount: frames,
    pointUnit: 'mm',
    markers: Object.entries(markers).map(([label, track]) => {
      const positions = new Float32Array(frames * 3);
      const residuals = new Float32Array(frames);
      for (let f = 0; f < frames; f++) {
        const p = track(f);
        if (p) positions.set(p, 3 * f);
        residuals[f] = p ? 0.5 : -1;
      }
      return { label, description: '', positions, residuals };
    }),
    analogRate,
    analog: analog.map((c) => ({ ...c, description: '', samples: Float32Array.from(c.samples) })),
    events: [],
    forcePlates: [],
    parameters: new Map(),
  };
  writeFileSync(path, writeC3d(recording));
}
