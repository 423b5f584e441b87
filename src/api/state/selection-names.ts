import type { MotionApiGuiSelection } from '../client/motion-api.generated';
import type { MotionClient } from '../client/motion-client';

/** One selected thing of the application: a trajectory (or one of its parts), or a bone. */
export type SelectionItem = Awaited<ReturnType<MotionApiGuiSelection['get_selections']>>[number];

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
      // part_index may be left out (it is optional): a whole trajectory, as null says.
      const part =
        item.part_index == null ? (item.type === 'trajectory' ? 'whole trajectory' : '') : `part ${item.part_index}`;
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
