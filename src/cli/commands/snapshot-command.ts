import { rm, writeFile } from 'node:fs/promises';
import { replaceFile } from '../../api/files/replace-file';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { MotionClient } from '../../api/client/motion-client';
import type { SnapshotProgress } from '../../api/state/read-snapshot';
import { versionText } from '../../api/state/state-document';
import { describeState } from '../../api/state/state-summary';
import { DryRunError } from '../../runner/dry-run/dry-run';
import { takeSnapshot } from '../../runner/dry-run/record-snapshot';
import { stdinLines } from '../line-queue';
import { clientFor, EXIT, GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, UsageError } from '../cli-context';
import { readUserText, UnreadableEncoding } from '../../api/files/user-text';

const SNAPSHOT_HELP = `Usage: motion snapshot [-o FILE] [--record SCRIPT [--python PATH]]

Reads everything the scripting interface exposes from the application (the skeletons of the
project settings, the measurement settings and the current data with every segment field,
trajectories with their labels and parts, bones, the selection, the version) into a state file:
to -o FILE, else to stdout. motion-server --state FILE serves it as it is, and motion run
--dry-run runs a script against it. Nothing in the application changes. The file is written
whole or not at all: Ctrl+C stops the reading and leaves no file behind.

With --record, the script then runs once against the snapshot, as in a dry run: the reads it
makes that the reference server does not model (the timeline, series, messages...) are answered
by the application, no change is sent, and every answer is stored in the snapshot. Dry runs and
tests from the snapshot replay those answers with no application. A script that stops with an
error records nothing.

  -o, --out FILE     where to write the snapshot (conventionally NAME.motion.json)
  --record SCRIPT    run this Python or Lua script and store the answers its reads got
  --python PATH      with --record: the Python interpreter (default: python3)

${GLOBAL_HELP}`;

export async function snapshotCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      ...GLOBAL_OPTIONS,
      out: { type: 'string', short: 'o' },
      record: { type: 'string' },
      python: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${SNAPSHOT_HELP}\n`), EXIT.ok);
  if (positionals.length > 0)
    throw new UsageError(`snapshot takes no arguments, got "${positionals.join(' ')}"; use -o FILE`);
  if (values.python !== undefined && values.record === undefined) throw new UsageError('--python goes with --record');
  const script = values.record === undefined ? undefined : await scriptToRecord(values.record);
  const options = globalOptions(values);
  const client = clientFor(options);
  const cancel = new AbortController();
  const interrupted = () => cancel.abort();
  process.once('SIGINT', interrupted);
  const progress = progressLine();
  try {
    const taken = await snapshotOf(
      client,
      script,
      values.python,
      cancel.signal,
      (p) => progress.show(p),
      () => progress.clear(),
    );
    if (!taken) return EXIT.refused;
    const { state, origin, reads, keepsDocumentation, text } = taken;
    progress.clear();
    if (values.out) await writeWhole(values.out, text);
    else process.stdout.write(text);
    const documented = keepsDocumentation ? ", with the application's documentation" : '';
    const kept = script ? `; recorded ${reads} answer${reads === 1 ? '' : 's'} to ${script.name}'s reads` : '';
    const summary = `snapshot of ${origin.url} (version ${versionText(origin.application)}): ${describeState(state)}${documented}${kept}`;
    if (options.json)
      process.stderr.write(`${JSON.stringify({ file: values.out ?? null, ...origin, recorded: reads })}\n`);
    else process.stderr.write(`${summary}${values.out ? ` → ${values.out}` : ''}\n`);
    return EXIT.ok;
  } catch (error) {
    progress.clear();
    if (cancel.signal.aborted) {
      process.stderr.write('motion snapshot: stopped (Ctrl+C); no file was written\n');
      return 130;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupted);
    await client.close();
  }
}

/** The script --record names, read now: a usage error when it is no Python or Lua script, or cannot be read. */
async function scriptToRecord(name: string): Promise<{ name: string; path: string; code: string }> {
  if (!name.endsWith('.py') && !name.endsWith('.lua'))
    throw new UsageError(`--record takes a Python (.py) or Lua (.lua) script, got "${name}"`);
  const path = resolve(name);
  try {
    return { name, path, code: await readUserText(path) };
  } catch (error) {
    throw new UsageError(error instanceof UnreadableEncoding ? error.message : `cannot read ${path}`);
  }
}

/** The snapshot (with the script's answers); undefined (said on stderr) when the script could not be recorded. */
async function snapshotOf(
  application: MotionClient,
  script: { name: string; path: string; code: string } | undefined,
  python: string | undefined,
  signal: AbortSignal,
  onProgress: (p: SnapshotProgress) => void,
  progressDone: () => void,
) {
  try {
    return await takeSnapshot({
      application,
      signal,
      onProgress: (p) => {
        onProgress(p);
        if (p.read === p.asked) progressDone();
      },
      record: script && {
        name: script.name,
        serverScript: join(__dirname, 'motion-server.js'),
        script: { path: script.path, code: script.code },
        python,
        // The script's own output goes to stderr: stdout may be the snapshot.
        onOutput: (_stream, text) => process.stderr.write(text),
        readLine: stdinLines(),
      },
    });
  } catch (error) {
    if (!(error instanceof DryRunError) || signal.aborted) throw error;
    process.stderr.write(`motion snapshot --record: ${error.message}; no file was written\n`);
    return undefined;
  }
}

/** The file appears whole or not at all: written aside, then renamed over. */
async function writeWhole(file: string, text: string): Promise<void> {
  const aside = `${file}.${process.pid}.partial`;
  try {
    await writeFile(aside, text);
    await replaceFile(aside, file);
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  }
}

/** "read 1,234 of 2,000 values" on stderr, redrawn in place, only where a person watches a terminal. */
function progressLine() {
  const shown = process.stderr.isTTY;
  let last = 0;
  return {
    show({ read, asked }: { read: number; asked: number }) {
      const now = Date.now();
      if (!shown || now - last < 100) return;
      last = now;
      process.stderr.write(`\r\x1b[Kreading ${read.toLocaleString('en')} of ${asked.toLocaleString('en')} values`);
    },
    clear() {
      if (shown && last > 0) process.stderr.write('\r\x1b[K');
    },
  };
}
