import { readFile } from 'node:fs/promises';
import { MotionClient } from '../../api/client/motion-client';
import type { MotionState } from '../../api/state/motion-state';
import { readSnapshot } from '../../api/state/read-snapshot';
import { STATE_FORMAT, STATE_VERSION } from '../../api/state/state-document';

/** How a private server's state was read: its state file, or through the interface. */
type StateReading = 'file' | 'interface';

/**
 * A private server's state as the server holds it, read before a dry run's script and after it,
 * both the same way (`reading`: the way of the first read; undefined for the first). The server
 * writes its state file before it answers a change, so the file is what it holds: one file read,
 * where reading through the interface takes some 850 calls (half a second in a fresh process). A
 * file the server upgrades as it reads it (a snapshot saved in an older format), or one that is
 * not plain JSON (saved with a byte-order mark), is read through the interface, before and after.
 */
export async function readPrivateState(
  server: { url: string; stateFile: string },
  reading?: StateReading,
): Promise<{ state: MotionState; reading: StateReading }> {
  if (reading !== 'interface') {
    const state = stateOfFile(await readFile(server.stateFile, 'utf8'));
    if (state) return { state, reading: 'file' };
    if (reading === 'file') throw new Error(`the private server's state file ${server.stateFile} cannot be read`);
  }
  const client = new MotionClient({ url: server.url });
  try {
    return { state: (await readSnapshot(client)).state, reading: 'interface' };
  } finally {
    await client.close();
  }
}

/** The state a state file of the current format holds; undefined for any other text. */
function stateOfFile(text: string): MotionState | undefined {
  let document: { format?: unknown; version?: unknown; state?: unknown };
  try {
    document = JSON.parse(text) as typeof document;
  } catch {
    return undefined;
  }
  const current = document?.format === STATE_FORMAT && document.version === STATE_VERSION;
  return current && typeof document.state === 'object' && document.state ? (document.state as MotionState) : undefined;
}
