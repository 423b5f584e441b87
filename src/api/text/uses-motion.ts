/**
 * What makes a file a motion one: the one rule the extension's quiet start and the Testing view
 * follow. A script uses motion when its code imports the package (Python: `import motion`,
 * `import motion.x as y`, `from motion… import`; also after other names on the line) or calls it
 * (Lua: `motion.` or `require "motion…"`); notebooks and snapshots are motion files by their name.
 * A word in a comment or a string is not a use. No `vscode` import.
 */

/** `import a, motion.gui as g` or `from motion.settings import x` at the start of a logical line. */
const PYTHON_USE = /^[ \t]*(?:import[ \t]+(?:[\w.]+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*motion\b|from[ \t]+motion\b)/m;

/** `motion.something` outside a comment or a string, or `require("motion…")` / `require 'motion…'`. */
const LUA_USE = /(?:^|[^\w.'"])motion[ \t]*\.[ \t]*[A-Za-z_]|\brequire[ \t]*\(?[ \t]*["']motion\b/;

/** File names that are motion's own, whatever they hold. */
const MOTION_FILE_NAME = /\.(?:motionbook|motion\.json)$/i;

/** A folder that has this file at its root is a motion folder, even before it has a script. */
export const MOTION_MARKER_FILE = '.motion';

export type ScriptLanguage = 'python' | 'lua';

/** Whether a Python or Lua script uses motion. */
export function usesMotion(language: ScriptLanguage, text: string): boolean {
  if (language === 'python') return PYTHON_USE.test(text);
  return LUA_USE.test(withoutLuaComments(text));
}

/** Whether a file's name makes it a motion file (a .motionbook notebook, a .motion.json snapshot). */
export function isMotionFileName(path: string): boolean {
  return MOTION_FILE_NAME.test(path);
}

/**
 * A test file is one of Motion's script tests when it touches motion: it uses motion, or names
 * the snapshot its tests start from (`# motion-snapshot: …`). Other tests belong to other runners.
 */
export function isMotionTest(language: ScriptLanguage, text: string): boolean {
  return usesMotion(language, text) || /^[ \t]*(?:#|--)[ \t]*motion-snapshot:/m.test(text);
}

/** Lua's comments (`-- …` and `--[[ … ]]`) as spaces: a mention there is not a call. */
function withoutLuaComments(text: string): string {
  return text.replace(/--\[(=*)\[[\s\S]*?\]\1\]|--[^\n]*/g, ' ');
}
