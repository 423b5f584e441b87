import { moduleUrlPath } from '../catalogue';

// Where a call goes: its module path as written (dotted or slashed) made dotted, and its URL path.

/** `gui/selection`, `motion.gui.selection`, `gui.selection` → `motion.gui.selection`; `` or `motion` → `motion`. */
export function dottedPath(modulePath: string): string {
  let dotted = dottedPaths.get(modulePath);
  if (dotted === undefined) {
    const parts = modulePath.split(/[./]/).filter(Boolean);
    if (parts[0] === 'motion') parts.shift();
    dotted = ['motion', ...parts].join('.');
    // Module paths are few (the catalogue's, as callers write them): remembered, as a view reads thousands.
    if (dottedPaths.size < 1_000) dottedPaths.set(modulePath, dotted);
  }
  return dotted;
}

const dottedPaths = new Map<string, string>();

/** The URL path of an operation of a module (dotted): `/api/scripting/motion/gui/selection/get_selections/`. */
export function requestPath(dotted: string, operation: string): string {
  let paths = requestPaths.get(dotted);
  let path = paths?.get(operation);
  if (path === undefined) {
    const urlPath = moduleUrlPath(dotted);
    path = `/api/scripting/motion/${urlPath ? `${urlPath}/` : ''}${operation}/`;
    // Few (the catalogue's operations, as callers write them): each made once, as a load makes
    // thousands of calls (making its string was a tenth of the client's CPU in a tree load).
    if (!paths && requestPaths.size < 1_000) requestPaths.set(dotted, (paths = new Map<string, string>()));
    if (paths && paths.size < 1_000) paths.set(operation, path);
  }
  return path;
}

const requestPaths = new Map<string, Map<string, string>>();
