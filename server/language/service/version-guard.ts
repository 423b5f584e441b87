import { compareVersions } from '../../../src/api/catalogue/changelog';
import { lifetimeOf } from '../../../src/api/catalogue/interface-history';
import type { ScriptDocument } from './script-documents';
import type { CallSite } from './script-model';

/**
 * The quick fix of a call that some of a script's target versions lack: the call runs only where
 * the application has it, guarded by the application's own version (get_version), as a person
 * would write it. Only where that makes sense: a call that is a statement of its own, on a line of
 * its own, in a script that names the package.
 */
export interface VersionGuard {
  title: string;
  /** Inserted at the start of the call's line: the `if` line, then one more level of indentation for the call. */
  header: string;
  /** Inserted at the end of the call (Lua's `end`), or nothing. */
  footer: string;
  /** Where the call ends on its line. */
  endCharacter: number;
}

/** A release's major and minor numbers, as get_version gives them: `2024.1` is [2024, 1]. */
const numbers = (v: string) => v.split('.').map(Number) as [number, number];

export function versionGuard(
  call: CallSite,
  path: string,
  document: ScriptDocument,
  aliases: Map<string, string>,
  packageName: string,
  /** The target versions that lack the call. */
  lacking: readonly string[],
): VersionGuard | undefined {
  const { languageId } = document.syntax;
  const statement = languageId === 'python' ? call.node.parent : call.node;
  const alone =
    languageId === 'python'
      ? statement?.type === 'expression_statement' && statement.namedChildCount === 1
      : ['chunk', 'block'].includes(statement?.parent?.type ?? '');
  // Where a statement spans lines, a guard of its first line would cut it: none is offered.
  const written = statement?.text;
  if (!statement || !alone || written === undefined || written.includes('\n')) return undefined;
  // The name the script gives the package: `import motion` (Python), the global `motion` (Lua).
  const pkg =
    [...aliases].find(([, target]) => target === packageName)?.[0] ?? (languageId === 'lua' ? packageName : undefined);
  if (!pkg) return undefined;
  const start = document.text.positionAt(statement.startIndex);
  const before = document.text.getText({ start: { line: start.line, character: 0 }, end: start });
  const lineEnd = document.text.offsetAt({ line: start.line + 1, character: 0 });
  const after = document.text.slice(statement.endIndex, lineEnd).replace(/\r?\n$/, '');
  if (/\S/.test(before) || !/^\s*(#.*|--.*)?$/.test(after)) return undefined;
  // Only the bounds some target crosses: a call added in 2024.1, for targets 2023.3 and 2025.1, needs no upper one.
  const life = lifetimeOf(path);
  const added = life.added && lacking.some((v) => compareVersions(v, life.added!) < 0) ? life.added : undefined;
  const gone = life.gone && lacking.some((v) => compareVersions(v, life.gone!) >= 0) ? life.gone : undefined;
  if (!added && !gone) return undefined;
  const indentBy = before.includes('\t') ? '\t' : languageId === 'python' ? '    ' : '  ';
  const words = [...(added ? [`${added} and later`] : []), ...(gone ? [`before ${gone}`] : [])].join(', ');
  const title = `Call ${path.split('.').pop()} only on ${words} (by ${pkg}.get_version())`;
  const endCharacter = start.character + written.length;
  if (languageId === 'python') {
    const version = `[${pkg}.get_version()[k] for k in ("major", "minor")]`;
    const bound = (v: string) => `[${numbers(v).join(', ')}]`;
    const condition =
      added && gone
        ? `${bound(added)} <= ${version} < ${bound(gone)}`
        : added
          ? `${version} >= ${bound(added)}`
          : `${version} < ${bound(gone!)}`;
    return { title, header: `${before}if ${condition}:\n${indentBy}`, footer: '', endCharacter };
  }
  const version = `${pkg}.get_version().major * 100 + ${pkg}.get_version().minor`;
  const number = (v: string) => String(numbers(v)[0] * 100 + numbers(v)[1]);
  const conditions = [
    ...(added ? [`${version} >= ${number(added)}`] : []),
    ...(gone ? [`${version} < ${number(gone)}`] : []),
  ];
  return {
    title,
    header: `${before}if ${conditions.join(' and ')} then\n${indentBy}`,
    footer: `\n${before}end`,
    endCharacter,
  };
}

/**
 * Whether a call is already guarded by the application's version: in the body of an `if` (or
 * `elif`) whose condition asks get_version. The script has then taken the versions in hand, as the
 * quick fix does, and its target versions are not warned of there; the `else` is not guarded.
 */
export function guardedByVersion(call: CallSite): boolean {
  for (let node = call.node.parent; node; node = node.parent) {
    // The type first: asking a node for its fields is dear, and most ancestors are no `if`.
    if (node.type !== 'if_statement' && node.type !== 'elif_clause') continue;
    const condition = node.childForFieldName('condition');
    const body = node.childForFieldName('consequence');
    if (!condition || !body) continue;
    const inBody = call.node.startIndex >= body.startIndex && call.node.endIndex <= body.endIndex;
    if (inBody && /\bget_version\s*\(/.test(condition.text)) return true;
  }
  return false;
}
