import { Box3, Color, InstancedMesh, Matrix4, MeshStandardMaterial, SphereGeometry, Vector3, type Scene } from 'three';
import type { SceneReport, ViewMeasurement } from '../../protocol/skeleton-view';

/** The markers' spheres, mm: the size a marker is. */
const MARKER_RADIUS = 9;

/** The page's timeline below the view (view-html.ts): its bar, slider, Play button and line of text. */
function timelineControls() {
  const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return {
    bar: element('timeline'),
    slider: element<HTMLInputElement>('frame'),
    play: element<HTMLButtonElement>('play'),
    label: element('frame-label'),
  };
}

/**
 * The open measurement drawn over the current data's skeletons: a sphere per trajectory at the
 * frame shown, none where the trajectory has a gap there (the label says how many are in one), a
 * slider and a play button to move through the frames at the measurement's own pace.
 */
export class MeasurementLayer {
  private mesh: InstancedMesh | undefined;
  private measurement: ViewMeasurement | null = null;
  /** The index of the frame shown among those sent (frame = index × step). */
  private index = 0;
  private playing = 0;

  private readonly controls = timelineControls();

  constructor(
    private readonly scene: Scene,
    private readonly colour: Color,
    private readonly invalidate: () => void,
    /** Told the time (s) of each frame shown: the scripts' draw function is asked what it draws then. */
    private readonly onTime: (time: number) => void = () => undefined,
  ) {
    this.controls.slider.addEventListener('input', () => this.showIndex(Number(this.controls.slider.value)));
    this.controls.play.addEventListener('click', () => (this.playing ? this.pause() : this.play()));
  }

  show(measurement: ViewMeasurement | null): void {
    this.pause();
    if (this.mesh) {
      this.scene.remove(this.mesh);
      this.mesh.geometry.dispose();
      (this.mesh.material as MeshStandardMaterial).dispose();
      this.mesh = undefined;
    }
    this.measurement = measurement;
    this.controls.bar.hidden = !measurement;
    if (!measurement) return this.invalidate();
    const frames = measurement.trajectories[0]?.positions.length ?? 0;
    this.mesh = new InstancedMesh(
      new SphereGeometry(MARKER_RADIUS, 12, 8),
      new MeshStandardMaterial({ color: this.colour }),
      Math.max(1, measurement.trajectories.length),
    );
    this.mesh.name = 'measurement markers';
    this.scene.add(this.mesh);
    this.controls.slider.max = String(Math.max(0, frames - 1));
    this.showIndex(Math.round(measurement.current / measurement.step));
  }

  /** Shows the frame nearest `frame` among those sent. */
  showFrame(frame: number): void {
    if (this.measurement) this.showIndex(Math.round(frame / this.measurement.step));
  }

  private showIndex(index: number): void {
    const m = this.measurement;
    if (!m || !this.mesh) return;
    const frames = m.trajectories[0]?.positions.length ?? 0;
    this.index = Math.min(Math.max(0, index), Math.max(0, frames - 1));
    const place = new Matrix4();
    const hidden = new Matrix4().makeScale(0, 0, 0);
    let inGaps = 0;
    m.trajectories.forEach((t, i) => {
      const p = t.positions[this.index];
      if (p) place.makeTranslation(p[0], p[1], p[2]);
      else inGaps++;
      this.mesh!.setMatrixAt(i, p ? place : hidden);
    });
    this.mesh.instanceMatrix.needsUpdate = true;
    this.mesh.computeBoundingSphere();
    this.controls.slider.value = String(this.index);
    const frame = this.index * m.step;
    const gaps = inGaps === 0 ? 'no marker in a gap' : `${inGaps} marker${inGaps === 1 ? '' : 's'} in a gap`;
    this.controls.label.textContent = `Frame ${frame} of ${m.frameCount} · ${(frame / m.rate).toFixed(2)} s · ${gaps}`;
    this.onTime(frame / m.rate);
    this.invalidate();
  }

  private play(): void {
    const m = this.measurement;
    if (!m) return;
    this.controls.play.textContent = 'Pause';
    this.controls.play.setAttribute('aria-pressed', 'true');
    let last = performance.now();
    const tick = (now: number) => {
      // At the measurement's own pace: a second of it in a second.
      const advance = Math.floor(((now - last) / 1000) * (m.rate / m.step));
      if (advance > 0) {
        last = now;
        const frames = m.trajectories[0]?.positions.length ?? 1;
        this.showIndex((this.index + advance) % frames);
      }
      this.playing = requestAnimationFrame(tick);
    };
    this.playing = requestAnimationFrame(tick);
  }

  private pause(): void {
    if (this.playing) cancelAnimationFrame(this.playing);
    this.playing = 0;
    this.controls.play.textContent = 'Play';
    this.controls.play.setAttribute('aria-pressed', 'false');
  }

  /** Where the markers are at the frame shown: what the camera fits when there is no skeleton. */
  extent(): Box3 | undefined {
    const m = this.measurement;
    if (!m) return undefined;
    const box = new Box3();
    for (const t of m.trajectories) {
      const p = t.positions[this.index];
      if (p) box.expandByPoint(new Vector3(...p));
    }
    return box.isEmpty() ? undefined : box;
  }

  /** The report's part of it: nothing when no measurement is shown. */
  report(): Pick<SceneReport, 'measurement'> {
    const m = this.measurement;
    if (!m) return {};
    const inGaps = m.trajectories.filter((t) => !t.positions[this.index]).length;
    return { measurement: { frame: this.index * m.step, shown: m.trajectories.length - inGaps, inGaps } };
  }
}
