import { invalid } from '../model/faults';
import type { ModuleHandlers } from '../operations/handler';
import type { ScriptHost } from '../host/script-host';
import { ScriptFunction, type Accelerator, type Message } from './gui-model';
import { drawingHandlers } from './drawing';

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

/** What a dialog answers when nobody is at the application to answer it: what Cancel gives, said in the messages. */
function unanswered(gui: ScriptHost['gui'], dialog: string, title: string | null, cancel: unknown): unknown {
  gui.addMessage({
    type: 'warning',
    message: `${dialog}${title ? ` "${title}"` : ''} was answered as Cancel: nobody is at the reference server to answer it`,
    details: 'In VS Code, Motion shows dialogs to you; a script test answers them with motion.testing.answer.',
  });
  return cancel;
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
      show_message_box: (_tx, [title, , buttons]) => {
        if ((buttons as string[]).length === 0) throw invalid('buttons', 'a message box needs at least one button');
        return unanswered(gui, 'The message box', title as string, '');
      },
      show_open_file_dialog: (_tx, [title]) => unanswered(gui, 'The open file dialog', title as string | null, null),
      show_save_file_dialog: (_tx, [title]) => unanswered(gui, 'The save file dialog', title as string | null, null),
      show_string_input_dialog: (_tx, [title]) => unanswered(gui, 'The input dialog', title as string, null),
    },
    'motion.gui._3d': drawingHandlers(host, scriptFunction),
  };
}
