import {
  BufferGeometry,
  Float32BufferAttribute,
  type Camera,
  PerspectiveCamera,
  Points,
  ShaderMaterial,
  Vector2,
  type Vector3,
} from 'three';

/**
 * Spheres drawn as points: each point is shaded as a lit sphere of a radius in world units (mm),
 * so that thousands of markers cost a point each instead of a few hundred triangles (a software
 * renderer such as SwiftShader could not orbit 8,000 sphere meshes smoothly). Colours per point
 * ("tint") follow highlights and warnings.
 */
const VERTEX = `
  attribute vec3 tint;
  uniform float radius;
  uniform float minPixels;
  uniform float pixelsPerUnit;
  varying vec3 vTint;
  void main() {
    vec4 viewPosition = modelViewMatrix * vec4(position, 1.0);
    gl_Position = projectionMatrix * viewPosition;
    gl_PointSize = max(minPixels, 2.0 * radius * pixelsPerUnit / -viewPosition.z);
    vTint = tint;
  }`;
const FRAGMENT = `
  varying vec3 vTint;
  void main() {
    vec2 p = gl_PointCoord * 2.0 - 1.0;
    float r2 = dot(p, p);
    if (r2 > 1.0) discard;
    vec3 normal = vec3(p.x, -p.y, sqrt(1.0 - r2));
    float light = 0.45 + 0.55 * max(dot(normal, normalize(vec3(0.4, 0.6, 0.7))), 0.0);
    gl_FragColor = vec4(vTint * light, 1.0);
    #include <colorspace_fragment>
  }`;

const size = new Vector2();

/**
 * Points at `positions`, drawn as spheres of `radius` mm, and never smaller than `minPixels` on
 * screen (a whole capture volume in view still shows every marker); picked by three.js's Raycaster.
 */
export function spherePoints(
  positions: readonly Vector3[],
  radius: number,
  minPixels: number,
): Points<BufferGeometry, ShaderMaterial> {
  const geometry = new BufferGeometry();
  geometry.setAttribute(
    'position',
    new Float32BufferAttribute(
      positions.flatMap((p) => p.toArray()),
      3,
    ),
  );
  geometry.setAttribute('tint', new Float32BufferAttribute(new Float32Array(positions.length * 3), 3));
  const material = new ShaderMaterial({
    uniforms: { radius: { value: radius }, minPixels: { value: minPixels }, pixelsPerUnit: { value: 1000 } },
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
  });
  const points = new Points(geometry, material);
  // A point's size on screen depends on the drawing buffer's height and the camera's field of view.
  points.onBeforeRender = (renderer, _scene, camera: Camera) => {
    if (!(camera instanceof PerspectiveCamera)) return;
    renderer.getDrawingBufferSize(size);
    material.uniforms.pixelsPerUnit.value = size.y / (2 * Math.tan((camera.fov * Math.PI) / 360));
  };
  points.frustumCulled = false;
  return points;
}
