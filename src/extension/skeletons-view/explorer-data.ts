import type { MotionClient } from '../../api/client/motion-client';
import { listSkeletons, loadSkeletonTree, skeletonReader } from '../../api/skeletons/skeleton-loader';
import type {
  Marker,
  SegmentNode,
  SkeletonSourceName,
  SkeletonSummary,
  SkeletonTree,
} from '../../api/skeletons/skeleton-model';
import { SOURCE_TITLES, walkSegments } from '../../api/skeletons/skeleton-model';

/** The skeleton explorer's data layer: what each node's children are. No `vscode` import. */
export type ExplorerItem =
  | { kind: 'source'; source: SkeletonSourceName }
  | { kind: 'skeleton'; skeleton: SkeletonSummary }
  | {
      kind: 'segment';
      source: SkeletonSourceName;
      skeletonId: number;
      skeletonName: string;
      isRoot: boolean;
      node: SegmentNode;
    }
  | { kind: 'marker'; source: SkeletonSourceName; segmentId: number; marker: Marker };

export class ExplorerData {
  /** Skeleton trees loaded on expansion, until the next refresh. */
  private trees = new Map<string, Promise<SkeletonTree>>();

  constructor(private readonly client: () => MotionClient) {}

  async children(item?: ExplorerItem, signal?: AbortSignal): Promise<ExplorerItem[]> {
    if (!item) {
      // No skeletons anywhere: an empty view, so that its welcome (with an Add Skeleton action) shows.
      const sources = ['project', 'measurement', 'data'] as const;
      const counts = await Promise.all(
        sources.map((source) =>
          source === 'data'
            ? this.client().data.object.skeleton.get_skeleton_count()
            : this.client().settings.processing.skeleton.get_skeleton_count(source),
        ),
      );
      return counts.every((n) => n === 0) ? [] : sources.map((source) => ({ kind: 'source', source }));
    }
    if (item.kind === 'source')
      return (await listSkeletons(this.client(), item.source, signal)).map((skeleton) => ({
        kind: 'skeleton',
        skeleton,
      }));
    if (item.kind === 'skeleton') {
      const tree = await this.tree(item.skeleton, signal);
      return [
        {
          kind: 'segment',
          source: item.skeleton.source,
          skeletonId: item.skeleton.id,
          skeletonName: item.skeleton.name,
          isRoot: true,
          node: tree.root,
        },
      ];
    }
    if (item.kind === 'marker') return [];
    // A segment's child segments, then its markers (read when it is expanded).
    const segments: ExplorerItem[] = item.node.children.map((node) => ({ ...item, isRoot: false, node }));
    if (item.node.markerCount === 0) return segments;
    const markers = await skeletonReader(
      this.client(),
      item.source,
      signal,
    )<Marker[]>('get_segment_markers', item.node.id);
    return [
      ...segments,
      ...markers.map((marker): ExplorerItem => ({
        kind: 'marker',
        source: item.source,
        segmentId: item.node.id,
        marker,
      })),
    ];
  }

  refresh(): void {
    this.trees.clear();
  }

  /** A segment's item, found from its ids (the 3D view names segments so), or undefined when it is gone. */
  async segmentItem(
    source: SkeletonSourceName,
    skeletonId: number,
    segmentId: number,
  ): Promise<ExplorerItem | undefined> {
    const skeleton = (await listSkeletons(this.client(), source)).find((s) => s.id === skeletonId);
    if (!skeleton) return undefined;
    const tree = await this.tree(skeleton);
    for (const { node, depth } of walkSegments(tree.root))
      if (node.id === segmentId)
        return { kind: 'segment', source, skeletonId, skeletonName: skeleton.name, isRoot: depth === 0, node };
    return undefined;
  }

  /** An item's parent in the view (VS Code asks for it to reveal an item); undefined for a source. */
  async parent(item: ExplorerItem): Promise<ExplorerItem | undefined> {
    switch (item.kind) {
      case 'source':
        return undefined;
      case 'skeleton':
        return { kind: 'source', source: item.skeleton.source };
      case 'segment': {
        const skeleton = (await listSkeletons(this.client(), item.source)).find((s) => s.id === item.skeletonId);
        if (!skeleton) return undefined;
        if (item.isRoot) return { kind: 'skeleton', skeleton };
        const tree = await this.tree(skeleton);
        for (const { node, depth } of walkSegments(tree.root))
          if (node.children.some((child) => child.id === item.node.id)) return { ...item, isRoot: depth === 0, node };
        return undefined;
      }
      case 'marker': {
        const skeletonId = await skeletonReader(this.client(), item.source)<number>(
          'get_segment_skeleton_id',
          item.segmentId,
        );
        return this.segmentItem(item.source, skeletonId, item.segmentId);
      }
    }
  }

  /** How many segments a skeleton has: whether loading it is long work. */
  segmentCount(skeleton: SkeletonSummary): Promise<number> {
    return skeletonReader(this.client(), skeleton.source)<number>('get_segment_count', skeleton.id);
  }

  private tree(skeleton: SkeletonSummary, signal?: AbortSignal): Promise<SkeletonTree> {
    const key = `${skeleton.source}:${skeleton.id}`;
    let tree = this.trees.get(key);
    if (!tree) {
      tree = loadSkeletonTree(this.client(), skeleton, signal);
      tree.catch(() => this.trees.delete(key));
      this.trees.set(key, tree);
    }
    return tree;
  }
}

/** Where an item is, in the user's words: "Project settings › FullBody › Head". */
export function describePlace(source: SkeletonSourceName, ...names: string[]): string {
  return [SOURCE_TITLES[source], ...names].join(' › ');
}

/**
 * A segment's context value says which actions the application would accept, so that menus offer
 * only those: `segment.editable.root.branch`, `segment.editable.child.leaf`, `segment.readonly…`.
 * Menus match its parts with regular expressions.
 */
function segmentContext(item: Extract<ExplorerItem, { kind: 'segment' }>): string {
  return [
    'segment',
    item.source === 'data' ? 'readonly' : 'editable',
    item.isRoot ? 'root' : 'child',
    item.node.children.length > 0 ? 'branch' : 'leaf',
  ].join('.');
}

/** How an item shows: label, description, tooltip (Markdown), context value for menus. */
export function presentItem(item: ExplorerItem): {
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  contextValue: string;
  expandable: boolean;
} {
  switch (item.kind) {
    case 'source':
      return {
        id: `source:${item.source}`,
        label: SOURCE_TITLES[item.source],
        contextValue: `source.${item.source === 'data' ? 'readonly' : 'editable'}`,
        expandable: true,
      };
    case 'skeleton': {
      const s = item.skeleton;
      return {
        id: `skeleton:${s.source}:${s.id}`,
        label: s.name,
        description: `scale ${s.scale}`,
        tooltip: `**${s.name}** (skeleton ${s.id}) in ${SOURCE_TITLES[s.source].toLowerCase()}\n\nScale ${s.scale}`,
        contextValue: `skeleton.${s.source === 'data' ? 'readonly' : 'editable'}`,
        expandable: true,
      };
    }
    case 'segment': {
      const n = item.node;
      const solver = n.solver ?? 'solved with parent';
      const markers = `${n.markerCount} marker${n.markerCount === 1 ? '' : 's'}`;
      const endpoint = n.endpoint ? `Endpoint [${n.endpoint.join(', ')}] mm` : 'No endpoint (has children)';
      return {
        id: `segment:${item.source}:${n.id}`,
        label: n.name,
        description: `${solver} · ${markers}`,
        tooltip: `**${n.name}** (segment ${n.id})\n\nSolver: ${solver}\n\n${markers}\n\n${endpoint}`,
        contextValue: segmentContext(item),
        expandable: n.children.length > 0 || n.markerCount > 0,
      };
    }
    case 'marker': {
      const m = item.marker;
      return {
        id: `marker:${item.source}:${item.segmentId}:${m.name}`,
        label: m.name,
        description: `[${m.position.join(', ')}] mm · weight ${m.weight}`,
        tooltip: `Marker **${m.name}** of segment ${item.segmentId}\n\nPosition [${m.position.join(', ')}] mm (local), weight ${m.weight}`,
        contextValue: 'marker',
        expandable: false,
      };
    }
  }
}
