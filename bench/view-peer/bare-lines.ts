// The bench's peer: the same bones as bare three.js line segments with orbit controls, nothing
// else (no joints, markers, labels, picking or grid). Renders on demand, like the view.
import {
  BufferGeometry,
  Float32BufferAttribute,
  LineBasicMaterial,
  LineSegments,
  PerspectiveCamera,
  Scene,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

declare global {
  interface Window {
    showBones(positions: number[], camera: { position: number[]; target: number[] }): void;
  }
}

window.showBones = (positions, at) => {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setSize(window.innerWidth, window.innerHeight);
  document.body.appendChild(renderer.domElement);
  const scene = new Scene();
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  scene.add(new LineSegments(geometry, new LineBasicMaterial({ color: 0x3794ff })));
  const camera = new PerspectiveCamera(40, window.innerWidth / window.innerHeight, 1, 1e6);
  camera.up.set(0, 0, 1);
  camera.position.fromArray(at.position);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.fromArray(at.target);
  controls.update();
  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', () => requestAnimationFrame(render));
  render();
};
