import type { Report } from '../http/motion-http-server';
import { invalid } from '../model/faults';
import { Transaction } from '../model/motion-model';
import type { DurableModel } from '../persistence/durable-model';
import type { MenuItem } from '../gui/gui-model';
import { checkDialogAnswer, DIALOGS } from '../gui/gui-handlers';
import type { ScriptHost } from './script-host';
import { withoutScript, withScript } from './script-list';

/** A menu as VS Code's Application Menu shows it: its items, a submenu's items under it. */
interface MenuNode extends MenuItem {
  items?: MenuNode[];
}

/**
 * The reference server's own reports and controls, beside the scripting interface (which has no
 * operation for them): the start-up scripts' list, the user interface the scripts built, and what
 * the draw function draws. What VS Code and the CLI use; docs/design.md §13.
 */
export function referenceReports(model: DurableModel, host: ScriptHost): Record<string, Report> {
  const menu = (handle: number | null): MenuNode[] =>
    host.gui.getItems(handle).map((item) => (item.submenu ? { ...item, items: menu(item.submenu) } : item));
  return {
    /** [] lists; ["add", FILE] / ["remove", FILE] changes the list and loads them all again; ["reload"] loads them again. */
    '/reference/scripts': async ([action, file]) => {
      const scripts = () => model.visible.snapshot().scripts ?? [];
      if (action === undefined) return { scripts: scripts() };
      if (action === 'add' || action === 'remove') {
        if (typeof file !== 'string') throw invalid('file', `${action} needs a script's path`);
        const tx = new Transaction(model.head);
        tx.setScripts(action === 'add' ? withScript(tx.scripts(), file) : withoutScript(tx.scripts(), file));
        await model.saved(tx.commit());
      } else if (action !== 'reload') throw invalid('action', `${JSON.stringify(action)} is not add, remove or reload`);
      return { scripts: scripts(), loaded: await host.loadScripts() };
    },
    /** The user interface: the main menu with its submenus, the commands, accelerators, messages and the terminal's text. */
    '/reference/gui': () => ({
      menu: menu(null),
      commands: { builtin: host.gui.getCommands('builtin'), user: host.gui.getCommands('user') },
      accelerators: Object.fromEntries(host.gui.acceleratorList()),
      messages: host.gui.messages,
      terminal: host.gui.terminal,
      drawFunction: host.gui.drawFunction?.name ?? null,
    }),
    /**
     * The dialogs the scripts open: ["wait", MS] waits for the next one (null when none opened
     * within MS, at most 25 s), as VS Code does while it is the person at the application;
     * ["reply", ID, VALUE] answers it; ["declare", DIALOG, VALUE, ARGS?] answers every later one
     * of that dialog (with ARGS: only a call with those first arguments), as a script test does.
     */
    '/reference/dialogs': ([action, first, second, third]) => {
      const { dialogs } = host;
      if (action === 'wait') return dialogs.wait(Math.min(Math.max(Number(first) || 0, 0), 25_000));
      if (action === 'reply') {
        dialogs.reply(first, second ?? null, checkDialogAnswer);
        return null;
      }
      if (action !== 'declare') throw invalid('action', `${JSON.stringify(action)} is not wait, reply or declare`);
      const dialog = (typeof first === 'string' ? first : '').replace(/^motion\.gui\.dialog\./, '');
      if (!(dialog in DIALOGS))
        throw invalid(
          'dialog',
          `${JSON.stringify(first ?? null)} is not one of motion.gui.dialog's dialogs (${Object.keys(DIALOGS).join(', ')})`,
        );
      if (third !== undefined && third !== null && !Array.isArray(third))
        throw invalid('args', `args must be a list of the dialog's first arguments, got ${JSON.stringify(third)}`);
      dialogs.declare(dialog, second ?? null, (third as unknown[] | null | undefined) ?? null);
      return null;
    },
    /**
     * ["listen", PYTHON?]: debugpy listening in the scripts' Python for VS Code to attach to: its
     * port, or that this Python has no debugpy (naming it). With PYTHON, the scripts move to that
     * one first (loaded again). ["listen-lua"]: the port VS Code's Lua debugger attaches on.
     */
    '/reference/debug': ([action, python]) => {
      if (action === 'listen-lua') return host.listenForLuaDebugger();
      if (action !== 'listen') throw invalid('action', `${JSON.stringify(action ?? null)} is not listen or listen-lua`);
      if (python !== undefined && python !== null && typeof python !== 'string')
        throw invalid('python', `give the path of a Python, got ${JSON.stringify(python)}`);
      return host.listenForDebugger(python ?? undefined);
    },
    /** [TIME]: what the draw function draws at TIME seconds. */
    '/reference/draw': ([time]) => {
      if (typeof time !== 'number' || !Number.isFinite(time))
        throw invalid('time', 'give the time in seconds, a number');
      return host.draw(time);
    },
  };
}
