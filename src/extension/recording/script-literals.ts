// Values as a script writes them: what a recorded call passes, as a literal of its language.
// No `vscode` import.

export type RecordedLanguage = 'python' | 'lua';

/** Code written as it is inside a literal: a variable that holds an identifier the script looked up. */
export class Code {
  constructor(readonly text: string) {}
}

/** A JSON value (what a call to the application takes) as a Python literal: None, True, lists and dicts. */
export function pythonLiteral(value: unknown): string {
  if (value instanceof Code) return value.text;
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return numberLiteral(value);
  // JSON's string escapes are Python's too (\uXXXX included); other characters are written as they are.
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  // A field left undefined is not sent (JSON leaves it out), so the script leaves it out too.
  const fields = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${fields.map(([key, v]) => `${JSON.stringify(key)}: ${pythonLiteral(v)}`).join(', ')}}`;
}

const LUA_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const LUA_KEYWORDS = new Set(
  'and break do else elseif end false for function goto if in local nil not or repeat return then true until while'.split(
    ' ',
  ),
);

/**
 * A JSON value as a Lua literal: tables for lists and records (the documented parameter type says
 * which an empty one is), nil for null (a nullable field left out counts as null).
 */
export function luaLiteral(value: unknown): string {
  if (value instanceof Code) return value.text;
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return numberLiteral(value);
  if (typeof value === 'string') return luaString(value);
  if (Array.isArray(value)) return `{${value.map(luaLiteral).join(', ')}}`;
  const fields = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
  const key = (k: string) => (LUA_NAME.test(k) && !LUA_KEYWORDS.has(k) ? k : `[${luaString(k)}]`);
  return `{${fields.map(([k, v]) => `${key(k)} = ${luaLiteral(v)}`).join(', ')}}`;
}

const LUA_ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A Lua string: quotes, backslashes and control characters escaped; other characters as UTF-8. */
function luaString(text: string): string {
  // Other control characters as three-digit decimal escapes, so that a digit after one is not read into it.
  let escaped = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    escaped += LUA_ESCAPES[c] ?? (code < 0x20 || code === 0x7f ? `\\${String(code).padStart(3, '0')}` : c);
  }
  return `"${escaped}"`;
}

/** A number as both languages read it back to the same value (JSON's shortest round-trip form). */
function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`${value} cannot be sent to the application (JSON has no such number)`);
  return JSON.stringify(value);
}

/** A literal in the recording's language. */
export function literal(language: RecordedLanguage, value: unknown): string {
  return language === 'python' ? pythonLiteral(value) : luaLiteral(value);
}

/** Words a variable of the recording may not be: either language's keywords and builtins it uses. */
export const RESERVED_WORDS = new Set([
  ...LUA_KEYWORDS,
  ...'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield print type id len list dict str int float'.split(
    ' ',
  ),
  'motion',
  'self',
]);
