/**
 * Where a module's or operation's rendered documentation is opened: a read-only document of the
 * extension's own scheme (never dirty, never asks to be saved). The language server's Go to
 * Definition points there, and the extension serves it.
 */
export const DOCUMENTATION_SCHEME = 'motion-docs';

/** `motion-docs:/motion.gui.selection.select.md` for `motion.gui.selection.select`. */
export function documentationUri(path: string): string {
  return `${DOCUMENTATION_SCHEME}:/${path}.md`;
}

/** The documented path a documentation URI's path names (`/motion.gui.md` → `motion.gui`). */
export function documentedPath(uriPath: string): string {
  return uriPath.replace(/^\//, '').replace(/\.md$/, '');
}
