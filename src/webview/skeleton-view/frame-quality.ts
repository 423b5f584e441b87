import {
  BufferGeometry,
  type Camera,
  type EventDispatcher,
  Float32BufferAttribute,
  HalfFloatType,
  Mesh,
  type Object3D,
  type Scene,
  OrthographicCamera,
  ShaderMaterial,
  type WebGLRenderer,
  WebGLRenderTarget,
} from 'three';

/** Samples per pixel of a frame at rest. */
const SAMPLES = 4;
/** How long the camera rests before a frame is drawn well: longer than the gap between wheel turns. */
const REST_MS = 200;

/** A triangle covering the canvas, which shows the frame rendered at rest (with colour-space output like any material). */
const SHOW_VERTEX = `
  varying vec2 vUv;
  void main() {
    vUv = uv;
    gl_Position = vec4(position.xy, 0.0, 1.0);
  }`;
const SHOW_FRAGMENT = `
  uniform sampler2D frame;
  varying vec2 vUv;
  void main() {
    gl_FragColor = texture2D(frame, vUv);
    #include <colorspace_fragment>
  }`;

/**
 * Frames drawn two ways. While the camera moves, straight to the canvas without antialiasing: a
 * software renderer (SwiftShader, a remote desktop without a GPU) then keeps orbiting a large
 * stage smooth. Once it rests, into a 4× multisampled target shown on the canvas: the picture the
 * user looks at, and every screenshot, has smooth edges. Both ways give the same colours (the
 * target holds linear colour in half floats; showing it converts as the canvas would).
 * A frame drawn well costs SwiftShader about six drawn quickly (measured on the 20-actor stage:
 * 120 ms against 20), so a scene that just changed (skeletons arrived) is drawn quickly too, and
 * well once it has rested: the user sees it at once.
 */
export class FrameQuality {
  private readonly rested: WebGLRenderTarget;
  private readonly show: Mesh<BufferGeometry, ShaderMaterial>;
  private readonly showCamera: Camera;
  /** The user is moving the camera (a drag, or wheel turns, each of which starts and ends at once). */
  private moving = false;
  /** The scene changed a moment ago. */
  private changing = false;
  private resting: ReturnType<typeof setTimeout> | undefined;
  private redraw: () => void = () => undefined;

  constructor(private readonly renderer: WebGLRenderer) {
    this.rested = new WebGLRenderTarget(1, 1, { samples: SAMPLES, type: HalfFloatType });
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute([-1, -1, 0, 3, -1, 0, -1, 3, 0], 3));
    geometry.setAttribute('uv', new Float32BufferAttribute([0, 0, 2, 0, 0, 2], 2));
    const material = new ShaderMaterial({
      uniforms: { frame: { value: this.rested.texture } },
      vertexShader: SHOW_VERTEX,
      fragmentShader: SHOW_FRAGMENT,
      depthTest: false,
      depthWrite: false,
    });
    this.show = new Mesh(geometry, material);
    this.show.frustumCulled = false;
    this.showCamera = new OrthographicCamera(); // any camera: the triangle is placed in clip space
  }

  /**
   * Frames are drawn quickly while `controls` move the camera; once it has rested a moment,
   * `redraw` is asked for one drawn well.
   */
  follow(controls: EventDispatcher<{ start: object; end: object }>, redraw: () => void): void {
    this.redraw = redraw;
    controls.addEventListener('start', () => {
      this.moving = true;
      clearTimeout(this.resting);
    });
    controls.addEventListener('end', () => this.restSoon());
  }

  /** The scene changed: its next frames are drawn quickly, and one well once it has rested a moment. */
  changed(): void {
    this.changing = true;
    if (!this.moving) this.restSoon();
  }

  private restSoon(): void {
    clearTimeout(this.resting);
    this.resting = setTimeout(() => {
      this.moving = false;
      this.changing = false;
      this.redraw();
    }, REST_MS);
  }

  /** Follows the canvas's size (in CSS pixels; the target counts device pixels). */
  setSize(width: number, height: number): void {
    const ratio = this.renderer.getPixelRatio();
    this.rested.setSize(Math.floor(width * ratio), Math.floor(height * ratio));
  }

  /**
   * Compiles the shaders of `objects` for both ways of drawing, as if they were in `scene` (its
   * lights), and the one that shows a frame at rest: the GPU compiles them meanwhile.
   */
  compile(objects: Object3D, camera: Camera, scene: Scene): void {
    this.renderer.compile(objects, camera, scene);
    this.renderer.setRenderTarget(this.rested);
    this.renderer.compile(objects, camera, scene);
    this.renderer.setRenderTarget(null);
    this.renderer.compile(this.show, this.showCamera);
  }

  /** Draws a frame: quickly while the camera moves or when `soonReplaced`, else well. */
  render(scene: Object3D, camera: Camera, soonReplaced: boolean): void {
    if (this.moving || this.changing || soonReplaced) {
      this.renderer.render(scene, camera);
      return;
    }
    this.renderer.setRenderTarget(this.rested);
    this.renderer.render(scene, camera);
    this.renderer.setRenderTarget(null);
    this.renderer.render(this.show, this.showCamera);
  }
}
