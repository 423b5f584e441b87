import { Fault, invalid, notFound, outOfRange } from '../model/faults';

/** A function a start-up script gave (Python or Lua), held by the interpreter that runs it; the server keeps its handle. */
export class ScriptFunction {
  constructor(
    readonly language: 'python' | 'lua',
    readonly id: number,
    /** `fill_gaps (tools/gap_fill.py:40)`: what messages call it. */
    readonly name: string,
  ) {}
}

/** An item of a menu as the interface gives it: a button (submenu 0), a submenu (no command), or a separator (neither). */
export interface MenuItem {
  text: string;
  command: string;
  submenu: number;
}

export interface Accelerator {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  key: string;
}

interface Command {
  builtin: boolean;
  execute: ScriptFunction | null;
  update: ScriptFunction | null;
}

export interface Message {
  message: string;
  details: string;
  type: 'info' | 'warning' | 'error';
}

/** The application's built-in commands the reference server has, and the menu it starts with. */
const BUILTIN_COMMANDS = ['save_file', 'close_file', 'reload_scripts'] as const;
export type BuiltinCommand = (typeof BUILTIN_COMMANDS)[number];
const MAIN_MENU: readonly [string, [string, BuiltinCommand][]][] = [
  [
    '&File',
    [
      ['&Save', 'save_file'],
      ['&Close', 'close_file'],
    ],
  ],
  ['&Script', [['&Reload Scripts', 'reload_scripts']]],
];

/** The main menu's handle in the model: the interface names it null. */
const MAIN = 0;

/**
 * The application's user interface as scripts see it: commands (built-in and the scripts' own, each
 * with its execute and update functions), the main menu and its submenus, accelerators, the
 * messages window and the terminal. It lives while the server does: start-up scripts build it
 * again each time they run (docs/design.md §13). Every change is checked before it is made.
 */
export class GuiModel {
  private readonly commands = new Map<string, Command>();
  private readonly menus = new Map<number, MenuItem[]>();
  private readonly accelerators = new Map<string, string>();
  private nextMenu = 1;
  readonly messages: Message[] = [];
  terminal = '';
  drawFunction: ScriptFunction | null = null;
  /** Told of each message and terminal write, as it happens (the log, VS Code's output). */
  onOutput: (what: { message?: Message; terminal?: string; cleared?: true }) => void = () => undefined;

  constructor() {
    this.reset();
  }

  /**
   * As the application starts, and before the scripts run again: its built-in commands and menu;
   * what the scripts made (their commands, menu items and submenus, accelerators, the draw
   * function) goes. Messages and the terminal stay.
   */
  reset(): void {
    this.commands.clear();
    this.menus.clear();
    this.accelerators.clear();
    this.nextMenu = 1;
    this.drawFunction = null;
    for (const name of BUILTIN_COMMANDS) this.commands.set(name, { builtin: true, execute: null, update: null });
    this.menus.set(MAIN, []);
    for (const [text, buttons] of MAIN_MENU) {
      const submenu = this.insertSubmenu(null, text, null);
      for (const [label, command] of buttons) this.insertButton(submenu, label, command, null);
    }
  }

  getCommands(type: 'builtin' | 'user' | null): string[] {
    return [...this.commands].filter(([, c]) => type === null || c.builtin === (type === 'builtin')).map(([n]) => n);
  }

  addCommand(name: string): void {
    if (name.trim() === '') throw invalid('command', 'a command needs a name');
    if (this.commands.has(name))
      throw invalid(
        'command',
        `the command "${name}" already exists${this.commands.get(name)!.builtin ? ' (a built-in one)' : ''}: check with get_commands() before adding it`,
      );
    this.commands.set(name, { builtin: false, execute: null, update: null });
  }

  command(name: string, parameter = 'command'): Command {
    const command = this.commands.get(name);
    if (!command) throw notFound(parameter, `there is no command "${name}": add it with motion.gui.add_command first`);
    return command;
  }

  setFunction(name: string, which: 'execute' | 'update', fn: ScriptFunction | null): void {
    const command = this.command(name);
    if (command.builtin) throw invalid('command', `"${name}" is a built-in command: its behaviour cannot be replaced`);
    command[which] = fn;
  }

  setAccelerator(accelerator: Accelerator, command: string): void {
    this.command(command);
    this.accelerators.set(acceleratorText(accelerator), command);
  }

  /** The accelerators, `Ctrl+Shift+Z` → command. */
  acceleratorList(): [string, string][] {
    return [...this.accelerators];
  }

  private items(menu: number | null, parameter = 'menu'): MenuItem[] {
    const items = this.menus.get(menu ?? MAIN);
    if (!items)
      throw notFound(parameter, `there is no menu ${menu}: a menu's handle is what insert_menu_submenu returned`);
    return items;
  }

  /** Where an item goes: at `index` (0 to the number of items), or last for null. */
  private at(items: MenuItem[], index: number | null): number {
    if (index === null) return items.length;
    if (index < 0 || index > items.length)
      throw new Fault(
        'out_of_range',
        `index ${index} is out of range 0..${items.length} (the menu has ${items.length} item${items.length === 1 ? '' : 's'}; ${items.length} adds at the end)`,
        'index',
      );
    return index;
  }

  getItems(menu: number | null): MenuItem[] {
    return this.items(menu).map((item) => ({ ...item }));
  }

  getItem(menu: number | null, index: number): MenuItem {
    const items = this.items(menu);
    if (index < 0 || index >= items.length) throw outOfRange('index', index, items.length, 'menu items');
    return { ...items[index] };
  }

  insertButton(menu: number | null, text: string, command: string, index: number | null): void {
    const items = this.items(menu);
    this.command(command);
    items.splice(this.at(items, index), 0, { text, command, submenu: 0 });
  }

  insertSeparator(menu: number | null, index: number | null): void {
    const items = this.items(menu);
    items.splice(this.at(items, index), 0, { text: '', command: '', submenu: 0 });
  }

  insertSubmenu(menu: number | null, text: string, index: number | null): number {
    const items = this.items(menu);
    const at = this.at(items, index);
    const handle = this.nextMenu++;
    this.menus.set(handle, []);
    items.splice(at, 0, { text, command: '', submenu: handle });
    return handle;
  }

  /** Deletes an item; a submenu goes with everything in it (its handles are then unknown). */
  deleteItem(menu: number | null, index: number): void {
    const items = this.items(menu);
    if (index < 0 || index >= items.length) throw outOfRange('index', index, items.length, 'menu items');
    const [gone] = items.splice(index, 1);
    const drop = (handle: number) => {
      for (const item of this.menus.get(handle) ?? []) if (item.submenu) drop(item.submenu);
      this.menus.delete(handle);
    };
    if (gone.submenu) drop(gone.submenu);
  }

  addMessage(message: Message): void {
    this.messages.push(message);
    this.onOutput({ message });
  }

  writeTerminal(text: string): void {
    this.terminal += text;
    this.onOutput({ terminal: text });
  }

  clearTerminal(): void {
    this.terminal = '';
    this.onOutput({ cleared: true });
  }
}

/** `Ctrl+Shift+Z`, as menus show an accelerator. */
function acceleratorText({ ctrl, alt, shift, key }: Accelerator): string {
  return [ctrl && 'Ctrl', alt && 'Alt', shift && 'Shift', key.length === 1 ? key.toUpperCase() : key]
    .filter(Boolean)
    .join('+');
}
