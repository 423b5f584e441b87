import { join } from 'node:path';
import { MotionConnectionError } from '../../api/client/motion-error';
import { readSnapshot } from '../../api/state/read-snapshot';
import { diffOutline } from '../../api/state/state-diff';
import { encodeSnapshot, snapshotOrigin } from '../../api/state/state-document';
import { checkSnapshotVersion, dryRun, DryRunError } from '../../runner/dry-run/dry-run';
import { notSentOutline } from '../../runner/dry-run/not-sent-outline';
import type { SessionOutput } from '../../runner/script-session';
import { clientFor, EXIT, terminalSafe, unreachable, UsageError, type GlobalOptions } from '../cli-context';
import { stdinLines } from '../line-queue';
import { readUserText } from '../../api/files/user-text';

interface DryRunRequest {
  path: string;
  code: string;
  args: string[];
  python?: string;
  /** A snapshot file to start from, instead of a snapshot of the application taken now. */
  snapshotFile?: string;
  deadlineSeconds?: string;
  /** A tool's command to run once it is loaded. */
  command?: string;
}

/**
 * `motion run --dry-run`: the script runs against a private server started from a snapshot, and
 * what it would change is printed (an outline, or JSON). Nothing but reads reach the application.
 */
export async function dryRunCommand(request: DryRunRequest, options: GlobalOptions): Promise<number> {
  const deadlineMs = deadline(request.deadlineSeconds);
  // With --json, stdout is the JSON alone: the script's own output goes to stderr.
  const onOutput: SessionOutput = (stream, text) =>
    (stream === 'stdout' && !options.json ? process.stdout : process.stderr).write(text);
  let outcome;
  const application = clientFor(options);
  // With no application and no snapshot file, the demo data: said first, with how to give a snapshot.
  const away =
    request.snapshotFile === undefined && (await unreachable(options))
      ? `no application answers at ${application.url}`
      : undefined;
  if (away)
    process.stderr.write(
      `motion run --dry-run: ${terminalSafe(away)}, so this dry run starts from the reference server's demo data ` +
        '(give --snapshot FILE to start from a snapshot of yours: motion snapshot -o FILE, the application connected)\n',
    );
  try {
    outcome = await dryRun({
      application: away ? undefined : application,
      serverScript: join(__dirname, 'motion-server.js'),
      // A snapshot taken now is taken while the script's session starts; a file's is read first.
      snapshot: away
        ? undefined
        : request.snapshotFile === undefined
          ? snapshotNow(options)
          : await snapshotFile(request.snapshotFile, options),
      script: { path: request.path, code: request.code, args: request.args },
      command: request.command,
      python: request.python,
      deadlineMs,
      onOutput,
      readLine: stdinLines(),
    });
  } catch (error) {
    if (!(error instanceof DryRunError)) throw error;
    process.stderr.write(`motion run --dry-run: ${terminalSafe(error.message)}\n`);
    return EXIT.refused;
  } finally {
    await application.close();
  }
  const { result, changes, notSent, reads } = outcome;
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ ok: result.ok, error: result.error ?? null, changes, notSent, reads }, null, 2)}\n`,
    );
  } else {
    const unsent = notSentOutline(notSent, reads, request.path);
    const notSentLines = unsent.length === 0 ? [] : ['', ...unsent];
    const header =
      changes.length === 0
        ? 'Dry run: no changes (the application was not touched).'
        : `Dry run: ${changes.length} change${changes.length === 1 ? '' : 's'} the script would make (the application was not touched):`;
    process.stdout.write(`\n${[header, ...diffOutline(changes), ...notSentLines].map(terminalSafe).join('\n')}\n`);
  }
  return result.ok ? EXIT.ok : EXIT.refused;
}

function deadline(seconds: string | undefined): number | undefined {
  if (seconds === undefined) return undefined;
  const value = Number(seconds);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`--deadline must be a positive number of seconds, got "${seconds}"`);
  return value * 1000;
}

/** A snapshot of the application, taken now. */
async function snapshotNow(options: GlobalOptions): Promise<string> {
  const client = clientFor(options);
  try {
    const { state, origin } = await readSnapshot(client);
    return encodeSnapshot(state, origin);
  } finally {
    await client.close();
  }
}

/** The chosen snapshot file, of this application's version when the application answers. */
async function snapshotFile(file: string, options: GlobalOptions): Promise<string> {
  let text: string;
  try {
    text = await readUserText(file);
  } catch (error) {
    throw new UsageError(
      `cannot read the snapshot ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  const client = clientFor(options);
  try {
    checkSnapshotVersion(snapshotOrigin(text), await client.get_version());
  } catch (error) {
    // The application is away: a dry run from a file needs nothing of it.
    if (!(error instanceof MotionConnectionError)) throw error;
  } finally {
    await client.close();
  }
  return text;
}
