import { rename, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readSnapshot } from '../../api/state/read-snapshot';
import { encodeSnapshot, versionText } from '../../api/state/state-document';
import { describeState } from '../../api/state/state-summary';
import { clientFor, EXIT, GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, UsageError } from '../cli-context';

const SNAPSHOT_HELP = `Usage: motion snapshot [-o FILE]

Reads everything the scripting interface exposes from the application (the skeletons of the
project settings, the measurement settings and the current data with every segment field,
trajectories with their labels and parts, bones, the selection, the version) into a state file:
to -o FILE, else to stdout. motion-server --state FILE serves it as it is, and motion run
--dry-run runs a script against it. Nothing in the application changes. The file is written
whole or not at all: Ctrl+C stops the reading and leaves no file behind.

  -o, --out FILE   where to write the snapshot (conventionally NAME.motion.json)

${GLOBAL_HELP}`;

export async function snapshotCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...GLOBAL_OPTIONS, out: { type: 'string', short: 'o' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${SNAPSHOT_HELP}\n`), EXIT.ok);
  if (positionals.length > 0)
    throw new UsageError(`snapshot takes no arguments, got "${positionals.join(' ')}"; use -o FILE`);
  const options = globalOptions(values);
  const client = clientFor(options);
  const cancel = new AbortController();
  const interrupted = () => cancel.abort();
  process.once('SIGINT', interrupted);
  const progress = progressLine();
  try {
    const { state, origin } = await readSnapshot(client, {
      signal: cancel.signal,
      onProgress: (p) => progress.show(p),
    });
    progress.clear();
    const text = encodeSnapshot(state, origin);
    if (values.out) await writeWhole(values.out, text);
    else process.stdout.write(text);
    const summary = `snapshot of ${origin.url} (version ${versionText(origin.application)}): ${describeState(state)}`;
    if (options.json) process.stderr.write(`${JSON.stringify({ file: values.out ?? null, ...origin })}\n`);
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

/** The file appears whole or not at all: written aside, then renamed over. */
async function writeWhole(file: string, text: string): Promise<void> {
  const aside = `${file}.${process.pid}.partial`;
  try {
    await writeFile(aside, text);
    await rename(aside, file);
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
