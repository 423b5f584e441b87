/**
 * npm run bench:snapshot — a snapshot of the 20 × 100 × 4 stage (motion snapshot's reader) beside
 * the bare reads of the same values: every request the snapshot makes, issued at once from a
 * list known beforehand (no waiting for ids), on the same server in the same run. The snapshot
 * has to find its ids as it goes; the goal is at most 1.5× the bare reads.
 */
import { MotionClient } from '../src/api/client/motion-client';
import type { MotionState } from '../src/api/state/motion-state';
import { readSnapshot } from '../src/api/state/read-snapshot';
import { startChildServer } from '../test/support/child-server';
import { median, timed } from './timed-reads';
import { MARKERS, populateStage, SEGMENTS, SKELETONS } from './stage';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const GOAL = 1.5;

type Request = [module: string, operation: string, args: unknown[]];

const SEGMENT_READS = [
  'get_segment_name',
  'get_segment_parent_id',
  'get_segment_child_ids',
  'get_segment_solver',
  'get_segment_transform',
  'get_segment_default_transform',
  'get_segment_degrees_of_freedom',
  'get_segment_endpoint',
  'get_segment_markers',
  'get_segment_rigid_bodies',
];

/** Every value a snapshot reads, as one flat list of requests: what reading them once costs at best. */
function bareReads(state: MotionState): Request[] {
  const settings = 'motion.settings.processing.skeleton';
  const data = 'motion.data.object.skeleton';
  const requests: Request[] = [['motion', 'get_version', []]];
  for (const source of ['project', 'measurement', 'data'] as const) {
    const [module, before] = source === 'data' ? [data, []] : [settings, [source]];
    requests.push([module, 'get_skeleton_ids', before]);
    for (const skeleton of state.skeletons[source]) {
      for (const op of ['get_skeleton_name', 'get_skeleton_scale', 'get_skeleton_root_id', 'get_segment_ids'])
        requests.push([module, op, [...before, skeleton.id]]);
      for (const id of Object.keys(skeleton.segments).map(Number))
        for (const op of SEGMENT_READS) requests.push([module, op, [...before, id]]);
    }
  }
  const trajectory = 'motion.data.object.trajectory';
  requests.push([trajectory, 'get_trajectory_ids', []]);
  for (const t of state.trajectories)
    requests.push([trajectory, 'get_label', [t.id]], [trajectory, 'get_parts', [t.id]]);
  const bone = 'motion.data.object.bone';
  requests.push([bone, 'get_bone_ids', []]);
  for (const b of state.bones)
    requests.push([bone, 'get_bone_trajectory_ids', [b.id]], [bone, 'get_bone_color', [b.id]]);
  requests.push(['motion.gui.selection', 'get_selections', []]);
  return requests;
}

async function main(): Promise<void> {
  const server = await startChildServer(['--empty', '--log-level', 'warn']);
  const setup = new MotionClient({ url: server.url });
  await populateStage(setup);
  const { state } = await readSnapshot(setup);
  await setup.close();
  const list = bareReads(state);

  const snapshots: number[] = [];
  const bare: number[] = [];
  let snapshotRequests = 0;
  for (let i = 0; i < RUNS; i++) {
    const snapshot = await timed(server.url, (client) => readSnapshot(client));
    if (JSON.stringify(snapshot.result.state) !== JSON.stringify(state)) throw new Error('the snapshots differ');
    snapshots.push(snapshot.ms);
    snapshotRequests = snapshot.requests;
    const reads = await timed(server.url, (client) =>
      Promise.all(list.map(([module, op, args]) => client.call(module, op, args, { effect: 'read' }))),
    );
    bare.push(reads.ms);
  }
  server.child.kill('SIGTERM');
  await server.exited;
  if (snapshotRequests !== list.length)
    throw new Error(`the snapshot made ${snapshotRequests} requests, the bare list has ${list.length}`);

  const [s, b] = [median(snapshots), median(bare)];
  const ratio = s / b;
  console.log(
    `Snapshot of ${SKELETONS} skeletons × ${SEGMENTS} segments × ${MARKERS} markers (${list.length} values: every field of every segment, trajectories, bones, selection)`,
  );
  console.log(`median of ${RUNS} runs, reference server in a child process, loopback`);
  console.log(
    `  motion snapshot (ids found as it goes)   ${s.toFixed(0).padStart(6)} ms   ${snapshotRequests} requests`,
  );
  console.log(`  bare reads (the same list, all at once)  ${b.toFixed(0).padStart(6)} ms   ${list.length} requests`);
  console.log(`  ratio snapshot/bare: ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'NOT met'})`);
}

void main();
