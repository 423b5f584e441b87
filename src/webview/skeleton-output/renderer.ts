// The notebook renderer of skeletons in 3D: a cell's output drawn with the 3D view's own drawing
// (skeleton-drawing, its colours, ground grid and camera), orbit, pan and zoom, and a click on a
// segment that reveals it in the Skeletons view. Renders on demand: nothing is drawn while nothing moves.
import type { ActivationFunction } from 'vscode-notebook-renderer';
import { AmbientLight, DirectionalLight, PerspectiveCamera, Scene, WebGLRenderer } from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { FromSkeletonOutput, SkeletonOutput, ToSkeletonOutput } from '../../protocol/skeleton-output';
import { groundGrid } from '../skeleton-view/ground-grid';
import { clientPointOf, pickAt } from '../skeleton-view/picking';
import { drawSkeletons } from '../skeleton-view/skeleton-drawing';
import { lookAtBox, UP } from '../skeleton-view/view-camera';
import { themeColours } from '../skeleton-view/view-colours';

const HEIGHT_PX = 360;

export const activate: ActivationFunction = (context) => {
  const shown = new Map<string, () => void>();
  /** Each output's click at a segment's joint, by skeleton and segment name. */
  const clickers = new Map<string, (skeleton: string, segment: string) => void>();
  const say = (message: FromSkeletonOutput) => context.postMessage?.(message);
  context.onDidReceiveMessage?.((message: ToSkeletonOutput) => {
    if (message.type === 'click') for (const click of clickers.values()) click(message.skeleton, message.segment);
  });
  return {
    renderOutputItem(item, element) {
      shown.get(item.id)?.();
      const output = item.json() as SkeletonOutput;
      const colours = themeColours();
      const title = document.createElement('div');
      title.textContent = output.title;
      title.style.cssText = 'font-weight: 600; padding: 2px 0 4px';
      const canvasBox = document.createElement('div');
      canvasBox.style.cssText = `position: relative; width: 100%; height: ${HEIGHT_PX}px`;
      element.replaceChildren(title, canvasBox);

      const renderer = new WebGLRenderer({ antialias: true });
      renderer.setPixelRatio(window.devicePixelRatio);
      renderer.setClearColor(colours.background);
      canvasBox.appendChild(renderer.domElement);
      const scene = new Scene();
      const camera = new PerspectiveCamera(40, 1, 1, 100000);
      camera.up.copy(UP);
      scene.add(new AmbientLight(0xffffff, 1.2));
      const light = new DirectionalLight(0xffffff, 2);
      camera.add(light);
      scene.add(camera);
      const drawn = drawSkeletons(output.skeletons, 'calibrated', colours);
      scene.add(drawn.group);
      const { grid } = groundGrid(drawn.extent, colours.grid);
      scene.add(grid);
      const controls = new OrbitControls(camera, renderer.domElement);
      controls.screenSpacePanning = true;
      const render = () => renderer.render(scene, camera);
      controls.addEventListener('change', render);
      const size = () => {
        const width = Math.max(canvasBox.clientWidth, 100);
        renderer.setSize(width, HEIGHT_PX);
        camera.aspect = width / HEIGHT_PX;
        camera.updateProjectionMatrix();
        render();
      };
      const resized = new ResizeObserver(size);
      resized.observe(canvasBox);
      size();
      lookAtBox(camera, controls, drawn.extent, 'perspective');
      render();

      // A click (not a drag) on a segment's joint or bone finds it in the Skeletons view.
      const choose = (x: number, y: number) => {
        const pick = pickAt(drawn, camera, controls.target, renderer.domElement, x, y);
        if (!pick) return;
        const segment = { skeletonId: pick.skeletonId, segmentId: pick.segmentId };
        drawn.paint(segment, new Set());
        render();
        say({ type: 'reveal', source: output.source, segment });
      };
      let down: { x: number; y: number } | undefined;
      renderer.domElement.addEventListener('pointerdown', (e) => (down = { x: e.clientX, y: e.clientY }));
      renderer.domElement.addEventListener('pointerup', (e) => {
        const still = down && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 4;
        down = undefined;
        if (still) choose(e.clientX, e.clientY);
      });
      clickers.set(item.id, (skeleton, segment) => {
        for (const joints of drawn.joints) {
          const pick = drawn.picks.get(joints)?.find((p) => p.skeletonName === skeleton && p.name === segment);
          if (!pick) continue;
          const at = clientPointOf(pick.position, camera, renderer.domElement);
          return choose(at.x, at.y);
        }
      });
      const segments = output.skeletons.reduce((n, s) => n + s.calibrated.segments.length, 0);
      say({ type: 'drawn', title: output.title, segments });
      shown.set(item.id, () => {
        clickers.delete(item.id);
        resized.disconnect();
        controls.dispose();
        drawn.dispose();
        renderer.dispose();
        shown.delete(item.id);
      });
    },
    disposeOutputItem(id) {
      if (id) shown.get(id)?.();
      else for (const dispose of [...shown.values()]) dispose();
    },
  };
};
