import { writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readUserText, UnreadableEncoding } from '../../api/files/user-text';
import { JOURNAL, type BatchEntry } from '../../runner/batch/batch-journal';
import { batchSummary, junitReport } from '../../runner/batch/batch-report';
import { BatchRefused, prepareBatch } from '../../runner/batch/prepare-batch';
import { runBatch } from '../../runner/batch/run-batch';
import { EXIT, GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, report, unreachable, UsageError } from '../cli-context';

const BATCH_HELP = `Usage: motion batch SCRIPT.py|SCRIPT.lua FILE|FOLDER|PATTERN... [--out DIR | --in-place]
                    [--dry-run [--jobs N]] [--resume] [--json] [--junit FILE]

Runs one script over many measurements (C3D files; folders are searched, patterns such as
"trials/**/*.c3d" expanded). Each measurement is opened with motion.file.open, the script runs
with it open (motion.file.get_path() names it; sys.argv[1] / arg[1] too), and it is closed. A
file that cannot be opened, or whose script raises, is reported with its error and the batch
goes on. The script is checked for syntax errors before any file is opened.

  --out DIR      save each measurement the script changed in DIR under its own name (two of the
                 same name from different folders are named apart); the originals are never
                 written. DIR may not be inside a folder the batch reads.
  --in-place     save changed measurements over the originals (said explicitly: there is no undo)
  --dry-run      run each file against a private reference server started from it, and print
                 what the script would change there (before → after); nothing is written
  --jobs N       with --dry-run: N files at once (default 1); against one application, files run
                 one at a time
  --resume       continue a batch that was interrupted: files already done are not run again
                 (with --out or --in-place; the journal is ${JOURNAL} in the output folder)
  --junit FILE   also write the report as JUnit XML (one test case per file), for CI
  --python PATH  the interpreter for Python scripts (default python3)

A result is written under a temporary name and renamed once whole: a batch killed at any moment
leaves no half-written file.

Exit status: 0 every file succeeded, 1 any failed (named), 2 bad usage, 3 no application.

${GLOBAL_HELP}`;

export async function batchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      ...GLOBAL_OPTIONS,
      out: { type: 'string' },
      'in-place': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      jobs: { type: 'string' },
      resume: { type: 'boolean', default: false },
      junit: { type: 'string' },
      python: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${BATCH_HELP}\n`), EXIT.ok);
  const options = globalOptions(values);
  const [scriptArg, ...inputs] = positionals;
  if (!scriptArg) throw new UsageError(`batch needs a script and the measurements to run it over\n\n${BATCH_HELP}`);
  if (!/\.(py|lua)$/i.test(scriptArg))
    throw new UsageError(`batch runs a Python (.py) or Lua (.lua) script, got "${scriptArg}"`);
  const dryRun = values['dry-run'];
  const jobs = values.jobs === undefined ? 1 : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new UsageError(`--jobs must be a whole number from 1, got "${values.jobs}"`);
  if (jobs > 1 && !dryRun)
    throw new UsageError('--jobs goes with --dry-run: one application opens one measurement at a time');
  if (values.out && values['in-place']) throw new UsageError('--out and --in-place: choose one');
  if (dryRun && (values.out || values['in-place'] || values.resume))
    throw new UsageError('--dry-run writes nothing: --out, --in-place and --resume go without it');

  const scriptPath = resolve(scriptArg);
  let code: string;
  try {
    code = await readUserText(scriptPath);
  } catch (error) {
    throw new UsageError(error instanceof UnreadableEncoding ? error.message : `cannot read the script ${scriptPath}`);
  }
  const out = values.out === undefined ? undefined : resolve(values.out);
  const { files, journal } = await prepareBatch({
    script: { path: scriptPath, code },
    inputs,
    out: out ? { path: out, given: values.out! } : undefined,
    inPlace: values['in-place'],
    resume: values.resume,
    python: values.python,
  }).catch((error: unknown) => {
    throw error instanceof BatchRefused ? new UsageError(error.message) : error;
  });
  if (!dryRun) {
    const away = await unreachable(options);
    if (away) return report(away, options.json, `(motion batch --dry-run tries it without the application)`);
  }
  const writes = Boolean(journal);

  const said = (text: string) => (options.json ? process.stderr : process.stdout).write(text);
  if (!options.json)
    said(
      `${dryRun ? 'Dry run of' : 'Running'} ${basename(scriptPath)} over ${files.length} measurement${files.length === 1 ? '' : 's'}${dryRun ? ' (nothing is written)' : ''}\n`,
    );
  const interrupt = new AbortController();
  const stop = () => interrupt.abort();
  process.once('SIGINT', stop);
  const started = performance.now();
  let entries: BatchEntry[];
  try {
    entries = await runBatch({
      script: { path: scriptPath, code },
      files,
      url: options.url,
      dryRun: dryRun ? { serverScript: join(__dirname, 'motion-server.js') } : undefined,
      out,
      inPlace: values['in-place'],
      jobs,
      journal,
      python: values.python,
      onOutput: (_stream, text) => process.stderr.write(text),
      onFile: ({ file, index, entry }) => {
        if (entry && !options.json) said(`${fileLine(entry, index, files.length, file.name)}\n`);
      },
      signal: interrupt.signal,
    });
  } catch (error) {
    if (!(error instanceof BatchRefused)) throw error;
    process.stderr.write(`motion: ${error.message}\n`);
    return EXIT.refused;
  } finally {
    process.removeListener('SIGINT', stop);
  }
  const seconds = Math.round(performance.now() - started) / 1000;
  const failed = entries.filter((e) => e.status === 'failed');
  const left = files.length - entries.length;
  if (journal && left === 0 && failed.length === 0) await journal.finish();
  if (values.junit) await writeFile(resolve(values.junit), junitReport(basename(scriptPath), entries));
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ script: scriptPath, dryRun, seconds, files: entries, notRun: files.filter((f) => !entries.some((e) => e.file === f.path)).map((f) => f.path) }, null, 2)}\n`,
    );
  } else {
    said(`${batchSummary(entries, left, seconds)}\n`);
    if (failed.length > 0) said(`Failed: ${failed.map((e) => e.file).join(', ')}\n`);
    if (left > 0 && writes)
      said(`Interrupted: run the same command with --resume to continue with the ${left} left.\n`);
  }
  return failed.length > 0 || left > 0 ? EXIT.refused : EXIT.ok;
}

/** One file's line: its place, name, how it ended, and its changes (dry run) or error. */
function fileLine(entry: BatchEntry, index: number, count: number, name: string): string {
  const mark = { changed: '✓', unchanged: '·', failed: '✗', skipped: '↷' }[entry.status];
  const head = `[${index + 1}/${count}] ${mark} ${name}: ${entry.status === 'skipped' ? 'done before (skipped)' : entry.status}`;
  const where = entry.result ? ` → ${entry.result}` : '';
  const took = entry.status === 'skipped' ? '' : ` (${entry.seconds.toFixed(1)} s)`;
  const lines = [`${head}${where}${took}`];
  if (entry.error) {
    const at = entry.error.line ? ` (${entry.error.file ?? ''}:${entry.error.line})` : '';
    lines.push(`    ${entry.error.type}: ${entry.error.message}${at}`);
  }
  for (const change of entry.changes ?? []) lines.push(`    ${change}`);
  return lines.join('\n');
}
