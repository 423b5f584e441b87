/**
 * The code that gives a script its file name and arguments before it runs, as `python FILE ARG…`
 * and `lua FILE ARG…` would: sys.argv in Python, the global `arg` table in Lua.
 */
export function scriptArgumentsPrelude(language: 'python' | 'lua', path: string, args: readonly string[]): string {
  return language === 'lua'
    ? `arg = { [0] = ${luaStringLiteral(path)}, ${args.map(luaStringLiteral).join(', ')} }`
    : `import sys as __sys\n__sys.argv = ${JSON.stringify([path, ...args])}\ndel __sys\n`;
}

/**
 * Any text as a Lua string literal: every byte outside printable ASCII (and the quote and backslash)
 * as a decimal escape, so that no argument can break, or add code to, the generated setup line.
 */
function luaStringLiteral(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8'))
    out +=
      byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\${String(byte).padStart(3, '0')}`;
  return `${out}"`;
}
