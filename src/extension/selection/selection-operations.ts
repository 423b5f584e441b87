import type { MotionClient } from '../../api/client/motion-client';
import type { MotionApiGuiSelection } from '../../api/client/motion-api.generated';
import { skeletonReader } from '../../api/skeletons/skeleton-loader';
import type { Marker } from '../../api/skeletons/skeleton-model';
import type { ExplorerItem } from '../explorer/explorer-data';

/** Selecting a skeleton's or segment's markers in the application: through their labelled trajectories. No `vscode` import. */
export type SelectionItem = Awaited<ReturnType<MotionApiGuiSelection['get_selections']>>[number];

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

/** The current selection with what a person reads: the trajectory's label, or the bone's name. */
export async function describeSelection(
  client: MotionClient,
): Promise<{ item: SelectionItem; label: string; description: string }[]> {
  const items = await client.gui.selection.get_selections();
  const bones = items.some((i) => i.type === 'bone') ? await boneNames(client) : new Map<number, string>();
  return Promise.all(
    items.map(async (item) => {
      const label =
        item.type === 'trajectory'
          ? trajectoryName(await client.data.object.trajectory.get_label(item.id), item.id)
          : (bones.get(item.id) ?? `bone ${item.id}`);
      const part =
        item.part_index === null ? (item.type === 'trajectory' ? 'whole trajectory' : '') : `part ${item.part_index}`;
      return { item, label, description: [item.type, `id ${item.id}`, part].filter(Boolean).join(' · ') };
    }),
  );
}

/** A trajectory as people call it: its label, or "unidentified <id>" when it has none. */
function trajectoryName(label: string | null, id: number): string {
  return label ?? `unidentified ${id}`;
}

async function boneNames(client: MotionClient): Promise<Map<number, string>> {
  const bones = client.data.object.bone;
  const ids = await bones.get_bone_ids();
  const pairs = await Promise.all(
    ids.map(async (id) => {
      const [from, to] = await bones.get_bone_trajectory_ids(id);
      const [a, b] = await Promise.all([
        client.data.object.trajectory.get_label(from),
        client.data.object.trajectory.get_label(to),
      ]);
      return [id, `${trajectoryName(a, from)}-${trajectoryName(b, to)}`] as const;
    }),
  );
  return new Map(pairs);
}
