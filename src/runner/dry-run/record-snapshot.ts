import { findDocumentedOperation } from '../../api/catalogue';
import type { MotionClient } from '../../api/client/motion-client';
import type { MotionState } from '../../api/state/motion-state';
import { readSnapshot, type SnapshotProgress } from '../../api/state/read-snapshot';
import { withRecording, type RecordedAnswer } from '../../api/state/recorded-answers';
import { encodeSnapshot, type SnapshotOrigin } from '../../api/state/state-document';
import { dryRun, DryRunError, type DryRunOptions } from './dry-run';

export interface SnapshotOptions {
  /** The application read (and asked the script's reads); never sent a change. */
  application: MotionClient;
  signal?: AbortSignal;
  onProgress?: (progress: SnapshotProgress) => void;
  /** A script to run once against the snapshot, keeping the answers its reads got. */
  record?: Omit<DryRunOptions, 'snapshot' | 'application' | 'signal'> & {
    /** The script as the recording names it (said when a replay misses a read): as the user wrote it. */
    name: string;
  };
}

export interface TakenSnapshot {
  /** The snapshot file's text: the state (before the script ran, with one), and the answers kept. */
  text: string;
  state: MotionState;
  origin: SnapshotOrigin;
  /**
   * The answers kept: the script's reads', and the application's documentation (when it has more
   * than the reference server models, or the script's package read it).
   */
  answers: RecordedAnswer[];
  /** How many of the answers are the script's reads (the documentation is not one). */
  reads: number;
  /** The application's documentation is kept: offline, the script's package has the application's whole interface. */
  keepsDocumentation: boolean;
}

const DOCUMENTATION = { operation: 'motion.utilities.documentation.get_package_documentation', args: [] };

/**
 * A snapshot of the application for dry runs and tests with no application. It keeps the
 * application's documentation when its interface has operations the reference server does not
 * model (so that a script's package offline has them all); with a script, the script runs once
 * against the snapshot as in a dry run (its reads the reference server does not model go to the
 * application, no change is sent) and every answer the application gave is kept. A script that
 * stops with an error records nothing: its later reads would be missing.
 */
export async function takeSnapshot(options: SnapshotOptions): Promise<TakenSnapshot> {
  const { application, signal, onProgress, record } = options;
  const { state, origin } = await readSnapshot(application, { signal, onProgress });
  const snapshot = encodeSnapshot(state, origin);
  const answers: RecordedAnswer[] = [];
  if (record) {
    const { result, answered } = await dryRun({ ...record, snapshot, application, signal });
    if (!result.ok) {
      const error = result.error;
      throw new DryRunError(
        `${record.name} stopped with an error (${error?.type ?? 'Error'}: ${error?.message ?? 'no message'}), so nothing was recorded: a recording is of a run that completes`,
      );
    }
    answers.push(...answered);
  }
  if (!answers.some((a) => a.operation === DOCUMENTATION.operation)) {
    const documentation = await application.utilities.documentation.get_package_documentation();
    // Offline, a private reference server documents the whole interface we bundle: only more than that needs keeping.
    const more = documentation.modules.some((m) =>
      m.methods.some((method) => !findDocumentedOperation(m.path, method.name)),
    );
    if (more) answers.unshift({ ...DOCUMENTATION, answer: documentation });
  }
  const text =
    answers.length === 0 && !record
      ? snapshot
      : withRecording(snapshot, { ...(record ? { script: record.name } : {}), answers });
  const keepsDocumentation = answers.some((a) => a.operation === DOCUMENTATION.operation);
  return { text, state, origin, answers, reads: answers.length - (keepsDocumentation ? 1 : 0), keepsDocumentation };
}
