import { parseArgs } from 'node:util';
import { clientFor, GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, terminalSafe, UsageError } from '../cli-context';

const CALL_HELP = `Usage: motion call <module path> <operation> [ARG...]

Calls one operation and prints its result. Each ARG is one positional argument, as JSON
(3, 2.5, null, true, [1,2], {"a":1}, "text"); a word that is not JSON is taken as a string,
so project and "project" are the same. Put -- before arguments that start with a dash.

  motion call settings/processing/skeleton get_skeleton_ids project
  motion call motion.settings.processing.skeleton add_skeleton project Bob
  motion call gui/selection select '[{"type": "trajectory", "id": 73}]'
  motion call utilities/documentation get_help_text overview

Exit status: 0 done, 1 refused by the application (code and message on stderr),
2 bad usage, 3 could not reach the application.

${GLOBAL_HELP}`;

export async function callCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: GLOBAL_OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${CALL_HELP}\n`), 0);
  const options = globalOptions(values);
  const [modulePath, operation, ...rawArgs] = positionals;
  if (modulePath === undefined || operation === undefined)
    throw new UsageError(`call needs a module path and an operation\n\n${CALL_HELP}`);
  const args = rawArgs.map(parseArgument);
  const client = clientFor(options);
  try {
    const result = await client.call(modulePath, operation, args);
    process.stdout.write(`${formatResult(result, options.json)}\n`);
    return 0;
  } finally {
    await client.close();
  }
}

/** JSON when it parses, else the word as a string. */
function parseArgument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Strings (help texts) print as they are for people; everything else as JSON. --json prints compact JSON always. */
function formatResult(result: unknown, json: boolean): string {
  if (json) return JSON.stringify(result);
  if (typeof result === 'string') return terminalSafe(result);
  return JSON.stringify(result, null, 2);
}
