import { Box3, type Camera, Group, type Scene } from 'three';
import { skeletonScene } from '../../api/skeletons/skeleton-geometry';
import type { FrameQuality } from './frame-quality';
import { groundGrid } from './ground-grid';
import { drawSkeletons } from './skeleton-drawing';
import type { ViewColours } from './view-colours';

const IDENTITY = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
  [0, 0, 0, 1],
];

/**
 * Compiles the view's shaders while the scene is still being read, with a stand-in of everything
 * drawn (a skeleton of one segment: joint, marker, bone, axes; and a grid): a software renderer
 * such as SwiftShader takes a noticeable time for each program, which the first skeleton would
 * otherwise wait for. The stand-in is never shown and never disposed: disposing it would release
 * the programs just compiled (the drawn skeletons' materials share them).
 */
export function compileShaders(quality: FrameQuality, camera: Camera, scene: Scene, colours: ViewColours): void {
  const standIn = skeletonScene([
    {
      id: 1,
      name: 'stand-in',
      parentId: null,
      transform: IDENTITY,
      endpoint: [0, 0, 100],
      markers: [{ name: 'stand-in', position: [0, 0, 50], weight: 1 }],
      rigidBodies: [],
    },
  ]);
  const objects = new Group();
  objects.add(
    drawSkeletons([{ id: 0, name: 'stand-in', scale: 1, calibrated: standIn }], 'calibrated', colours).group,
    groundGrid(new Box3(), colours.grid).grid,
  );
  quality.compile(objects, camera, scene);
}
