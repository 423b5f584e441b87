import { invalid } from '../model/faults';
import type { ModuleHandlers } from '../operations/handler';
import type { ScriptHost } from '../host/script-host';
import { ScriptFunction, type Accelerator, type Message } from './gui-model';
import { drawingHandlers } from './drawing';
import type { OpenDialog } from '../../../src/api/gui/open-dialog';

/**
 * A function argument as it must be: a function of a start-up script, or null. Over HTTP a
 * function cannot travel (a script run from outside sends its name as text): said, with what to do.
 */
function scriptFunction(value: unknown, parameter: string): ScriptFunction | null {
  if (value === null || value instanceof ScriptFunction) return value;
  throw invalid(
    parameter,
    `${parameter} must be a function of a script running inside the application, got ${JSON.stringify(value)}: ` +
      'a function cannot travel over HTTP. Load the script at start-up instead (motion-server --script FILE, or ' +
      'Motion: Load into Application), then send the command.',
  );
}

/** What each dialog gives when it is cancelled (closed without an answer). */
const CANCELLED: Record<string, unknown> = {
  show_message_box: '',
  show_open_file_dialog: null,
  show_save_file_dialog: null,
  show_string_input_dialog: null,
};

export const DIALOGS: Record<string, string> = {
  show_message_box: 'The message box',
  show_open_file_dialog: 'The open file dialog',
  show_save_file_dialog: 'The save file dialog',
  show_string_input_dialog: 'The input dialog',
};

/** Refuses an answer the dialog could not give: a button it does not have, a text for a file list… */
export function checkDialogAnswer(dialog: OpenDialog, value: unknown): void {
  const [, , third] = dialog.args;
  const texts = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const fail = (what: string) => {
    throw invalid('value', `${DIALOGS[dialog.dialog]} answers ${what}, got ${JSON.stringify(value ?? null)}`);
  };
  if (dialog.dialog === 'show_message_box') {
    const buttons = third as string[];
    if (typeof value !== 'string' || !buttons.includes(value))
      fail(`one of its buttons (${buttons.map((b) => JSON.stringify(b)).join(', ')})`);
  } else if (dialog.dialog === 'show_open_file_dialog') {
    if (value !== null && !texts(value)) fail('a list of paths, or null (Cancel)');
    if (texts(value) && value.length > 1 && third !== true) fail('one path (it was opened without multiselect)');
  } else if (value !== null && typeof value !== 'string') fail('a text, or null (Cancel)');
}

/**
 * A dialog, answered by whoever is at the application (docs/design.md §13): a test's declared
 * answer, the person in VS Code, else nobody: then it gives what Cancel gives, and says so in the
 * messages.
 */
async function dialog(host: ScriptHost, name: string, args: unknown[]): Promise<unknown> {
  const answer = await host.dialogs.ask(name, args);
  if (answer.by !== 'nobody') {
    checkDialogAnswer({ id: 0, dialog: name, args }, answer.value);
    return answer.value;
  }
  const title = args[0] as string | null;
  host.gui.addMessage({
    type: 'warning',
    message: `${DIALOGS[name]}${title ? ` "${title}"` : ''} was answered as Cancel: nobody is at the reference server to answer it`,
    details:
      'In VS Code, Motion shows dialogs to you; a script test answers them with motion.testing.answer("motion.gui.dialog.' +
      `${name}", value).`,
  });
  return CANCELLED[name];
}

/** `motion.gui`, its dialogs, messages, terminal and 3D drawing, on the host's user interface (docs/design.md §13). */
export function guiHandlers(host: ScriptHost): Record<string, ModuleHandlers> {
  const { gui } = host;
  return {
    'motion.gui': {
      add_command: (_tx, [command]) => gui.addCommand(command as string),
      get_commands: (_tx, [type]) => gui.getCommands(type as 'builtin' | 'user' | null),
      send_command: (_tx, [command]) => {
        gui.command(command as string);
        return host.send(command as string).then(() => null);
      },
      set_accelerator: (_tx, [accelerator, command]) =>
        gui.setAccelerator(accelerator as Accelerator, command as string),
      get_menu_item: (_tx, [menu, index]) => gui.getItem(menu as number | null, index as number),
      get_menu_items: (_tx, [menu]) => gui.getItems(menu as number | null),
      get_menu_item_count: (_tx, [menu]) => gui.getItems(menu as number | null).length,
      insert_menu_button: (_tx, [menu, text, command, index]) =>
        gui.insertButton(menu as number | null, text as string, command as string, index as number | null),
      insert_menu_separator: (_tx, [menu, index]) => gui.insertSeparator(menu as number | null, index as number | null),
      insert_menu_submenu: (_tx, [menu, text, index]) =>
        gui.insertSubmenu(menu as number | null, text as string, index as number | null),
      delete_menu_item: (_tx, [menu, index]) => gui.deleteItem(menu as number | null, index as number),
      set_command_execute_function: (_tx, [command, fn]) =>
        gui.setFunction(command as string, 'execute', scriptFunction(fn, 'function')),
      set_command_update_function: (_tx, [command, fn]) =>
        gui.setFunction(command as string, 'update', scriptFunction(fn, 'function')),
    },
    'motion.gui.message': {
      add_message: (_tx, args) => {
        const [message, details, type] = args as [string, string, Message['type']];
        gui.addMessage({ message, details, type });
      },
    },
    'motion.gui.terminal': {
      write: (_tx, [text]) => gui.writeTerminal(text as string),
      clear: () => gui.clearTerminal(),
    },
    'motion.gui.dialog': {
      show_message_box: (_tx, args) => {
        if ((args[2] as string[]).length === 0) throw invalid('buttons', 'a message box needs at least one button');
        return dialog(host, 'show_message_box', args);
      },
      show_open_file_dialog: (_tx, args) => dialog(host, 'show_open_file_dialog', args),
      show_save_file_dialog: (_tx, args) => dialog(host, 'show_save_file_dialog', args),
      show_string_input_dialog: (_tx, args) => dialog(host, 'show_string_input_dialog', args),
    },
    'motion.gui._3d': drawingHandlers(host, scriptFunction),
  };
}
