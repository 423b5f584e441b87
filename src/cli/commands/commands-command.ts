import { parseArgs } from 'node:util';
import { menuOutline, readApplicationMenu } from '../../api/gui/application-menu';
import { clientFor, GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, UsageError } from '../cli-context';

const COMMANDS_HELP = `Usage: motion commands [--json]
       motion commands run COMMAND

Lists the application's menus (each button with the command it sends) and its commands, built-in
and user ones (those its start-up scripts added); or runs one, as a click on its button does: a
user command's function runs inside the application, and this returns once it has.

  motion commands
  motion commands run report_gaps

Exit status: 0 done, 1 refused (an unknown command, a function that raised: its file and line
on stderr), 2 bad usage, 3 could not reach the application.

${GLOBAL_HELP}`;

export async function commandsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: GLOBAL_OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${COMMANDS_HELP}\n`), 0);
  const options = globalOptions(values);
  const [action, command, ...extra] = positionals;
  if (action !== undefined && action !== 'run')
    throw new UsageError(`commands takes "run COMMAND" or nothing, got "${action}"\n\n${COMMANDS_HELP}`);
  if (action === 'run' && (command === undefined || extra.length > 0))
    throw new UsageError(`commands run takes one command's name\n\n${COMMANDS_HELP}`);
  const client = clientFor(options);
  try {
    if (action === 'run') {
      await client.call('motion.gui', 'send_command', [command], { timeoutMs: 11 * 60_000 }); // as long as it runs
      if (!options.json) process.stdout.write(`ran ${command}\n`);
      else process.stdout.write(`${JSON.stringify({ ran: command })}\n`);
      return 0;
    }
    const found = await readApplicationMenu(client);
    if (options.json) {
      process.stdout.write(`${JSON.stringify(found)}\n`);
      return 0;
    }
    const list = (names: string[]) => (names.length === 0 ? '(none)' : names.join(', '));
    process.stdout.write(
      [
        'Menus:',
        ...menuOutline(found.menu, 1),
        `Built-in commands: ${list(found.commands.builtin)}`,
        `User commands: ${list(found.commands.user)}`,
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await client.close();
  }
}
