import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** How one measurement of a batch ended. */
type BatchStatus = 'changed' | 'unchanged' | 'failed' | 'skipped';

/** One measurement's line of the report (and of the journal, once it is done). */
export interface BatchEntry {
  file: string;
  status: BatchStatus;
  /** Seconds it took, open to close. */
  seconds: number;
  /** Where its result was written (a changed measurement, with --out or --in-place). */
  result?: string;
  /** What the script changed: one line each ("Trajectories / LASI: filled frames 12–40"). */
  changes?: string[];
  /** Why it failed: the error, with the script's file and line when it raised. */
  error?: { type: string; message: string; file?: string; line?: number };
}

/** The journal's first line: which script over which files it records, so that --resume continues that batch only. */
interface JournalHead {
  batch: string;
  script: string;
}

/** The journal's name in a batch's output folder (or, in place, the first measurement's folder). */
export const JOURNAL = '.motion-batch.jsonl';

/** What identifies a batch: the script's text and the measurements, in order. */
export function batchIdentity(scriptCode: string, files: readonly string[]): string {
  return createHash('sha256').update(scriptCode).update('\0').update(files.join('\n')).digest('hex').slice(0, 16);
}

/**
 * A batch's journal: a line per measurement done, appended and flushed to disk as each is done
 * (after its result was renamed into place), so that a batch killed at any moment is continued by
 * --resume from the files not yet done. A line cut off by the kill is ignored.
 */
export class BatchJournal {
  private constructor(
    readonly path: string,
    /** The measurements already done (succeeded) by an earlier run of the same batch. */
    readonly done: ReadonlyMap<string, BatchEntry>,
  ) {}

  /**
   * Opens the journal at `path`: with `resume`, the earlier run's, refused when it records another
   * script or other files; without, a new one (an earlier journal is replaced).
   */
  static async open(path: string, head: JournalHead, resume: boolean): Promise<BatchJournal> {
    await mkdir(dirname(path), { recursive: true });
    const done = new Map<string, BatchEntry>();
    if (resume) {
      const text = await readFile(path, 'utf8').catch(() => undefined);
      if (text === undefined) throw new Error(`--resume: there is no earlier batch to continue (${path} is missing)`);
      const lines = text.split('\n').filter(Boolean);
      const first = parse<JournalHead>(lines[0]);
      if (!first || first.batch !== head.batch)
        throw new Error(
          `--resume: ${path} records another batch (another script, or other measurements); run it again without --resume`,
        );
      for (const line of lines.slice(1)) {
        const entry = parse<BatchEntry>(line);
        if (entry && entry.status !== 'failed') done.set(entry.file, entry);
      }
      return new BatchJournal(path, done);
    }
    // Written whole, then renamed: never a journal with a head cut off.
    const fresh = join(dirname(path), `.motion-batch-${process.pid}.tmp`);
    await writeSynced(fresh, `${JSON.stringify(head)}\n`);
    await rename(fresh, path);
    return new BatchJournal(path, done);
  }

  /** Records a measurement done: on disk before this returns. */
  async record(entry: BatchEntry): Promise<void> {
    const handle = await open(this.path, 'a');
    try {
      await handle.appendFile(`${JSON.stringify(entry)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** The batch ended with every file done: the journal has nothing left to resume. */
  async finish(): Promise<void> {
    await rm(this.path, { force: true });
  }
}

function parse<T>(line: string | undefined): T | undefined {
  if (!line) return undefined;
  try {
    return JSON.parse(line) as T;
  } catch {
    return undefined; // the line a kill cut off
  }
}

async function writeSynced(path: string, text: string): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
