import type { MotionClient } from '../client/motion-client';

/** An item of the application's menus as the interface gives it, a submenu with its items read. */
export interface MenuEntry {
  text: string;
  /** The command a button sends; '' for a submenu or a separator. */
  command: string;
  /** A submenu's handle; 0 for a button or a separator. */
  submenu: number;
  items?: MenuEntry[];
}

interface ApplicationMenu {
  menu: MenuEntry[];
  commands: { builtin: string[]; user: string[] };
}

/** Submenus deeper than this are not read (a menu that contains itself would never end). */
const DEEPEST = 8;

/**
 * The application's menus and commands, read through the interface (get_menu_items, get_commands),
 * so the same for the reference server and the application: what the Application Menu view and
 * `motion commands` show.
 */
export async function readApplicationMenu(client: MotionClient, signal?: AbortSignal): Promise<ApplicationMenu> {
  const call = <T>(operation: string, args: unknown[]) =>
    client.call('motion.gui', operation, args, { effect: 'read', signal }) as Promise<T>;
  const read = async (menu: number | null, depth: number): Promise<MenuEntry[]> => {
    const items = await call<MenuEntry[]>('get_menu_items', [menu]);
    return Promise.all(
      items.map(async (item) =>
        item.submenu && depth < DEEPEST ? { ...item, items: await read(item.submenu, depth + 1) } : { ...item },
      ),
    );
  };
  const [menu, builtin, user] = await Promise.all([
    read(null, 0),
    call<string[]>('get_commands', ['builtin']),
    call<string[]>('get_commands', ['user']),
  ]);
  return { menu, commands: { builtin, user } };
}

/** A menu text as people read it: `&File` → `File` (the & marks the access key; && is an &). */
export function menuText(text: string): string {
  return text.replace(/&(&?)/g, '$1');
}

export const isSeparator = (item: MenuEntry) => item.text === '' && item.command === '' && !item.submenu;

/** The menus as an indented outline: a button with its command, a submenu with its items, a separator as a rule. */
export function menuOutline(menu: readonly MenuEntry[], depth = 0): string[] {
  return menu.flatMap((item) => {
    const pad = '  '.repeat(depth);
    if (isSeparator(item)) return [`${pad}──────`];
    if (item.submenu) return [`${pad}${menuText(item.text)}`, ...menuOutline(item.items ?? [], depth + 1)];
    return [`${pad}${menuText(item.text)}  → ${item.command}`];
  });
}
