import type { Pose } from '../../api/skeletons/skeleton-geometry';
import type { Vec3 } from '../../api/skeletons/skeleton-model';
import type { FromView } from '../../protocol/skeleton-view';

/** What the view keeps while VS Code hides it (a hidden webview is made again from this). */
export interface SavedState {
  /** `placed`: the view put the camera there (a fit, a view button), so a resize fits again. */
  camera?: { position: Vec3; target: Vec3; placed?: boolean };
  pose: Pose;
  labels: boolean;
}

interface ViewHost {
  postMessage(message: FromView): void;
  getState(): SavedState | undefined;
  setState(state: SavedState): void;
}

declare function acquireVsCodeApi(): ViewHost;

/** VS Code's side of the webview: messages to the extension, and the state kept while hidden (once per page). */
export function viewHost(): ViewHost {
  return acquireVsCodeApi();
}
