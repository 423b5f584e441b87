// The 3D skeleton view's webview: draws the scenes the extension sends, with orbit/pan/zoom, views
// from the front, side and top, hover names, clicks that reveal a segment in the Skeletons view,
// and the application's selected markers highlighted. Renders on demand: nothing is drawn while
// nothing changes.
import {
  AmbientLight,
  Box3,
  DirectionalLight,
  GridHelper,
  LineSegments,
  Object3D,
  PerspectiveCamera,
  Raycaster,
  Scene,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { CSS2DObject, CSS2DRenderer } from 'three/addons/renderers/CSS2DRenderer.js';
import type { Pose } from '../../api/skeletons/skeleton-geometry';
import type { Vec3 } from '../../api/skeletons/skeleton-model';
import type { FromView, SceneReport, SegmentRef, ToView, ViewScene } from '../../extension/skeleton-view/view-protocol';
import { drawScene, JOINT_RADIUS, type DrawnScene, type Pickable } from './skeleton-drawing';
import { fitBox, lookAtBox, UP, type ViewDirection } from './view-camera';
import { themeColours } from './view-colours';

/** Marker names are drawn for at most this many markers at once (beyond that they are unreadable, and slow). */
const MAX_LABELS = 300;

interface SavedState {
  camera?: { position: Vec3; target: Vec3 };
  pose: Pose;
  labels: boolean;
}

declare function acquireVsCodeApi(): {
  postMessage(message: FromView): void;
  getState(): SavedState | undefined;
  setState(state: SavedState): void;
};

const vscode = acquireVsCodeApi();
const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const viewport = element<HTMLDivElement>('viewport');
const tooltip = element<HTMLDivElement>('tooltip');
const legend = element<HTMLDivElement>('legend');
const notice = element<HTMLDivElement>('notice');
const selectButton = element<HTMLButtonElement>('select-markers');
const labelsBox = element<HTMLInputElement>('labels');

const state: SavedState = { pose: 'calibrated', labels: false, ...vscode.getState() };
const colours = themeColours();
const renderer = new WebGLRenderer({ antialias: true });
renderer.setPixelRatio(window.devicePixelRatio);
renderer.setClearColor(colours.background);
viewport.appendChild(renderer.domElement);
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

let scene: ViewScene | undefined;
let drawn: DrawnScene | undefined;
let grid: GridHelper | undefined;
let labels: CSS2DObject[] = [];
let highlighted: SegmentRef | null = null;
let selectedMarkers = new Set<string>();
let frame = 0;
/** The camera is where the view put it (not moved by the user): a resize fits the scene again. */
let autoFitted = false;

/** Draws once on the next frame, however many changes ask for it. */
function invalidate(): void {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    render();
  });
}

function render(): void {
  renderer.render(scene3d, camera);
  labelRenderer.render(scene3d, camera);
}

function resize(): void {
  const { clientWidth: width, clientHeight: height } = viewport;
  if (width === 0 || height === 0) return;
  renderer.setSize(width, height);
  labelRenderer.setSize(width, height);
  camera.aspect = width / height;
  camera.updateProjectionMatrix();
  if (autoFitted && drawn) {
    lookAtBox(camera, controls, drawn.extent, camera.position.clone().sub(controls.target));
    saveCamera();
  }
  invalidate();
}
new ResizeObserver(resize).observe(viewport);
controls.addEventListener('change', invalidate);
controls.addEventListener('start', () => (autoFitted = false));
controls.addEventListener('end', () => saveCamera());

function saveCamera(): void {
  state.camera = { position: camera.position.toArray(), target: controls.target.toArray() };
  vscode.setState(state);
}

/** (Re)draws the scene in the current pose; the camera stays where the user left it unless asked to fit. */
function redraw(fit: boolean): void {
  if (!scene) return;
  drawn?.group.removeFromParent();
  drawn?.dispose();
  drawn = drawScene(scene, state.pose, colours);
  scene3d.add(drawn.group);
  placeGrid(drawn.extent);
  if (fit) {
    if (state.camera) {
      camera.position.fromArray(state.camera.position);
      controls.target.fromArray(state.camera.target);
      controls.update();
    } else {
      lookAtBox(camera, controls, drawn.extent, 'perspective');
      autoFitted = true;
      // Saved, so that a view made again (after being hidden) looks from the same place.
      saveCamera();
    }
  }
  repaint();
  showLegend();
}

/** A ground grid in mm under the scene: 100 mm cells, 1 m when the scene is large. */
function placeGrid(extent: Box3): void {
  grid?.removeFromParent();
  grid?.dispose();
  const reach = extent.isEmpty()
    ? 1000
    : Math.max(...[extent.min.x, extent.min.y, extent.max.x, extent.max.y].map(Math.abs)) + 500;
  const size = Math.ceil((2 * reach) / 1000) * 1000;
  const cell = size > 20000 ? 1000 : 100;
  grid = new GridHelper(size, size / cell, colours.grid, colours.grid);
  grid.rotation.x = Math.PI / 2; // three.js lays grids in XZ; the application's floor is XY
  scene3d.add(grid);
  element('grid-size').textContent = `Grid ${cell} mm`;
}

/** Colours and names follow the highlighted segment, the application's selection and the labels toggle. */
function repaint(): void {
  if (!drawn) return;
  drawn.paint(highlighted, selectedMarkers);
  for (const label of labels) label.removeFromParent();
  labels = [];
  const named: Pickable[] = [];
  for (const mesh of drawn.markers) {
    const picks = drawn.picks.get(mesh)!;
    const ofHighlighted = picks.filter((p) => isHighlighted(p));
    named.push(...(state.labels && picks.length <= MAX_LABELS ? picks : ofHighlighted));
  }
  for (const mesh of drawn.joints)
    named.push(...drawn.picks.get(mesh)!.filter((p) => isHighlighted(p) || p.problems.length > 0));
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

function isHighlighted(p: Pickable): boolean {
  return highlighted !== null && p.skeletonId === highlighted.skeletonId && p.segmentId === highlighted.segmentId;
}

function showLegend(): void {
  if (!scene || !drawn) return;
  legend.replaceChildren();
  for (const skeleton of scene.skeletons) {
    const placed = skeleton[state.pose];
    const row = document.createElement('div');
    row.textContent = `${skeleton.name} · scale ${skeleton.scale} · ${placed.segments.length} segments · ${placed.markers.length} markers`;
    legend.appendChild(row);
    const problems = [
      ...placed.segments.flatMap((s) => s.problems.map((p) => `Segment ${s.name}: ${p}`)),
      ...placed.markers.flatMap((m) => m.problems.map((p) => `Marker ${m.name}: ${p}`)),
    ];
    for (const problem of problems) {
      const line = document.createElement('div');
      line.className = 'warning';
      line.textContent = `⚠ ${skeleton.name} › ${problem}`;
      legend.appendChild(line);
    }
  }
  const empty = scene.skeletons.length === 0;
  notice.hidden = !empty;
  if (empty) notice.textContent = 'No skeletons to show here.';
}

/** What is under a point of the canvas: a joint before a marker before a bone, nearest first within each. */
function pickAt(clientX: number, clientY: number): Pickable | undefined {
  if (!drawn) return undefined;
  const rect = renderer.domElement.getBoundingClientRect();
  const pointer = new Vector2(
    ((clientX - rect.left) / rect.width) * 2 - 1,
    -((clientY - rect.top) / rect.height) * 2 + 1,
  );
  const raycaster = new Raycaster();
  camera.updateMatrixWorld(); // the controls move the camera; its matrices follow at the next render
  raycaster.setFromCamera(pointer, camera);
  // A line is hit within a few pixels of it, whatever the distance.
  const distance = camera.position.distanceTo(controls.target);
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

function describe(pick: Pickable): string {
  const what = pick.kind === 'marker' ? `Marker ${pick.name} on ${pick.segmentName}` : `Segment ${pick.segmentName}`;
  return [`${what} · ${pick.skeletonName}`, ...pick.problems.map((p) => `⚠ ${p}`)].join('\n');
}

/** A click on a segment, marker or bone: its segment is highlighted here and revealed in the Skeletons view. */
function choose(pick: Pickable | undefined): void {
  highlighted = pick ? { skeletonId: pick.skeletonId, segmentId: pick.segmentId } : null;
  repaint();
  if (highlighted) vscode.postMessage({ type: 'reveal', segment: highlighted });
}

let hoverFrame = 0;
renderer.domElement.addEventListener('pointermove', (event) => {
  if (event.buttons !== 0) return void (tooltip.hidden = true);
  cancelAnimationFrame(hoverFrame);
  hoverFrame = requestAnimationFrame(() => {
    const pick = pickAt(event.clientX, event.clientY);
    tooltip.hidden = !pick;
    if (!pick) return;
    tooltip.textContent = describe(pick);
    tooltip.classList.toggle('warning', pick.problems.length > 0);
    tooltip.style.left = `${event.clientX + 14}px`;
    tooltip.style.top = `${event.clientY + 14}px`;
  });
});
renderer.domElement.addEventListener('pointerleave', () => (tooltip.hidden = true));
// A click is a press and release without a drag (a drag orbits).
let pressedAt: Vector2 | undefined;
renderer.domElement.addEventListener('pointerdown', (e) => (pressedAt = new Vector2(e.clientX, e.clientY)));
renderer.domElement.addEventListener('pointerup', (e) => {
  if (e.button === 0 && pressedAt && pressedAt.distanceTo(new Vector2(e.clientX, e.clientY)) < 4)
    choose(pickAt(e.clientX, e.clientY));
  pressedAt = undefined;
});

function setPose(pose: Pose): void {
  state.pose = pose;
  vscode.setState(state);
  element('pose-calibrated').setAttribute('aria-pressed', String(pose === 'calibrated'));
  element('pose-default').setAttribute('aria-pressed', String(pose === 'default'));
  redraw(false);
}

function look(direction: ViewDirection | 'fit'): void {
  if (!drawn) return;
  if (direction === 'fit') fitBox(camera, controls, drawn.extent);
  else lookAtBox(camera, controls, drawn.extent, direction);
  autoFitted = false;
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
  const origins: Record<string, Vec3> = {};
  let segments = 0;
  let markers = 0;
  let bones = 0;
  let warnings = 0;
  const position = new Vector3();
  for (const points of drawn?.joints ?? []) {
    const drawnAt = points.geometry.getAttribute('position');
    drawn!.picks.get(points)!.forEach((p, i) => {
      origins[`${p.skeletonName}/${p.name}`] = position.fromBufferAttribute(drawnAt, i).toArray();
      segments++;
      if (p.problems.length > 0) warnings++;
    });
  }
  for (const points of drawn?.markers ?? []) {
    markers += points.geometry.getAttribute('position').count;
    warnings += drawn!.picks.get(points)!.filter((p) => p.problems.length > 0).length;
  }
  for (const lines of drawn?.bones ?? []) bones += lines.geometry.getAttribute('position').count / 2;
  render(); // also brings the camera's matrices up to date; the picture is read in this same task
  const { width, height } = renderer.domElement; // drawing-buffer pixels, as in the picture
  const corners = drawn && !drawn.extent.isEmpty() ? boxCorners(drawn.extent) : [];
  const onCanvas = corners
    .map((c) => c.project(camera))
    .map((c) => [((c.x + 1) / 2) * width, ((1 - c.y) / 2) * height]);
  return {
    pose: state.pose,
    skeletons: scene?.skeletons.length ?? 0,
    segments,
    markers,
    bones,
    warnings,
    origins,
    highlighted,
    selectedMarkers: [...selectedMarkers].filter((name) =>
      (drawn?.markers ?? []).some((mesh) => drawn!.picks.get(mesh)!.some((p) => p.name === name)),
    ),
    extentOnCanvas: {
      left: Math.min(...onCanvas.map((p) => p[0])),
      top: Math.min(...onCanvas.map((p) => p[1])),
      right: Math.max(...onCanvas.map((p) => p[0])),
      bottom: Math.max(...onCanvas.map((p) => p[1])),
    },
    camera: { position: camera.position.toArray(), target: controls.target.toArray() },
    image: renderer.domElement.toDataURL('image/png'),
  };
}

function boxCorners(box: Box3): Vector3[] {
  return [0, 1, 2, 3, 4, 5, 6, 7].map(
    (i) => new Vector3(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z),
  );
}

/** Does what a click at a segment's drawn origin does. */
function clickSegment(skeletonName: string, segmentName: string): void {
  for (const mesh of drawn?.joints ?? []) {
    const pick = drawn!.picks.get(mesh)!.find((p) => p.skeletonName === skeletonName && p.name === segmentName);
    if (!pick) continue;
    const rect = renderer.domElement.getBoundingClientRect();
    camera.updateMatrixWorld();
    const at = pick.position.clone().project(camera);
    choose(pickAt(rect.left + ((at.x + 1) / 2) * rect.width, rect.top + ((1 - at.y) / 2) * rect.height));
    return;
  }
}

window.addEventListener('message', (event: MessageEvent<ToView>) => {
  const message = event.data;
  switch (message.type) {
    case 'scene': {
      const first = scene === undefined;
      scene = message.scene;
      document.title = scene.title;
      redraw(first);
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
    case 'report':
      vscode.postMessage({ type: 'report', report: report() });
      break;
    case 'click':
      clickSegment(message.skeleton, message.segment);
      break;
  }
});

setPose(state.pose);
resize();
vscode.postMessage({ type: 'ready' });
