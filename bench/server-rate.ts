import autocannon from 'autocannon';
import type { MotionClient } from '../src/api/client/motion-client';

/** One call to the reference server over HTTP: its module path and operation, and its arguments. */
export interface BenchCall {
  module: string;
  operation: string;
  args: unknown[];
}

/**
 * How many requests per millisecond the server answers at most, for these calls taken in turn:
 * autocannon (a load generator made for it, in a process of its own) keeps as many in flight as it
 * may, so what limits the rate is the server. What a load of N such requests costs at best is N
 * divided by it: the bound a loader is measured against.
 */
export async function serverRate(
  url: string,
  calls: readonly BenchCall[],
  { seconds = 2, connections = 16, pipelining = 8 } = {},
): Promise<number> {
  let next = 0;
  const requests: autocannon.Request[] = [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const call = calls[next++ % calls.length];
        return {
          ...request,
          path: `/api/scripting/${call.module.replaceAll('.', '/')}/${call.operation}/`,
          body: JSON.stringify(call.args),
        };
      },
    },
  ];
  await autocannon({ url, connections, pipelining, duration: 0.5, requests }); // warm-up
  const result = await autocannon({ url, connections, pipelining, duration: seconds, requests });
  if (result.non2xx + result.errors > 0)
    throw new Error(`the rate was measured with ${result.non2xx + result.errors} failed requests`);
  return result.requests.total / (seconds * 1000);
}

/** These reads of every segment of the project settings, in turn: what a load of them makes. */
export async function readsOfEverySegment(client: MotionClient, operations: readonly string[]): Promise<BenchCall[]> {
  const reads: BenchCall[] = [];
  const api = client.settings.processing.skeleton;
  for (const skeleton of await api.get_skeleton_ids('project'))
    for (const segment of await api.get_segment_ids('project', skeleton))
      for (const operation of operations)
        reads.push({ module: 'motion.settings.processing.skeleton', operation, args: ['project', segment] });
  return reads;
}
