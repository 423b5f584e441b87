import { resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { PythonSession } from '../../runner/python-session';
import { GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, UsageError } from '../cli-context';

export const RUN_HELP = `Usage: motion run FILE.py [ARG...] [--python PATH]

Runs a Python script against the application, with the motion package on its path: calls go
to --url, a refused call raises motion.MotionError (code and message), and tracebacks name the
script's own lines. ARGs reach the script as sys.argv[1:].

  --python PATH    the interpreter (default python3)

Exit status: 0 the script finished, 1 it raised (or the application refused a call).

${GLOBAL_HELP}`;

export async function runCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { ...GLOBAL_OPTIONS, python: { type: 'string' } }, allowPositionals: true, strict: true });
  if (values.help) return void process.stdout.write(`${RUN_HELP}\n`), 0;
  const [file, ...scriptArgs] = positionals;
  if (!file) throw new UsageError(`run needs a script\n\n${RUN_HELP}`);
  if (!file.endsWith('.py')) throw new UsageError(`run takes a Python script (.py), got "${file}"`);
  const options = globalOptions(values);
  const path = resolve(file);
  let code: string;
  try {
    code = await readFile(path, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${path}`);
  }
  const session = new PythonSession({
    serverUrl: options.url,
    interpreter: values.python,
    onOutput: (stream, text) => (stream === 'stdout' ? process.stdout : process.stderr).write(text),
  });
  try {
    const prelude = `import sys as __sys\n__sys.argv = ${JSON.stringify([path, ...scriptArgs])}\ndel __sys\n`;
    await session.run(prelude, { filename: '<motion run>' });
    const result = await session.run(code, { filename: path, line: 1 });
    return result.ok ? 0 : 1;
  } finally {
    await session.dispose();
  }
}
