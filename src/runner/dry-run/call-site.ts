import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import type { RunError } from '../script-session';

/** Where in a script's files a call was made, or a run stopped: the file (absolute when known) and its 1-based line. */
export interface CallSite {
  file: string;
  line: number;
}

/** The site a call's caller names (`/w/helpers/menu_tools.py:14`, `C:\w\tool.py:3`), when it names one. */
export function callSite(caller: string | undefined): CallSite | undefined {
  const [, file, line] = /^(.+):(\d+)$/.exec(caller ?? '') ?? [];
  return file ? { file, line: Number(line) } : undefined;
}

/**
 * The site a line of a traceback names: Python's `File "/w/tool.py", line 12, in fill`, Lua's
 * `/w/tool.lua:12: in function 'fill'` (or its message's `tool.lua:12: boom`). Frames of the
 * interpreters' own code (`<string>`, `[C]`, `<frozen …>`) name none.
 */
export function tracebackSite(line: string): CallSite | undefined {
  const python = /File "([^"<]+)", line (\d+)/.exec(line);
  if (python) return { file: python[1], line: Number(python[2]) };
  const lua = /^\s*([^\s:[<][^:]*\.lua):(\d+):/.exec(line);
  return lua ? { file: lua[1], line: Number(lua[2]) } : undefined;
}

/**
 * A file as a person reads it beside the script that ran: relative to the script's folder
 * (`tool.py`, `helpers/menu_tools.py`, `../shared/io.py`); by its name alone when the code had no
 * file of its own (code given to an assistant); a relative name as it was given.
 */
export function besideScript(file: string, script: string | undefined): string {
  if (!isAbsolute(file)) return file;
  if (!script || !isAbsolute(script)) return basename(file);
  return relative(dirname(script), file) || basename(file);
}

/** The site's file as a path to open: a relative one is taken from the script's folder. */
export function siteFile(site: CallSite, script: string | undefined): string {
  return isAbsolute(site.file) || !script ? site.file : resolve(dirname(script), site.file);
}

/** Whether the site is in the script itself (then its line alone names it). */
export function inScript(site: CallSite, script: string | undefined): boolean {
  return !!script && siteFile(site, script) === script;
}

/** The site as the terminal, the CLI and the assistants write it: `tool.py:14`, `helpers/menu_tools.py:3`. */
export function siteText(site: CallSite, script: string | undefined): string {
  return `${besideScript(site.file, script)}:${site.line}`;
}

/** Where a run stopped, after its error's type: ` at line 3` in the script itself, ` at helpers/io.py:7` elsewhere. */
export function whereItStopped(error: RunError | undefined, script: string | undefined): string {
  if (!error?.line) return '';
  const site = { file: error.file ?? script ?? '', line: error.line };
  return !error.file || inScript(site, script) ? ` at line ${error.line}` : ` at ${siteText(site, script)}`;
}
