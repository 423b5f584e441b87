// A notebook cell's 3D output of skeletons: what the extension gives the notebook renderer, and
// what the renderer says back. Shared by both sides (no `vscode`, no DOM).
import type { SegmentRef, ViewSkeleton } from './skeleton-view';

/** The output item's MIME type: skeletons drawn by the Motion renderer. */
export const SKELETON_OUTPUT_MIME = 'application/vnd.motion.skeleton+json';
/** What a cell asks for (motion_notebook.show_skeleton): the extension reads the skeletons and answers with the output. */
export const SKELETON_REQUEST_MIME = 'application/vnd.motion.skeleton-request+json';
/** The renderer's id in package.json: the extension hears it under this id. */
export const SKELETON_RENDERER_ID = 'motion.skeleton-output';

export interface SkeletonOutput {
  title: string;
  source: 'project' | 'measurement' | 'data';
  skeletons: ViewSkeleton[];
}

/** From the renderer: a segment was clicked (reveal it in the Skeletons view), or the output was drawn. */
export type FromSkeletonOutput =
  | { type: 'reveal'; source: SkeletonOutput['source']; segment: SegmentRef }
  | { type: 'drawn'; title: string; segments: number };

/** To the renderer: do what a click on a segment's joint does (the tests' hands inside the output frame). */
export interface ToSkeletonOutput {
  type: 'click';
  skeleton: string;
  segment: string;
}
