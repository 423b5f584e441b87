import {
  ArrowHelper,
  AxesHelper,
  Color,
  Group,
  Matrix4,
  Mesh,
  MeshStandardMaterial,
  SphereGeometry,
  Vector3,
  type Scene,
} from 'three';
import type { Shape } from '../../api/gui/drawn-shapes';
import type { SceneReport } from '../../protocol/skeleton-view';

/** What a script draws without saying its colour: the application's default, a warm orange. */
const DEFAULT_COLOUR = 0x2080f0;

/** 0xbbggrr, as the interface gives colours, as a three.js colour. */
function colourOf(bbggrr: number | null): Color {
  const c = bbggrr ?? DEFAULT_COLOUR;
  return new Color((c & 0xff) / 255, ((c >> 8) & 0xff) / 255, ((c >> 16) & 0xff) / 255);
}

/** A 4×4 matrix given as its rows, as three.js takes it. */
function matrixOf(rows: number[][]): Matrix4 {
  return new Matrix4().set(...(rows.flat() as Parameters<Matrix4['set']>));
}

/**
 * What the scripts' draw function draws, over the skeleton or the measurement: spheres (the size is
 * their diameter), arrows, axes at a transform, and 2D text over the view. A mesh file is not read
 * (the view loads nothing from disk): it is counted, and said in the text line.
 */
export class DrawingLayer {
  private readonly group = new Group();
  private readonly texts: HTMLElement;
  private shown: Shape[] = [];

  constructor(
    scene: Scene,
    overlay: HTMLElement,
    private readonly invalidate: () => void,
  ) {
    this.group.name = 'script drawing';
    scene.add(this.group);
    this.texts = overlay;
  }

  show(shapes: readonly Shape[], error?: string): void {
    for (const child of [...this.group.children]) {
      this.group.remove(child);
      child.traverse((o) => {
        const mesh = o as Mesh;
        mesh.geometry?.dispose();
        (mesh.material as MeshStandardMaterial | undefined)?.dispose?.();
      });
    }
    this.texts.replaceChildren();
    this.shown = [...shapes];
    for (const shape of shapes) this.draw(shape);
    const meshes = shapes.filter((s) => s.shape === 'mesh').length;
    if (error || meshes) {
      const note = document.createElement('div');
      note.className = 'drawing-note';
      note.textContent =
        error ?? `${meshes} mesh${meshes === 1 ? '' : 'es'} drawn by the script not shown (files are not read here)`;
      this.texts.append(note);
    }
    this.invalidate();
  }

  private draw(shape: Shape): void {
    switch (shape.shape) {
      case 'sphere': {
        const sphere = new Mesh(
          new SphereGeometry(shape.size / 2, 24, 16),
          new MeshStandardMaterial({ color: colourOf(shape.color) }),
        );
        sphere.position.set(...shape.position);
        this.group.add(sphere);
        return;
      }
      case 'arrow': {
        const from = new Vector3(...shape.position);
        const to = new Vector3(...shape.endpoint).sub(from);
        const length = to.length();
        if (length > 0) this.group.add(new ArrowHelper(to.normalize(), from, length, colourOf(shape.color)));
        return;
      }
      case 'axes': {
        const axes = new AxesHelper(shape.size);
        axes.applyMatrix4(matrixOf(shape.transform));
        this.group.add(axes);
        return;
      }
      case 'text_2d': {
        const text = document.createElement('div');
        text.className = 'drawing-text';
        text.textContent = shape.text;
        // From the corner the origin names (top left by default), the position in pixels.
        const h = shape.origin?.horizontal ?? 'left';
        const v = shape.origin?.vertical ?? 'top';
        text.style.fontSize = `${shape.size}px`;
        text.style.color = `#${colourOf(shape.color).getHexString()}`;
        text.style.left =
          h === 'left' ? `${shape.position[0]}px` : h === 'center' ? `calc(50% + ${shape.position[0]}px)` : '';
        text.style.right = h === 'right' ? `${shape.position[0]}px` : '';
        text.style.top =
          v === 'top' ? `${shape.position[1]}px` : v === 'center' ? `calc(50% + ${shape.position[1]}px)` : '';
        text.style.bottom = v === 'bottom' ? `${shape.position[1]}px` : '';
        const align = shape.alignment?.horizontal ?? 'left';
        const valign = shape.alignment?.vertical ?? 'top';
        text.style.transform = `translate(${align === 'center' ? '-50%' : align === 'right' ? '-100%' : '0'}, ${valign === 'center' ? '-50%' : valign === 'bottom' ? '-100%' : '0'})`;
        this.texts.append(text);
        return;
      }
      case 'mesh':
        return; // counted in show()
    }
  }

  /** The report's part of it: nothing when the scripts drew nothing. */
  report(): Pick<SceneReport, 'drawing'> {
    if (this.shown.length === 0) return {};
    const count = (kind: Shape['shape']) => this.shown.filter((s) => s.shape === kind).length;
    return {
      drawing: {
        spheres: count('sphere'),
        arrows: count('arrow'),
        axes: count('axes'),
        meshes: count('mesh'),
        texts: this.shown.flatMap((s) => (s.shape === 'text_2d' ? [s.text] : [])),
      },
    };
  }
}
