// The value of a Python string literal, as CPython reads it.
import type { Node } from 'web-tree-sitter';

/** The escapes of one character after the backslash. */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\n': '', // a backslash at the end of a line joins the lines
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/**
 * Resolves the escapes of a (not raw) Python string. Undefined where the value cannot be known
 * here: `\N{…}` names a character by its Unicode name, and no table of names is at hand.
 */
function pythonUnescape(text: string): string | undefined {
  let known = true;
  const value = text.replace(
    /\\(?:(N\{[^}\n]*\})|([0-7]{1,3})|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|([\s\S]))/g,
    (escape, name?: string, octal?: string, x?: string, u?: string, wide?: string, other?: string) => {
      if (other !== undefined) return SIMPLE_ESCAPES[other] ?? escape; // Python keeps the backslash of an escape it does not know
      if (octal !== undefined) return String.fromCharCode(parseInt(octal, 8));
      if (name === undefined) {
        const code = parseInt(x ?? u ?? wide ?? '', 16);
        if (code <= 0x10ffff) return String.fromCodePoint(code);
      }
      known = false; // \N{…}, or a code point past Unicode (a syntax error)
      return escape;
    },
  );
  return known ? value : undefined;
}

/**
 * The value of a plain string literal (`r`, `u` or no prefix), or of adjacent ones (`"a" "b"`).
 * Undefined for bytes, f-strings, and what pythonUnescape cannot know.
 */
export function pythonStringValue(node: Node): string | undefined {
  if (node.type === 'concatenated_string') {
    let value = '';
    for (const part of node.namedChildren) {
      const text = part && part.type !== 'comment' ? pythonStringValue(part) : '';
      if (text === undefined) return undefined;
      value += text;
    }
    return value;
  }
  const start = node.children.find((c) => c?.type === 'string_start');
  if (!start) return undefined; // not a string
  const prefix = start.text.replace(/['"]+$/, '');
  if (/[fFbB]/.test(prefix)) return undefined; // bytes or an f-string
  // Between the quotes, from the text: tree-sitter's own pieces can be wrong (in r"""\"\"""" it
  // reads the escaped quotes as part of the closing ones).
  const quote = start.text.length - prefix.length;
  const closed = !!node.children.find((c) => c?.type === 'string_end')?.text; // not while being typed
  // Python reads a source's line ends as \n, inside strings too (raw ones included).
  const content = node.text.slice(start.text.length, node.text.length - (closed ? quote : 0)).replace(/\r\n?/g, '\n');
  return /[rR]/.test(prefix) ? content : pythonUnescape(content);
}
