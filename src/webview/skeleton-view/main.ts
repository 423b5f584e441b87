// The 3D skeleton view's webview: draws the scenes the extension sends, with orbit/pan/zoom, views
// from the front, side and top, hover names, clicks that reveal a segment in the Skeletons view,
// and the application's selected markers highlighted. Renders on demand: nothing is drawn while
// nothing changes.
import { AmbientLight, Box3, DirectionalLight, GridHelper, PerspectiveCamera, Scene, WebGLRenderer } from 'three';
import { ComposeSchedule } from './compose-schedule';
import { FrameQuality } from './frame-quality';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { CSS2DObject, CSS2DRenderer } from 'three/addons/renderers/CSS2DRenderer.js';
import type { Pose } from '../../api/skeletons/skeleton-geometry';
import type { SceneReport, SegmentRef, ToView, ViewSkeleton } from '../../protocol/skeleton-view';
import { readBack } from './drawing-readback';
import { compileShaders } from './shader-warm-up';
import { Arrivals } from './skeleton-arrival';
import { groundGrid } from './ground-grid';
import { legendLines } from './legend-lines';
import { legendRows } from './legend-rows';
import { clientPointOf, pickAt } from './picking';
import { followPointer } from './pointer-input';
import {
  combineDrawn,
  drawSkeletons,
  isOfSegment,
  type DrawnScene,
  type DrawnView,
  type Pickable,
} from './skeleton-drawing';
import { fitBox, lookAtBox, UP, type ViewDirection } from './view-camera';
import { themeColours } from './view-colours';
import { colourKeyRows } from './colour-key';
import { CameraPlacement } from './camera-placement';
import { ChangeOverlay } from './change-overlay';
import { viewHost, type SavedState } from './view-host';
import { MeasurementLayer } from './measurement-layer';
import { DrawingLayer } from './drawing-layer';

/** Marker names are drawn for at most this many markers at once (beyond that they are unreadable, and slow). */
const MAX_LABELS = 300;

const vscode = viewHost();
const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const viewport = element<HTMLDivElement>('viewport');
const tooltip = element<HTMLDivElement>('tooltip');
const legend = element<HTMLDivElement>('legend');
const notice = element<HTMLDivElement>('notice');
const selectButton = element<HTMLButtonElement>('select-markers');
const labelsBox = element<HTMLInputElement>('labels');

const state: SavedState = { pose: 'calibrated', labels: false, ...vscode.getState() };
const colours = themeColours();
element<HTMLDetailsElement>('key').append(...colourKeyRows(colours));
// Antialiased at rest only (frame-quality): the context itself is not.
const renderer = new WebGLRenderer({ antialias: false });
renderer.setPixelRatio(window.devicePixelRatio);
renderer.setClearColor(colours.background);
viewport.appendChild(renderer.domElement);
const quality = new FrameQuality(renderer);
const labelRenderer = new CSS2DRenderer();
labelRenderer.domElement.classList.add('labels');
viewport.appendChild(labelRenderer.domElement);

const scene3d = new Scene();
const camera = new PerspectiveCamera(40, 1, 1, 100000);
camera.up.copy(UP);
scene3d.add(new AmbientLight(0xffffff, 1.2));
const light = new DirectionalLight(0xffffff, 2);
camera.add(light);
scene3d.add(camera);
const controls = new OrbitControls(camera, renderer.domElement);
controls.screenSpacePanning = true;

/** What the view shows, and the skeletons that have arrived (each drawn in the current pose). */
const arrivals = new Arrivals();
const parts = new Map<number, DrawnScene>();
/** Everything drawn, as one scene; undefined until a skeleton has arrived. */
let drawn: DrawnView | undefined;
let grid: GridHelper | undefined;
let labels: CSS2DObject[] = [];
let highlighted: SegmentRef | null = null;
let selectedMarkers = new Set<string>();
let frame = 0;
const placement = new CameraPlacement();
const overlay = new ChangeOverlay(scene3d, colours);
const measurement = new MeasurementLayer(scene3d, colours.marker, invalidate, (time) =>
  vscode.postMessage({ type: 'time', time }),
);
const drawing = new DrawingLayer(scene3d, element('drawing'), invalidate);

/** Draws once on the next frame, however many changes ask for it. */
function invalidate(): void {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    render();
  });
}

function render(): void {
  // While a large source arrives, each frame is soon replaced: drawn quickly, it leaves the time to reading.
  quality.render(scene3d, camera, arriving());
  labelRenderer.render(scene3d, camera);
}

function resize(): void {
  const { clientWidth: width, clientHeight: height } = viewport;
  if (width === 0 || height === 0) return;
  renderer.setSize(width, height);
  quality.setSize(width, height);
  labelRenderer.setSize(width, height);
  camera.aspect = width / height;
  camera.updateProjectionMatrix();
  if (placement.fitsResize && drawn) {
    lookAtBox(camera, controls, drawn.extent, camera.position.clone().sub(controls.target));
    saveCamera();
  }
  invalidate();
}
new ResizeObserver(resize).observe(viewport);
placement.follow(controls, invalidate, () => saveCamera());
quality.follow(controls, invalidate);

function saveCamera(): void {
  state.camera = {
    position: camera.position.toArray(),
    target: controls.target.toArray(),
    placed: placement.fitsResize,
  };
  vscode.setState(state);
}

/** The skeletons of the outline that have arrived in the current pose, in the outline's order. */
const shownSkeletons = () => arrivals.shown(state.pose);

/** Draws one skeleton in the current pose, in place of its earlier drawing. */
function drawPart(skeleton: ViewSkeleton): void {
  parts.get(skeleton.id)?.group.removeFromParent();
  parts.get(skeleton.id)?.dispose();
  const part = drawSkeletons([skeleton], state.pose, colours);
  part.paint(highlighted, selectedMarkers, overlay.changes);
  parts.set(skeleton.id, part);
  scene3d.add(part.group);
}

/** Takes a skeleton's drawing away (it is not in this pose yet, or no longer shown). */
function erasePart(id: number): void {
  parts.get(id)?.group.removeFromParent();
  parts.get(id)?.dispose();
  parts.delete(id);
}

/**
 * After skeletons arrive or go: the scene as a whole, the grid, colours and legend. The first
 * drawing looks from the saved camera, or fits; while the user has not moved the camera, each
 * arrival fits again; after that the camera stays where the user left it.
 */
function composed(options: { repaint: boolean } = { repaint: true }): void {
  const first = drawn === undefined;
  drawn = combineDrawn([...shownSkeletons().map((s) => parts.get(s.id)!), ...overlay.parts]);
  placeGrid(drawn.extent);
  if (first && state.camera) {
    camera.position.fromArray(state.camera.position);
    controls.target.fromArray(state.camera.target);
    controls.update();
    placement.restored(state.camera.placed === true);
  } else if (first || placement.fitsArrivals) {
    lookAtBox(camera, controls, drawn.extent, first ? 'perspective' : camera.position.clone().sub(controls.target));
    placement.fittedFirst();
    // Saved, so that a view made again (after being hidden) looks from the same place.
    saveCamera();
  }
  // Shown at once, drawn quickly; drawn well once nothing more arrives for a moment.
  quality.changed();
  if (options.repaint) repaint();
  else relabel();
  showLegend();
}

/** Skeletons, or their names and markers, are still arriving after the first was drawn. */
function arriving(): boolean {
  return drawn !== undefined && !arrivals.complete(state.pose);
}

const composing = new ComposeSchedule(() => composed({ repaint: false }), arriving);

/** The ground grid follows the scene's extent. */
function placeGrid(extent: Box3): void {
  grid?.removeFromParent();
  grid?.dispose();
  const placed = groundGrid(extent, colours.grid);
  grid = placed.grid;
  scene3d.add(grid);
  element('grid-size').textContent = `Grid ${placed.cellMm} mm`;
}

/** Colours and names follow the highlighted segment, the application's selection and the labels toggle. */
function repaint(): void {
  if (!drawn) return;
  drawn.paint(highlighted, selectedMarkers, overlay.changes);
  relabel();
}

/** Names: the highlighted segment's markers (or every marker, when asked and not too many), and warned segments. */
function relabel(): void {
  if (!drawn) return;
  for (const label of labels) label.removeFromParent();
  labels = [];
  const named: Pickable[] = [];
  for (const mesh of drawn.markers) {
    const picks = drawn.picks.get(mesh)!;
    const ofHighlighted = picks.filter((p) => isOfSegment(p, highlighted));
    named.push(...(state.labels && picks.length <= MAX_LABELS ? picks : ofHighlighted));
  }
  for (const mesh of drawn.joints)
    named.push(...drawn.picks.get(mesh)!.filter((p) => isOfSegment(p, highlighted) || p.problems.length > 0));
  for (const pick of named.slice(0, MAX_LABELS)) {
    const div = document.createElement('div');
    div.className = `label ${pick.kind}${pick.problems.length > 0 ? ' warning' : ''}`;
    div.textContent = pick.name;
    const label = new CSS2DObject(div);
    label.position.copy(pick.position);
    scene3d.add(label);
    labels.push(label);
  }
  selectButton.disabled = highlighted === null;
  invalidate();
}

function showLegend(): void {
  const lines = [...overlay.legend(), ...legendLines(shownSkeletons(), state.pose, arrivals.missing(state.pose))];
  legend.replaceChildren(...legendRows(lines));
  const empty = arrivals.empty;
  notice.hidden = !empty;
  if (empty) notice.textContent = 'No skeletons to show here.';
}

/** What is under a point of the page, if anything is drawn. */
function pickUnder(clientX: number, clientY: number): Pickable | undefined {
  return drawn && pickAt(drawn, camera, controls.target, renderer.domElement, clientX, clientY);
}

/** A click on a segment, marker or bone: its segment is highlighted here and revealed in the Skeletons view. */
function choose(pick: Pickable | undefined): void {
  highlighted = pick ? { skeletonId: pick.skeletonId, segmentId: pick.segmentId } : null;
  repaint();
  if (highlighted) vscode.postMessage({ type: 'reveal', segment: highlighted });
}

followPointer(renderer.domElement, tooltip, pickUnder, choose);

function setPose(pose: Pose): void {
  if (pose !== state.pose) vscode.postMessage({ type: 'pose', pose });
  state.pose = pose;
  vscode.setState(state);
  element('pose-calibrated').setAttribute('aria-pressed', String(pose === 'calibrated'));
  element('pose-default').setAttribute('aria-pressed', String(pose === 'default'));
  if (drawn === undefined) return;
  for (const skeleton of arrivals.all()) if (!skeleton[pose]) erasePart(skeleton.id);
  for (const skeleton of shownSkeletons()) drawPart(skeleton);
  overlay.draw(pose);
  composed();
}

function look(direction: ViewDirection | 'fit'): void {
  if (!drawn) return;
  if (direction === 'fit') fitBox(camera, controls, drawn.extent);
  else lookAtBox(camera, controls, drawn.extent, direction);
  placement.placedByButton();
  saveCamera();
}

element('pose-calibrated').addEventListener('click', () => setPose('calibrated'));
element('pose-default').addEventListener('click', () => setPose('default'));
for (const direction of ['fit', 'front', 'side', 'top'] as const)
  element(direction).addEventListener('click', () => look(direction));
labelsBox.checked = state.labels;
labelsBox.addEventListener('change', () => {
  state.labels = labelsBox.checked;
  vscode.setState(state);
  repaint();
});
selectButton.addEventListener('click', () => {
  if (highlighted) vscode.postMessage({ type: 'selectMarkers', segment: highlighted });
});
window.addEventListener('keydown', (e) => {
  const keys: Record<string, ViewDirection | 'fit'> = { f: 'fit', '1': 'front', '3': 'side', '7': 'top' };
  if (keys[e.key] && !e.ctrlKey && !e.metaKey && !e.altKey) look(keys[e.key]);
});

/** What is drawn, read back from the three.js objects, with the canvas as a picture. */
function report(): SceneReport {
  composing.flush();
  render(); // also brings the camera's matrices up to date; the picture is read in this same task
  return {
    pose: state.pose,
    skeletons: shownSkeletons().length,
    complete: arrivals.complete(state.pose),
    placedOnly: arrivals.placedOnly(state.pose),
    ...readBack(drawn, camera, renderer.domElement, selectedMarkers, overlay.changes),
    highlighted,
    camera: { position: camera.position.toArray(), target: controls.target.toArray(), placed: placement.fitsResize },
    image: renderer.domElement.toDataURL('image/png'),
    ...measurement.report(),
    ...drawing.report(),
  };
}

/** Does what a click at a segment's drawn origin does. */
function clickSegment(skeletonName: string, segmentName: string): void {
  composing.flush();
  for (const mesh of drawn?.joints ?? []) {
    const pick = drawn!.picks.get(mesh)!.find((p) => p.skeletonName === skeletonName && p.name === segmentName);
    if (!pick) continue;
    const at = clientPointOf(pick.position, camera, renderer.domElement);
    choose(pickUnder(at.x, at.y));
    return;
  }
}

window.addEventListener('message', (event: MessageEvent<ToView>) => {
  const message = event.data;
  switch (message.type) {
    case 'outline':
      document.title = message.outline.title;
      for (const id of arrivals.showOutline(message.outline)) erasePart(id);
      if (drawn) composed();
      else showLegend();
      break;
    case 'skeleton': {
      const { skeleton } = message;
      const wasMissing = arrivals.missing(state.pose);
      if (!arrivals.take(skeleton)) break;
      if (!skeleton[state.pose]) {
        erasePart(skeleton.id); // its pose comes later: an earlier drawing would be out of date
        break;
      }
      drawPart(skeleton);
      composing.soon();
      // Every segment of every skeleton is placed: shown at once, not at the loading pace.
      if (wasMissing > 0 && arrivals.missing(state.pose) === 0) composing.flush();
      break;
    }
    case 'defaultPose': {
      const skeleton = arrivals.get(message.skeletonId);
      if (!skeleton) break;
      skeleton.default = message.scene;
      if (state.pose !== 'default') break;
      drawPart(skeleton);
      composing.soon();
      break;
    }
    case 'failed':
      notice.hidden = false;
      notice.textContent = message.message;
      break;
    case 'highlight':
      highlighted = message.segment;
      repaint();
      break;
    case 'selection':
      selectedMarkers = new Set(message.markers);
      repaint();
      break;
    case 'changes':
      // A state after a script, not the application: nothing here can be selected in it.
      selectButton.hidden = true;
      overlay.show(message.changes, state.pose, element('key'));
      for (const part of parts.values()) part.paint(highlighted, selectedMarkers, overlay.changes);
      if (drawn) composed();
      else showLegend();
      break;
    case 'report':
      vscode.postMessage({ type: 'report', report: report() });
      break;
    case 'pose':
      setPose(message.pose);
      break;
    case 'click':
      clickSegment(message.skeleton, message.segment);
      break;
    case 'measurement':
      measurement.show(message.measurement);
      // A measurement with no skeleton to fit to: the camera looks at its markers.
      if (!drawn && measurement.extent()) {
        lookAtBox(camera, controls, measurement.extent()!, camera.position.clone().sub(controls.target));
        notice.hidden = true;
      }
      break;
    case 'frame':
      measurement.showFrame(message.frame);
      break;
    case 'drawing':
      drawing.show(message.shapes, message.error);
      break;
  }
});

setPose(state.pose);
resize();
vscode.postMessage({ type: 'ready', pose: state.pose });
compileShaders(quality, camera, scene3d, colours);
