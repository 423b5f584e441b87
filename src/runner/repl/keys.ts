/**
 * What a terminal sends when keys are pressed, as editing actions. Terminals send text, control
 * characters and escape sequences (xterm's, which VS Code's terminal and most others use); a paste
 * arrives between bracketed-paste markers, or as one chunk holding a line break.
 */
export type Key =
  | { kind: 'text'; text: string }
  /** Text pasted: its line breaks submit lines, and its tabs are text, not completion. */
  | { kind: 'paste'; text: string }
  | {
      kind:
        | 'enter'
        | 'backspace'
        | 'delete'
        | 'left'
        | 'right'
        | 'home'
        | 'end'
        | 'up'
        | 'down'
        | 'wordLeft'
        | 'wordRight'
        | 'deleteWordBefore'
        | 'deleteWordAfter'
        | 'deleteToEnd'
        | 'deleteToStart'
        | 'interrupt'
        | 'endOfInput'
        | 'clearScreen'
        | 'tab';
    };

type Action = Exclude<Key, { text: string }>['kind'];

const CONTROL: Record<string, Action> = {
  '\r': 'enter',
  '\n': 'enter',
  '\x7f': 'backspace',
  '\b': 'backspace',
  '\t': 'tab',
  '\x01': 'home', // Ctrl+A
  '\x05': 'end', // Ctrl+E
  '\x02': 'left', // Ctrl+B
  '\x06': 'right', // Ctrl+F
  '\x10': 'up', // Ctrl+P
  '\x0e': 'down', // Ctrl+N
  '\x03': 'interrupt', // Ctrl+C
  '\x04': 'endOfInput', // Ctrl+D
  '\x0b': 'deleteToEnd', // Ctrl+K
  '\x15': 'deleteToStart', // Ctrl+U
  '\x17': 'deleteWordBefore', // Ctrl+W
  '\x0c': 'clearScreen', // Ctrl+L
};

const ESCAPES: Record<string, Action> = {
  '[A': 'up',
  '[B': 'down',
  '[C': 'right',
  '[D': 'left',
  OA: 'up',
  OB: 'down',
  OC: 'right',
  OD: 'left',
  '[H': 'home',
  OH: 'home',
  '[1~': 'home',
  '[7~': 'home',
  '[F': 'end',
  OF: 'end',
  '[4~': 'end',
  '[8~': 'end',
  '[3~': 'delete',
  '[1;5D': 'wordLeft',
  '[1;3D': 'wordLeft',
  b: 'wordLeft',
  '[1;5C': 'wordRight',
  '[1;3C': 'wordRight',
  f: 'wordRight',
  '\x7f': 'deleteWordBefore',
  '\b': 'deleteWordBefore',
  d: 'deleteWordAfter',
  '[3;5~': 'deleteWordAfter',
};

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/** The keys in one chunk of terminal input, in order. Unknown escape sequences are dropped. */
export function keysOf(data: string): Key[] {
  const keys: Key[] = [];
  // A chunk of several characters holding a line break is a paste from a terminal without
  // bracketed paste: typing sends one key at a time.
  if (!data.includes('\x1b') && data.length > 1 && /[\r\n]/.test(data)) return [{ kind: 'paste', text: data }];
  let i = 0;
  const text = (t: string) => {
    const last = keys[keys.length - 1];
    if (last?.kind === 'text') last.text += t;
    else keys.push({ kind: 'text', text: t });
  };
  while (i < data.length) {
    const c = data[i];
    if (data.startsWith(PASTE_START, i)) {
      const end = data.indexOf(PASTE_END, i + PASTE_START.length);
      const stop = end < 0 ? data.length : end;
      keys.push({ kind: 'paste', text: data.slice(i + PASTE_START.length, stop) });
      i = end < 0 ? data.length : end + PASTE_END.length;
    } else if (c === '\x1b') {
      const sequence = escapeAt(data, i + 1);
      const action = ESCAPES[sequence];
      if (action) keys.push({ kind: action });
      i += 1 + sequence.length;
    } else if (c === '\r' && data[i + 1] === '\n') {
      keys.push({ kind: 'enter' });
      i += 2;
    } else if (CONTROL[c]) {
      keys.push({ kind: CONTROL[c] });
      i++;
    } else if (c < ' ') {
      i++; // another control character: nothing to do
    } else {
      text(c);
      i++;
    }
  }
  return keys;
}

/** The escape sequence after an ESC: a CSI (`[` parameters, final byte), an SS3 (`O` and one), or one character (Alt+key). */
function escapeAt(data: string, at: number): string {
  const first = data[at];
  if (first === undefined) return '';
  if (first === '[') {
    let end = at + 1;
    while (end < data.length && !/[@-~]/.test(data[end])) end++;
    return data.slice(at, Math.min(end + 1, data.length));
  }
  if (first === 'O') return data.slice(at, at + 2);
  return first;
}
