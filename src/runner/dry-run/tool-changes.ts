import type { StateChange } from '../../api/state/state-diff';

/** The user interface a reference server's scripts built, as `/reference/gui` gives it. */
export interface GuiReport {
  menu: MenuNode[];
  commands: { builtin: string[]; user: string[] };
  terminal: string;
  messages: { type: 'info' | 'warning' | 'error'; message: string; details: string }[];
  drawFunction: string | null;
}

interface MenuNode {
  text: string;
  command: string;
  submenu: number;
  items?: MenuNode[];
}

const APPLICATION = 'Application menus and commands';

/** Every button of a menu tree as a person reads it: `Gap tools › Fill gaps… (fill_gaps)`; separators are not listed. */
function buttons(menu: MenuNode[], above: string[] = []): string[] {
  return menu.flatMap((item) => {
    const text = item.text.replace(/&(.)/g, '$1');
    if (item.items) return buttons(item.items, [...above, text]);
    return item.command ? [`${[...above, text].join(' › ')} (${item.command})`] : [];
  });
}

/**
 * What a tool's start-up script (or a command it ran) changed in the application's user
 * interface: the commands, menu buttons and draw function it added or took away, as changes the
 * Dry Run view and `motion run --dry-run` show beside the model's.
 */
export function guiChanges(before: GuiReport, after: GuiReport): StateChange[] {
  const change = (kind: StateChange['kind'], path: string, text: string): StateChange => ({
    kind,
    object: { type: 'application' },
    path: [APPLICATION, path],
    text,
  });
  const changes: StateChange[] = [];
  const listed = (was: string[], now: string[], path: string, what: string) => {
    for (const name of now.filter((n) => !was.includes(n)))
      changes.push(change('added', path, `added ${what} ${name}`));
    for (const name of was.filter((n) => !now.includes(n)))
      changes.push(change('removed', path, `removed ${what} ${name}`));
  };
  listed(before.commands.user, after.commands.user, 'Commands', 'command');
  listed(buttons(before.menu), buttons(after.menu), 'Menus', 'menu button');
  if (before.drawFunction !== after.drawFunction)
    changes.push(
      after.drawFunction
        ? change('changed', 'Drawing', `draw function: ${before.drawFunction ?? 'none'} → ${after.drawFunction}`)
        : change('removed', 'Drawing', `removed the draw function ${before.drawFunction}`),
    );
  return changes;
}
