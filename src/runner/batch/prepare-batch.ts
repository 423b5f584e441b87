import { access, constants, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { batchFiles, BatchInputError, inputFolders, isInside, type BatchFile } from './batch-inputs';
import { batchIdentity, BatchJournal, JOURNAL } from './batch-journal';
import { syntaxProblem } from './script-syntax';

/** A batch that cannot start: said as it is (the CLI's exit 2), before any measurement is opened. */
export class BatchRefused extends Error {
  override name = 'BatchRefused';
}

/** What a batch was asked to do, as the CLI and VS Code ask it. */
interface BatchRequest {
  script: { path: string; code: string };
  /** Files, folders and patterns, as given (relative to `cwd`). */
  inputs: readonly string[];
  /** The output folder (absolute), and how it was written, for messages. */
  out?: { path: string; given: string };
  inPlace?: boolean;
  resume?: boolean;
  python?: string;
  cwd?: string;
}

/**
 * Checks a batch before any measurement is opened, and finds what it runs over: the inputs
 * expanded, the output folder outside every folder the batch reads and writable, the script
 * compiling; then the journal a batch that writes keeps (continued with `resume`). Every refusal
 * is a BatchRefused naming what was wrong.
 */
export async function prepareBatch(request: BatchRequest): Promise<{ files: BatchFile[]; journal?: BatchJournal }> {
  const cwd = request.cwd ?? process.cwd();
  const files = await batchFiles(request.inputs, cwd).catch((error: unknown) => {
    throw error instanceof BatchInputError ? new BatchRefused(error.message) : error;
  });
  const { out } = request;
  if (out) {
    const read = inputFolders(request.inputs, files, cwd).find((folder) => isInside(out.path, folder));
    if (read)
      throw new BatchRefused(
        `--out ${out.given} is inside ${read}, which the batch reads: its results would be read again, or mixed with the originals. Choose a folder outside it.`,
      );
    await writable(out.path, out.given);
  }
  // Before any measurement is opened: a script that cannot compile fails every file alike.
  const problem = await syntaxProblem(request.script.path, request.script.code, request.python);
  if (problem) {
    const name = relative(cwd, request.script.path) || request.script.path;
    throw new BatchRefused(
      `${name}${problem.line ? `:${problem.line}` : ''}: ${problem.message}\nNo measurement was opened.`,
    );
  }
  if (!out && !request.inPlace) {
    if (request.resume)
      throw new BatchRefused('--resume continues a batch that writes its results: give its --out DIR or --in-place');
    return { files };
  }
  const journalPath = out ? join(out.path, JOURNAL) : join(dirname(files[0].path), JOURNAL);
  const head = {
    batch: batchIdentity(
      request.script.code,
      files.map((f) => f.path),
    ),
    script: request.script.path,
  };
  const journal = await BatchJournal.open(journalPath, head, request.resume ?? false).catch((error: Error) => {
    throw new BatchRefused(error.message);
  });
  return { files, journal };
}

/** The output folder exists (made if not) and takes files; else said, before any file is opened. */
async function writable(folder: string, given: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
    await access(folder, constants.W_OK);
    const probe = join(folder, `.motion-batch-probe-${process.pid}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (error) {
    throw new BatchRefused(
      `--out ${given}: the folder cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}
