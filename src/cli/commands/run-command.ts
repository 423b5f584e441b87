import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LuaSession } from '../../runner/lua-session';
import { PythonSession } from '../../runner/python-session';
import { scriptArgumentsPrelude } from '../../runner/script-arguments';
import { GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, report, unreachable, UsageError } from '../cli-context';
import { stdinLines } from '../line-queue';
import { dryRunCommand } from './dry-run-command';
import { functionsGiven, toolAdvice } from '../../api/text/tool-script';
import { readUserText, UnreadableEncoding } from '../../api/files/user-text';

const RUN_HELP = `Usage: motion run FILE.py|FILE.lua [ARG...] [--python PATH] [--dry-run [--snapshot FILE] [--deadline S] [--command NAME]]

Runs a Python or Lua script against the application, with the motion package (Python) or
table (Lua): calls go to --url, a refused call raises MotionError (code and message), and
tracebacks name the script's own lines. ARGs reach the script as sys.argv[1:] (Python) or
arg[1..] (Lua); input() (io.read) reads standard input. Lua runs in Lua 5.4 built into this
tool; Python in your interpreter.

  --python PATH    the interpreter (default python3)
  --dry-run        run against a private server started from a snapshot of the application
                   (taken now, only reads reach the application) and print what the script
                   would change: an outline of skeletons, segments, fields, markers, bones,
                   labels and the selection with before → after (JSON with --json)
  --snapshot FILE  with --dry-run: start from this snapshot file (motion snapshot -o FILE)
                   instead; refused when the application answers with another version
  --deadline S     with --dry-run: stop a script that runs longer (default 60 s)

A tool (a script that gives motion.gui functions) is dry-run as the application runs it: loaded
as a start-up script, showing the commands, menus and draw function it adds;
  --command NAME   with --dry-run of a tool: then run that command, as a click does, and show
                   what it would change

Exit status: 0 the script finished, 1 it raised (or the application refused a call, or the dry
run could not be made).

${GLOBAL_HELP}`;

export async function runCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      ...GLOBAL_OPTIONS,
      python: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      snapshot: { type: 'string' },
      deadline: { type: 'string' },
      command: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${RUN_HELP}\n`), 0);
  const [file, ...scriptArgs] = positionals;
  if (!file) throw new UsageError(`run needs a script\n\n${RUN_HELP}`);
  if (!file.endsWith('.py') && !file.endsWith('.lua'))
    throw new UsageError(`run takes a Python (.py) or Lua (.lua) script, got "${file}"`);
  const options = globalOptions(values);
  const path = resolve(file);
  let code: string;
  try {
    code = await readUserText(path);
  } catch (error) {
    throw new UsageError(error instanceof UnreadableEncoding ? error.message : `cannot read ${path}`);
  }
  if (!values['dry-run'] && (values.snapshot !== undefined || values.deadline !== undefined || values.command))
    throw new UsageError('--snapshot, --deadline and --command go with --dry-run');
  if (values['dry-run'])
    return dryRunCommand(
      {
        path,
        code,
        args: scriptArgs,
        python: values.python,
        snapshotFile: values.snapshot,
        deadlineSeconds: values.deadline,
        command: values.command,
      },
      options,
    );
  // A tool gives the application functions: over HTTP it cannot run, so nothing is sent.
  const given = await functionsGiven(path, code);
  if (given.length > 0) {
    process.stderr.write(`motion: ${toolAdvice(path, given)}\n`);
    return 1;
  }
  // Nothing answers: said before the script starts (and how to try it without the application).
  const away = await unreachable(options);
  if (away)
    return report(
      away,
      options.json,
      `(motion run --dry-run ${path} tries it on the reference server's demo data meanwhile)`,
    );
  const onOutput = (stream: string, text: string) =>
    (stream === 'stdout' ? process.stdout : process.stderr).write(text);
  const lua = path.endsWith('.lua');
  const readLine = stdinLines();
  const session = lua
    ? new LuaSession({ serverUrl: options.url, onOutput, readLine })
    : new PythonSession({ serverUrl: options.url, interpreter: values.python, onOutput, readLine });
  try {
    const prelude = scriptArgumentsPrelude(lua ? 'lua' : 'python', path, scriptArgs);
    await session.run(prelude, { filename: '<motion run>' });
    const result = await session.run(code, { filename: path, line: 1 });
    return result.ok ? 0 : 1;
  } finally {
    await session.dispose();
  }
}
