import type { DocumentationIndex, IndexedMethod } from '../../../src/api/docs/documentation-index';
import { methodMarkdown, moduleMarkdown } from '../../../src/api/docs/markdown';
import type { ScriptDocument } from './script-documents';
import type { CallSite, Chain } from './script-model';

/**
 * Turns a chain as written (`sel.select`) into the package path it names (`motion.gui.selection.select`),
 * through the script's aliases. Undefined when the chain does not start at the package.
 */
export function chainPath(
  chain: Chain,
  aliases: Map<string, string>,
  packageName: string,
  upTo = chain.segments.length - 1,
): string | undefined {
  const names = chain.segments.slice(0, upTo + 1).map((s) => s.name);
  if (chain.absolute) return names[0] === packageName ? names.join('.') : undefined;
  const base = aliases.get(names[0]);
  return base === undefined ? undefined : [base, ...names.slice(1)].join('.');
}

/** The first segment of a package chain that names nothing in the documentation, if any. */
export function firstUnknownSegment(
  chain: Chain,
  aliases: Map<string, string>,
  index: DocumentationIndex,
): { segment: number; parent: string } | undefined {
  const packageName = index.packageName;
  const base = chainPath(chain, aliases, packageName, 0);
  if (base === undefined) return undefined;
  let path = base;
  // An alias of a path that names nothing: flagged where the alias is made, not again at each use.
  if (!index.resolve(path)) return undefined;
  for (let i = 1; i < chain.segments.length; i++) {
    const next = `${path}.${chain.segments[i].name}`;
    if (!index.resolve(next)) {
      if (index.method(path)) return undefined; // members of a method's result are not ours to judge
      if (RUNTIME_NAMES.has(chain.segments[i].name) && path === packageName) return undefined;
      return { segment: i, parent: path };
    }
    path = next;
  }
  return undefined;
}

/**
 * Names the scripting runtime adds to the package that are not operations: never flagged (the
 * error class, and the helpers for tests of scripts, `motion.testing.state()` and `skeleton()`).
 */
const RUNTIME_NAMES = new Set(['MotionError', 'testing']);

/** The operation a call names, through the script's aliases. */
export function resolveCall(
  document: ScriptDocument,
  call: CallSite,
  index: DocumentationIndex,
): IndexedMethod | undefined {
  const path = chainPath(call.chain, document.aliases(index.packageName), index.packageName);
  return path === undefined ? undefined : index.method(path);
}

/** Which parameter an argument fills: its position, or its keyword's. */
export function parameterIndexOf(method: IndexedMethod, argumentIndex: number, keyword?: string): number {
  return keyword === undefined ? argumentIndex : method.parameters.findIndex((p) => p.doc.name === keyword);
}

/** The Markdown of what a path names: a method's or module's documentation, or the modules under a namespace. */
export function pathDocumentation(path: string, index: DocumentationIndex): string | undefined {
  const resolved = index.resolve(path);
  if (resolved?.kind === 'method') return methodMarkdown(resolved.method.module.path, resolved.method.method);
  const below = () =>
    index
      .modules()
      .filter((m) => m.path.startsWith(`${path}.`))
      .map((m) => `- \`${m.path}\` — ${m.brief}`)
      .join('\n');
  // A module can have modules under it too (motion.gui has motion.gui.selection): both are shown.
  if (resolved?.kind === 'module') {
    const modules = below();
    return modules
      ? `${moduleMarkdown(resolved.module)}\n\n**Modules**\n\n${modules}`
      : moduleMarkdown(resolved.module);
  }
  if (resolved?.kind === 'namespace') return below();
  return undefined;
}
