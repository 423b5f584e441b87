import type { MotionState } from './motion-state';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What a state holds, in a line: "3 skeletons (2 project, 1 measurement, 1 data), 66 segments, 40 trajectories, 20 bones, 2 selected". */
export function describeState(state: MotionState): string {
  const { project, measurement, data } = state.skeletons;
  const all = [...project, ...measurement, ...data];
  const segments = all.reduce((n, s) => n + Object.keys(s.segments).length, 0);
  return [
    `${plural(all.length, 'skeleton')} (${project.length} project, ${measurement.length} measurement, ${data.length} data)`,
    plural(segments, 'segment'),
    plural(state.trajectories.length, 'trajectory', 'trajectories'),
    plural(state.bones.length, 'bone'),
    `${state.selection.length.toLocaleString('en')} selected`,
  ].join(', ');
}
