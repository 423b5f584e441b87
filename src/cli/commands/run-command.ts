import { resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { LuaSession } from '../../runner/lua-session';
import { PythonSession } from '../../runner/python-session';
import { GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, UsageError } from '../cli-context';
import { stdinLines } from '../line-queue';

const RUN_HELP = `Usage: motion run FILE.py|FILE.lua [ARG...] [--python PATH]

Runs a Python or Lua script against the application, with the motion package (Python) or
table (Lua): calls go to --url, a refused call raises MotionError (code and message), and
tracebacks name the script's own lines. ARGs reach the script as sys.argv[1:] (Python) or
arg[1..] (Lua); input() (io.read) reads standard input. Lua runs in Lua 5.4 built into this
tool; Python in your interpreter.

  --python PATH    the interpreter (default python3)

Exit status: 0 the script finished, 1 it raised (or the application refused a call).

${GLOBAL_HELP}`;

export async function runCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...GLOBAL_OPTIONS, python: { type: 'string' } },
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
    code = await readFile(path, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${path}`);
  }
  const onOutput = (stream: string, text: string) =>
    (stream === 'stdout' ? process.stdout : process.stderr).write(text);
  const lua = path.endsWith('.lua');
  const readLine = stdinLines();
  const session = lua
    ? new LuaSession({ serverUrl: options.url, onOutput, readLine })
    : new PythonSession({ serverUrl: options.url, interpreter: values.python, onOutput, readLine });
  try {
    const prelude = lua
      ? `arg = { [0] = ${luaStringLiteral(path)}, ${scriptArgs.map(luaStringLiteral).join(', ')} }`
      : `import sys as __sys\n__sys.argv = ${JSON.stringify([path, ...scriptArgs])}\ndel __sys\n`;
    await session.run(prelude, { filename: '<motion run>' });
    const result = await session.run(code, { filename: path, line: 1 });
    return result.ok ? 0 : 1;
  } finally {
    await session.dispose();
  }
}

/**
 * Any text as a Lua string literal: every byte outside printable ASCII (and the quote and backslash)
 * as a decimal escape, so that no argument can break, or add code to, the generated setup line.
 */
function luaStringLiteral(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8'))
    out +=
      byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\${String(byte).padStart(3, '0')}`;
  return `${out}"`;
}
