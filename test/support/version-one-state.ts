import { demoState } from '../../server/scripting/model/demo-data';

/**
 * The demo data as a state file of version 1 held it (a trajectory's parts as a count, bones with
 * names and no colour), which the reference server upgrades as it reads it.
 */
export function versionOneState() {
  const current = demoState();
  return {
    format: 'motion-server-state',
    version: 1,
    state: {
      ...current,
      trajectories: current.trajectories
        .filter((t) => t.label !== null)
        .map((t) => ({ id: t.id, label: t.label, parts: t.parts.length })),
      bones: current.bones.map((b) => ({ id: b.id, name: `bone ${b.id}`, from: b.from, to: b.to })),
    },
  };
}
