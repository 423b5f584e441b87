import * as vscode from 'vscode';
import type { SkeletonSourceName } from '../../api/skeletons/skeleton-model';
import { presentItem, type ExplorerData, type ExplorerItem } from './explorer-data';

/** A segment shown in a 3D view, as the Skeletons view finds it. */
interface SegmentPlace {
  source: SkeletonSourceName;
  skeletonId: number;
  segmentId: number;
}

/** The Skeletons view's item of a segment clicked in a 3D view; when it is gone, an error saying `whatToDo`. */
export async function segmentItem(data: ExplorerData, where: SegmentPlace, whatToDo: string): Promise<ExplorerItem> {
  const item = await data.segmentItem(where.source, where.skeletonId, where.segmentId);
  if (!item) throw new Error(`segment ${where.segmentId} is no longer in the application; ${whatToDo}`);
  return item;
}

/** How long a reveal's selection may take to reach the extension before the reveal is made again. */
const SELECTION_WAIT_MS = 500;
const SELECTION_POLL_MS = 20;
const ATTEMPTS = 3;

/**
 * Reveals a segment (clicked in a 3D view) in the Skeletons view and selects it there.
 * VS Code drops a reveal without a word when the view reloads under it (a refresh, a change the
 * extension made): the item it was given is not in the view at that moment. So the selection is
 * checked, and the reveal made again until it holds.
 */
export async function revealSegment(
  data: ExplorerData,
  tree: vscode.TreeView<ExplorerItem>,
  where: SegmentPlace,
  whatToDo: string,
): Promise<ExplorerItem> {
  for (let attempt = 1; ; attempt++) {
    // Looked up again each time: a reload makes new items.
    const item = await segmentItem(data, where, whatToDo);
    await tree.reveal(item, { select: true, focus: false, expand: false });
    if ((await selectionHolds(tree, presentItem(item).id)) || attempt === ATTEMPTS) return item;
  }
}

/**
 * Whether the tree's selection holds the item of `id`, now or within SELECTION_WAIT_MS. Polled:
 * while the view reloads, the extension's side of the selection lacks items it still holds by
 * handle, and they come back with no selection event.
 */
async function selectionHolds(tree: vscode.TreeView<ExplorerItem>, id: string): Promise<boolean> {
  const deadline = Date.now() + SELECTION_WAIT_MS;
  for (;;) {
    if (tree.selection.some((item) => presentItem(item).id === id)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, SELECTION_POLL_MS));
  }
}
