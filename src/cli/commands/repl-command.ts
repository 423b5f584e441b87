import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadDocumentation } from '../../api/docs/load-documentation';
import { LuaSession } from '../../runner/lua-session';
import { PythonSession } from '../../runner/python-session';
import { typedInto } from '../../runner/repl/console-session';
import { DocumentationNames } from '../../runner/repl/documentation-names';
import { PROMPTS, Statements } from '../../runner/repl/statements';
import type { ScriptSession } from '../../runner/script-session';
import {
  clientFor,
  documentationCache,
  GLOBAL_HELP,
  GLOBAL_OPTIONS,
  globalOptions,
  report,
  unreachable,
} from '../cli-context';
import { LineQueue } from '../line-queue';

const REPL_HELP = `Usage: motion repl [--lua] [--python PATH]

An interactive session with the application, like its own scripting terminal and the Motion
terminals in VS Code: type Python (or Lua with --lua), see each expression's value, keep your
variables. A statement that is not finished continues on a "... " (Lua ">> ") prompt; Tab completes
motion names; Ctrl+C interrupts running code (or drops the line); Ctrl+D ends the session.
input() (io.read in Lua) reads the next line. Reads from a pipe too, line by line.

  --lua            a Lua 5.4 session (built into this tool)
  --python PATH    the interpreter for Python (default python3)

${GLOBAL_HELP}`;

export async function replCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { ...GLOBAL_OPTIONS, lua: { type: 'boolean', default: false }, python: { type: 'string' } },
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${REPL_HELP}\n`), 0);
  const options = globalOptions(values);
  // Nothing answers: said before the first line is read, as `motion run` does; a session without
  // motion would only run the lines into NameErrors.
  const away = await unreachable(options);
  if (away) return report(away, options.json);
  const language = values.lua ? 'lua' : 'python';
  const names = new DocumentationNames(() => loadDocumentation(clientFor(options), { cache: documentationCache() }));
  names.refresh();
  const terminal = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const lines = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal,
    historySize: 1000,
    completer: (line: string) => {
      const found = names.complete(line);
      return [found?.names ?? [], found?.typed ?? ''];
    },
  });
  const onOutput = (stream: string, text: string) =>
    (stream === 'stdout' ? process.stdout : process.stderr).write(text);
  const reader = new LineQueue(lines);
  const readLine = (prompt: string) => reader.next(prompt);
  const session: ScriptSession =
    language === 'lua'
      ? new LuaSession({ serverUrl: options.url, onOutput, readLine })
      : new PythonSession({ serverUrl: options.url, interpreter: values.python, onOutput, readLine });
  if (terminal)
    process.stderr.write(`motion ${language} session with ${options.url}: Tab completes motion names, Ctrl+D ends.\n`);
  const console = typedInto(session, language);
  const statements = new Statements((code) => console.isComplete(code));
  const prompts = PROMPTS[language];
  let running = false;
  lines.on('SIGINT', () => {
    if (running) return session.interrupt();
    // Ctrl+C at the prompt drops the line and the statement under way, as Python's console does.
    process.stdout.write('^C\n');
    statements.cancel();
    reader.dropLine(prompts.first);
  });
  try {
    for (;;) {
      const line = await reader.next(statements.continuing ? prompts.more : prompts.first);
      // At the end of input, a block still open runs as if an empty line had closed it.
      const statement = await statements.add(line ?? '');
      if (statement !== undefined) {
        running = true;
        await console.run(statement);
        running = false;
      }
      if (line !== null) continue;
      // Still unfinished (an open Lua block, an unclosed bracket): run as it is, so that the
      // language says what is missing, and fail, as `lua` and `python3` do given such a file.
      const unfinished = statements.takeUnfinished();
      const failed = unfinished !== undefined && !(await console.run(unfinished)).ok;
      if (terminal) process.stdout.write('\n');
      return failed ? 1 : 0;
    }
  } finally {
    lines.close();
    await session.dispose();
  }
}
