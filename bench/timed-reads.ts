import { MotionClient } from '../src/api/client/motion-client';

/** Times `run` on a client of its own, connected first (the handshake is not timed), counting its requests. */
export async function timed<T>(
  url: string,
  run: (client: MotionClient) => Promise<T>,
): Promise<{ ms: number; requests: number; result: T }> {
  let requests = 0;
  const client = new MotionClient({ url, onRequest: () => requests++ });
  await client.get_version();
  requests = 0;
  const started = performance.now();
  const result = await run(client);
  const ms = performance.now() - started;
  await client.close();
  return { ms, requests, result };
}

export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}
