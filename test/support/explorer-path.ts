import assert from 'node:assert/strict';
import { presentItem, type ExplorerData, type ExplorerItem } from '../../src/extension/skeletons-view/explorer-data';

/** The Skeletons view's item at a path of labels, e.g. ['Project settings', 'Wand', 'Handle'], freshly loaded. */
export async function explorerPath(data: ExplorerData, labels: string[]): Promise<ExplorerItem> {
  data.refresh();
  let item: ExplorerItem | undefined;
  for (const label of labels) {
    item = (await data.children(item)).find((i) => presentItem(i).label === label);
    assert.ok(item, `${label} in the tree`);
  }
  return item!;
}
