import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DryRunReport } from '../../api/state/sample-changes';
import { askReference } from '../../api/client/reference-controls';
import { removeOrphanedPrivateFolders } from './private-folders';
import { snapshotOrigin, versionText } from '../../api/state/state-document';
import {
  ServerDidNotStart,
  startReferenceServer,
  stopReferenceServer,
  type ServerProcess,
} from '../reference-server-process';

/** The private server would not serve the snapshot it was given (corrupt, hand-edited, another format version). */
export class SnapshotRefused extends Error {
  override name = 'SnapshotRefused';
}

/**
 * Starts the built reference server (`motion-server.js`) as a child process serving `stateFile`.
 * Nobody else's application is touched: the port is a free one on 127.0.0.1. A file the server
 * cannot serve (corrupt, hand-edited, another format version) is refused with the server's own
 * words, which name the field.
 */
async function startPrivateServer(
  serverScript: string,
  stateFile: string,
  dryRun: boolean,
  version: string | undefined,
): Promise<ServerProcess> {
  const args = [
    ...['--port', '0', '--state', stateFile, '--log-level', 'warn'],
    ...(dryRun ? ['--dry-run'] : []),
    // A snapshot's script asks get_version of the application it came from, not of this server.
    ...(version ? ['--answer-version', version] : []),
  ];
  try {
    return await startReferenceServer(serverScript, args);
  } catch (error) {
    if (!(error instanceof ServerDidNotStart)) throw error;
    if (!error.exited)
      throw new Error(`the private server ${error.message}:\n${error.output.trim()}`, { cause: error });
    // The server speaks of its state file (our copy) and how to repair it: say only what is wrong.
    const said = error.output.trim().replace(/^motion-server: /, '');
    const problem = /is corrupt: (.*?)\. It was left as it is/s.exec(said)?.[1] ?? said;
    throw new SnapshotRefused(`the snapshot cannot be served: ${problem || 'the private server stopped at start'}`);
  }
}

/**
 * Runs `use` with a private server serving a copy of `snapshot` (a state file's text; undefined:
 * the demo data), and its state file, which holds every change once the call that made it has
 * answered. The server and the copy are gone when it returns, whatever happened. A dry run's
 * server (`dryRun`) writes no measurement file and reports what the script did (readDryRunReport).
 */
export async function withPrivateServer<T>(
  serverScript: string,
  snapshot: string | undefined,
  use: (server: { url: string; stateFile: string }) => Promise<T>,
  { dryRun = false } = {},
): Promise<T> {
  // Named after this process: whoever looks for leftovers can tell its own from other processes',
  // and those whose process is gone are removed before the first one here starts.
  await removeOrphanedPrivateFolders();
  const dir = await mkdtemp(join(tmpdir(), `motion-private-${process.pid}-`));
  const stateFile = join(dir, 'state.motion.json');
  try {
    // Without a snapshot the server creates the file from its demo data.
    if (snapshot !== undefined) await writeFile(stateFile, snapshot);
    const origin = snapshot === undefined ? undefined : snapshotOrigin(snapshot);
    const version = origin && versionText(origin.application);
    const server = await startPrivateServer(serverScript, stateFile, dryRun, version);
    try {
      return await use({ url: server.url, stateFile });
    } finally {
      await stopReferenceServer(server.child);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a dry run's private server saw the script do that its state does not hold: saves held back, samples changed. */
export async function readDryRunReport(server: { url: string }): Promise<DryRunReport> {
  const report = await askReference<DryRunReport>(server.url, 'dry-run', []);
  if (!report) throw new Error('the private server did not report the dry run: it was not started as a dry run’s');
  return report;
}
