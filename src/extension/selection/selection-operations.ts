import type { MotionClient } from '../../api/client/motion-client';
import { skeletonReader } from '../../api/skeletons/skeleton-loader';
import type { Marker } from '../../api/skeletons/skeleton-model';
import type { ExplorerItem } from '../skeletons-view/explorer-data';

/** Selecting a skeleton's or segment's markers in the application: through their labelled trajectories. No `vscode` import. */
interface SelectOutcome {
  selected: number;
  /** Markers without a labelled trajectory of that name. */
  missing: string[];
}

/** The names of the markers under an explorer item: a segment's, or all of a skeleton's segments'. */
export async function markerNames(client: MotionClient, item: ExplorerItem): Promise<string[]> {
  if (item.kind === 'source') return [];
  if (item.kind === 'marker') return [item.marker.name];
  const source = item.kind === 'skeleton' ? item.skeleton.source : item.source;
  const read = skeletonReader(client, source);
  const segments = item.kind === 'segment' ? [item.node.id] : await read<number[]>('get_segment_ids', item.skeleton.id);
  const markers = await Promise.all(segments.map((id) => read<Marker[]>('get_segment_markers', id)));
  return markers.flat().map((m) => m.name);
}

export async function selectMarkers(
  client: MotionClient,
  item: ExplorerItem,
  mode: 'replace' | 'add',
): Promise<SelectOutcome> {
  const names = await markerNames(client, item);
  const ids = await Promise.all(names.map((name) => client.data.object.trajectory.find_trajectory(name)));
  const items = ids.flatMap((id) => (id === null ? [] : [{ type: 'trajectory' as const, id, part_index: null }]));
  const missing = names.filter((_, i) => ids[i] === null);
  if (mode === 'replace') await client.gui.selection.set_selections(items);
  else if (items.length > 0) await client.gui.selection.select(items);
  return { selected: items.length, missing };
}
