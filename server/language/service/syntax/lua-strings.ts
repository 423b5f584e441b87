// The value of a Lua string literal, as Lua 5.4 reads it. Lua strings are bytes; a value goes to the
// application as text, so one that is not UTF-8 is not known here.
import type { Node } from 'web-tree-sitter';

const encoder = new TextEncoder();

/** The bytes of a code point as Lua's `\u{…}` writes it: UTF-8, extended up to 2^31 (not text past U+10FFFF). */
function utf8Bytes(code: number): number[] {
  if (code < 0x80) return [code];
  const bytes: number[] = [];
  let limit = 0x3f; // what the first byte still holds
  while (code > limit) {
    bytes.unshift(0x80 | (code & 0x3f));
    code = Math.floor(code / 64);
    limit >>= 1;
  }
  bytes.unshift(((0xff << (7 - bytes.length)) & 0xff) | code);
  return bytes;
}

/** The byte each one-character escape stands for. */
const ESCAPE_BYTES: Readonly<Record<string, number>> = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  '\\': 92,
  '"': 34,
  "'": 39,
};

/** Resolves a short string's escapes; undefined where Lua would refuse it or the bytes are not UTF-8. */
function luaUnescape(text: string): string | undefined {
  const bytes: number[] = [];
  const escape =
    /\\(?:([abfnrtv\\"'])|(\r\n|\n\r|\n|\r)|z[ \t\n\v\f\r]*|x([0-9a-fA-F]{2})|(\d{1,3})|u\{([0-9a-fA-F]+)\}|)/g;
  let from = 0;
  for (let m = escape.exec(text); m; m = escape.exec(text)) {
    bytes.push(...encoder.encode(text.slice(from, m.index)));
    from = m.index + m[0].length;
    const [whole, simple, newline, hex, decimal, code] = m;
    if (simple) bytes.push(ESCAPE_BYTES[simple]);
    else if (newline) bytes.push(10);
    else if (hex) bytes.push(parseInt(hex, 16));
    else if (decimal) {
      if (Number(decimal) > 255) return undefined;
      bytes.push(Number(decimal));
    } else if (code) {
      const value = parseInt(code, 16);
      if (value >= 2 ** 31) return undefined;
      bytes.push(...utf8Bytes(value));
    } else if (whole === '\\') return undefined; // an escape Lua does not know
  }
  bytes.push(...encoder.encode(text.slice(from)));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}

/** The value of a string literal: short (escapes resolved) or long (`[==[…]==]`, as written). */
export function luaStringValue(node: Node): string | undefined {
  const text = node.text;
  const long = /^\[(=*)\[/.exec(text);
  if (long) {
    const close = `]${long[1]}]`;
    const body = text.slice(long[0].length, text.endsWith(close) ? -close.length : undefined);
    // A newline right after the opening bracket is not part of the string; any newline is \n.
    return body.replace(/^(\r\n|\n\r|\n|\r)/, '').replace(/\r\n|\n\r|\r/g, '\n');
  }
  const quote = text[0];
  const closed = text.length > 1 && text.endsWith(quote) && !/(^|[^\\])(\\\\)*\\$/.test(text.slice(1, -1));
  return luaUnescape(text.slice(1, closed ? -1 : undefined));
}

/**
 * A number as Lua reads it: hexadecimal integers wrap around 64 bits, decimal ones past 64 bits are
 * floats. Undefined for an integer JSON cannot hold exactly, and for what Number cannot read (hex floats).
 */
export function luaNumberValue(text: string): number | undefined {
  if (/^(0[xX][0-9a-fA-F]+|\d+)$/.test(text)) {
    let value = BigInt(text);
    if (/^0[xX]/.test(text)) value = BigInt.asIntN(64, value);
    else if (value >= 2n ** 63n) return Number(text);
    return Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
  }
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
