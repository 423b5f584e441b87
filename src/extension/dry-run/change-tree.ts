import type { ChangeKind, StateChange } from '../../api/state/state-diff';

/** A row of the Dry Run view: a place (source, skeleton, segment) holding changes, or one change. No `vscode` import. */
export interface ChangeNode {
  label: string;
  /** For a change: the before → after part of its line; for a place: how many changes are under it. */
  description: string;
  /** Set on a change; a place has none. */
  kind?: ChangeKind;
  change?: StateChange;
  children: ChangeNode[];
}

/** The changes as a tree of the places they are in, in the order they came. */
export function changeTree(changes: readonly StateChange[]): ChangeNode[] {
  const roots: ChangeNode[] = [];
  for (const change of changes) {
    let level = roots;
    for (const place of change.path) {
      let node = level.find((n) => !n.change && n.label === place);
      if (!node) level.push((node = { label: place, description: '', children: [] }));
      level = node.children;
    }
    level.push(changeNode(change));
  }
  for (const root of roots) count(root);
  return roots;
}

/** `scale: 1 → 1.5` shows as "scale" with "1 → 1.5" beside it; an added or removed object by its whole line. */
function changeNode(change: StateChange): ChangeNode {
  const split = change.field !== undefined ? change.text.indexOf(': ') : -1;
  return split < 0
    ? { label: change.text, description: '', kind: change.kind, change, children: [] }
    : {
        label: change.text.slice(0, split),
        description: change.text.slice(split + 2),
        kind: change.kind,
        change,
        children: [],
      };
}

function count(node: ChangeNode): number {
  if (node.change) return 1;
  const n = node.children.reduce((sum, child) => sum + count(child), 0);
  node.description = `${n} change${n === 1 ? '' : 's'}`;
  return n;
}
