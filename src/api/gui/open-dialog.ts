// The dialogs start-up scripts open in the reference server, as the person at it is shown them
// (docs/design.md §13): VS Code looks for them while it is connected, and answers each.
import { askReference } from '../client/reference-controls';

/** A dialog a script opened: which of motion.gui.dialog's (`show_string_input_dialog`…) and its arguments. */
export interface OpenDialog {
  id: number;
  dialog: string;
  args: unknown[];
}

/** How a dialog is shown in an editor: a message with buttons, an input box, an open or a save dialog. */
export type DialogShown =
  | { kind: 'message'; icon: 'information' | 'warning' | 'error'; title: string; message: string; buttons: string[] }
  | { kind: 'input'; title: string; prompt: string; value: string }
  | { kind: 'open'; title: string; filters: Record<string, string[]>; many: boolean; folder: string | null }
  | { kind: 'save'; title: string; filters: Record<string, string[]>; file: string | null; folder: string | null };

/** The next dialog a script opens within `ms` (null: none did); undefined when the server has no scripting host (an application). */
export function nextDialog(url: string, ms: number, signal?: AbortSignal): Promise<OpenDialog | null | undefined> {
  return askReference<OpenDialog | null>(url, 'dialogs', ['wait', ms], signal);
}

/** The person's answer (null: Cancel of a dialog whose Cancel is null). */
export async function replyToDialog(url: string, id: number, value: unknown): Promise<void> {
  await askReference(url, 'dialogs', ['reply', id, value]);
}

/** A test's answer to every later call of a dialog (`args`: only to calls with those first arguments). */
export async function declareDialogAnswer(
  url: string,
  dialog: string,
  value: unknown,
  args: unknown[] | null,
): Promise<void> {
  await askReference(url, 'dialogs', ['declare', dialog, value, args]);
}

/**
 * What to show for a dialog. The application's file filters read `C3D files (*.c3d *.qtm)` or
 * `*.c3d`; an editor's name their extensions.
 */
export function dialogShown(open: OpenDialog): DialogShown {
  const [a, b, c, d] = open.args;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const path = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  switch (open.dialog) {
    case 'show_message_box':
      return {
        kind: 'message',
        icon: d === 'warning' || d === 'error' ? d : 'information',
        title: text(a),
        message: text(b),
        buttons: Array.isArray(c) ? c.map(String) : [],
      };
    case 'show_open_file_dialog':
      return { kind: 'open', title: text(a) || 'Open', filters: fileFilters(b), many: c === true, folder: path(d) };
    case 'show_save_file_dialog':
      return { kind: 'save', title: text(a) || 'Save', filters: fileFilters(b), file: path(c), folder: path(d) };
    default:
      return { kind: 'input', title: text(a), prompt: text(b), value: text(c) };
  }
}

/** `["C3D files (*.c3d)", "*.txt", "All files (*.*)"]` → `{ "C3D files": ["c3d"], "*.txt": ["txt"], "All files": ["*"] }`. */
function fileFilters(filters: unknown): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  if (!Array.isArray(filters)) return found;
  for (const filter of filters) {
    if (typeof filter !== 'string') continue;
    const named = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(filter);
    const patterns = (named ? named[2] : filter).split(/[\s;,]+/).filter(Boolean);
    const extensions = patterns.map((p) => p.replace(/^\*?\.?/, '')).map((e) => (e === '*' || e === '' ? '*' : e));
    if (extensions.length > 0) found[named?.[1] || filter] = extensions;
  }
  return found;
}
