import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { hands } from './hands';

/** What a command run in a terminal of VS Code printed, its exit status, and the terminal's MOTION_URL. */
interface Ran {
  status: string;
  motionUrl: string;
  output: string;
}

/**
 * Runs `command` in `terminal` as a person does: typed, then Enter (or, with `sent`, given to the
 * terminal by the API, for a run without hands). What it prints goes to a file in `folder`, since a
 * test cannot read a terminal's screen; a second file says the command ended.
 */
export async function runInTerminal(
  terminal: vscode.Terminal,
  folder: string,
  command: string,
  how: 'typed' | 'sent' = 'typed',
): Promise<Ran> {
  const out = join(folder, `${terminal.name.replace(/\W+/g, '-')}-${Date.now()}.txt`);
  const line = `${command} > "${out}" 2>&1; echo "$? $MOTION_URL" > "${out}.done"`;
  terminal.show();
  await waitFor(async () => (await terminal.processId) !== undefined, 'the terminal’s shell');
  if (how === 'sent') terminal.sendText(line);
  else {
    await vscode.commands.executeCommand('workbench.action.terminal.focus');
    await hands.type(line);
    await hands.press('Enter');
  }
  await waitFor(
    () => existsSync(`${out}.done`) && readFileSync(`${out}.done`, 'utf8').endsWith('\n'),
    'the command to end',
    30_000,
  );
  const done = readFileSync(`${out}.done`, 'utf8').trim();
  const space = done.indexOf(' ');
  return {
    status: space < 0 ? done : done.slice(0, space),
    motionUrl: space < 0 ? '' : done.slice(space + 1),
    output: readFileSync(out, 'utf8'),
  };
}

/** Runs `command` typed in a new terminal named `name`, in `folder`, closed after. */
export async function runInNewTerminal(folder: string, name: string, command: string): Promise<Ran> {
  const terminal = vscode.window.createTerminal({ name, cwd: folder });
  try {
    return await runInTerminal(terminal, folder, command);
  } finally {
    terminal.dispose();
  }
}
