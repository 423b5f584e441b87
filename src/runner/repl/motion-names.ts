import type { DocumentationIndex } from '../../api/docs/documentation-index';

/** What Tab completes at the end of a typed line: how much of it to replace, and with which names. */
export interface NameCompletion {
  /** The characters before the cursor that the names replace (the part of a name typed so far). */
  typed: string;
  names: string[];
}

/**
 * Completion of `motion.` names (namespaces, modules, operations) from the application's
 * documentation, for what was typed before the cursor: `motion.gui.sel` gives `selection`.
 */
export function motionNames(index: DocumentationIndex, beforeCursor: string): NameCompletion | undefined {
  const match = /(?:^|[^\w.])((?:[A-Za-z_]\w*\.)*)(\w*)$/.exec(beforeCursor);
  if (!match) return undefined;
  const [, path, typed] = match;
  // A path outside the package (os.path.) has no children in the documentation.
  const candidates = path
    ? index.childrenOf(path.slice(0, -1)).map((c) => c.name)
    : typed
      ? [index.packageName, 'help']
      : [];
  const names = candidates.filter((name) => name.startsWith(typed)).sort();
  return names.length > 0 ? { typed, names } : undefined;
}

/** The longest beginning that all names share. */
export function sharedStart(names: string[]): string {
  let shared = names[0] ?? '';
  for (const name of names) while (!name.startsWith(shared)) shared = shared.slice(0, -1);
  return shared;
}
