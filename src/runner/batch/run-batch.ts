import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MotionClient } from '../../api/client/motion-client';
import { changeLine } from '../../api/state/state-diff';
import { dryRun } from '../dry-run/dry-run';
import { LuaSession } from '../lua-session';
import { PythonSession } from '../python-session';
import { scriptArgumentsPrelude } from '../script-arguments';
import type { RunResult, SessionOutput } from '../script-session';
import type { BatchFile } from './batch-inputs';
import { BatchJournal, type BatchEntry } from './batch-journal';
import { BatchRefused } from './prepare-batch';

/** What a batch runs, over what, and where its results go. */
interface BatchOptions {
  script: { path: string; code: string };
  files: readonly BatchFile[];
  /** The application's scripting interface (a real run); a dry run starts private servers instead. */
  url: string;
  /** Each file against a private reference server started from it; nothing is written. */
  dryRun?: { serverScript: string; deadlineMs?: number };
  /** Where changed measurements are saved, under their batch names; undefined: not saved (unless inPlace). */
  out?: string;
  /** Save changed measurements over the originals (asked for explicitly). */
  inPlace?: boolean;
  /** How many files at once: dry runs only (one application opens one measurement at a time). */
  jobs?: number;
  /** The journal that --resume continues from (a real run that writes results keeps one). */
  journal?: BatchJournal;
  python?: string;
  onOutput?: SessionOutput;
  /** Said as each file starts and ends (progress). */
  onFile?: (event: { file: BatchFile; index: number; entry?: BatchEntry }) => void;
  signal?: AbortSignal;
}

/** The name a result is written under until it is whole: hidden, in the folder it ends in (a rename there is atomic). */
const PARTIAL = '.motion-batch-partial';

/**
 * Runs one script over many measurements: each is opened, the script runs with it open
 * (`motion.file.get_path()` names it), and it is closed. A changed measurement is saved under a
 * temporary name and renamed into place once whole. A file that fails is reported and the batch
 * goes on. Files the journal records as done are skipped. Entries come back in the files' order.
 */
export async function runBatch(options: BatchOptions): Promise<BatchEntry[]> {
  const entries: (BatchEntry | undefined)[] = Array.from({ length: options.files.length }, () => undefined);
  const jobs = options.dryRun ? Math.max(1, options.jobs ?? 1) : 1;
  for (const folder of resultFolders(options)) await removePartials(folder);
  // A real batch opens its files in the application's place: what was open comes back at the end.
  const wasOpen = options.dryRun ? undefined : await measurementToKeep(options.url);
  let next = 0;
  const worker = async () => {
    while (next < options.files.length && !options.signal?.aborted) {
      const index = next++;
      const file = options.files[index];
      const earlier = options.journal?.done.get(file.path);
      if (earlier) {
        entries[index] = { ...earlier, status: 'skipped' };
        options.onFile?.({ file, index, entry: entries[index] });
        continue;
      }
      options.onFile?.({ file, index });
      const entry = options.dryRun ? await dryRunOne(options, file) : await runOne(options, file);
      entries[index] = entry;
      if (entry.status !== 'failed') await options.journal?.record(entry);
      options.onFile?.({ file, index, entry });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(jobs, options.files.length) }, worker));
  } finally {
    if (wasOpen)
      await new MotionClient({ url: options.url }).call('motion.file', 'open', [wasOpen]).catch(() => undefined);
  }
  return entries.filter((entry): entry is BatchEntry => entry !== undefined);
}

/**
 * The measurement open in the application before a batch, to open again after it (its path), or
 * undefined. One with unsaved changes refuses the batch: opening another file would lose them.
 */
async function measurementToKeep(url: string): Promise<string | undefined> {
  const client = new MotionClient({ url });
  if ((await client.call('motion.file', 'is_open', [])) !== true) return undefined;
  const path = (await client.call('motion.file', 'get_path', [])) as string | null;
  if ((await client.call('motion.file', 'is_dirty', [])) === true)
    throw new BatchRefused(
      `the measurement open in the application${path ? ` (${path})` : ''} has unsaved changes, and a batch opens each file in its place: save or close it first`,
    );
  return path ?? undefined;
}

/** One file against the application: opened, the script run, saved when it changed and asked to, closed. */
async function runOne(options: BatchOptions, file: BatchFile): Promise<BatchEntry> {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const client = new MotionClient({ url: options.url, timeoutMs: 120_000 });
  try {
    await client.call('motion.file', 'open', [file.path]);
  } catch (error) {
    return { file: file.path, status: 'failed', seconds: seconds(), error: openFailure(error) };
  }
  try {
    const result = await runScript(options, file);
    if (!result.ok)
      return { file: file.path, status: 'failed', seconds: seconds(), error: scriptFailure(options, result) };
    const changed = (await client.call('motion.file', 'is_dirty', [])) === true;
    if (!changed) return { file: file.path, status: 'unchanged', seconds: seconds() };
    const target = options.inPlace ? file.path : options.out ? join(options.out, file.name) : undefined;
    if (!target) return { file: file.path, status: 'changed', seconds: seconds() };
    // Whole or not at all: saved under a hidden name beside where it ends, then renamed over it.
    const partial = join(dirname(target), `${PARTIAL}-${process.pid}-${basename(target)}`);
    try {
      await client.call('motion.file', 'save_as', [partial]);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      return {
        file: file.path,
        status: 'failed',
        seconds: seconds(),
        error: {
          type: 'SaveError',
          message: `the result could not be written to ${target}: ${(error as Error).message}`,
        },
      };
    }
    return { file: file.path, status: 'changed', seconds: seconds(), result: target };
  } finally {
    await client.call('motion.file', 'close', []).catch(() => undefined);
  }
}

/** The script in a session of its own for one file, as `motion run` runs it. */
async function runScript(options: BatchOptions, file: BatchFile): Promise<RunResult> {
  const { script } = options;
  const lua = /\.lua$/i.test(script.path);
  const onOutput = options.onOutput ?? (() => undefined);
  const session = lua
    ? new LuaSession({ serverUrl: options.url, onOutput })
    : new PythonSession({ serverUrl: options.url, interpreter: options.python, onOutput });
  try {
    await session.run(scriptArgumentsPrelude(lua ? 'lua' : 'python', script.path, [file.path]), {
      filename: '<motion batch>',
    });
    return await session.run(script.code, { filename: script.path, line: 1 });
  } finally {
    await session.dispose();
  }
}

/** One file's dry run: a private server opens it, the script runs there, its changes are listed. Nothing is written. */
async function dryRunOne(options: BatchOptions, file: BatchFile): Promise<BatchEntry> {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  try {
    const outcome = await dryRun({
      serverScript: options.dryRun!.serverScript,
      snapshot: undefined,
      script: { ...options.script, args: [file.path] },
      measurement: file.path,
      python: options.python,
      deadlineMs: options.dryRun!.deadlineMs,
      onOutput: options.onOutput ?? (() => undefined),
      signal: options.signal,
    });
    const changes = outcome.changes.map(changeLine);
    if (!outcome.result.ok)
      return {
        file: file.path,
        status: 'failed',
        seconds: seconds(),
        changes,
        error: scriptFailure(options, outcome.result),
      };
    return { file: file.path, status: changes.length > 0 ? 'changed' : 'unchanged', seconds: seconds(), changes };
  } catch (error) {
    return { file: file.path, status: 'failed', seconds: seconds(), error: openFailure(error) };
  }
}

function scriptFailure(options: BatchOptions, result: RunResult): NonNullable<BatchEntry['error']> {
  const e = result.error;
  return {
    type: e?.type ?? 'Error',
    message: e?.message ?? 'the script failed',
    file: (e as { file?: string } | undefined)?.file ?? options.script.path,
    ...(e?.line ? { line: e.line } : {}),
  };
}

function openFailure(error: unknown): NonNullable<BatchEntry['error']> {
  const e = error as Error & { code?: string };
  return { type: e.code ?? e.name ?? 'Error', message: `the measurement could not be opened: ${e.message}` };
}

/** The folders results are written in: partial files a killed batch left there are removed first. */
function resultFolders(options: BatchOptions): string[] {
  if (options.dryRun) return [];
  if (options.inPlace) return [...new Set(options.files.map((f) => dirname(f.path)))];
  return options.out ? [options.out] : [];
}

async function removePartials(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const name of await readdir(folder)) if (name.startsWith(PARTIAL)) await rm(join(folder, name), { force: true });
}
