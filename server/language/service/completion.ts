import {
  CompletionItemKind,
  CompletionItemTag,
  MarkupKind,
  type CompletionItem,
  type CompletionList,
  type Range,
} from 'vscode-languageserver-types';
import type { DocumentationIndex, IndexedMethod, PathChild } from '../../../src/api/docs/documentation-index';
import { methodSignature } from '../../../src/api/docs/signature';
import { enumValues, nonNull, type TypeNode } from '../../../src/api/types/type-tree';
import { scanLine } from '../../../src/api/text/scan-line';
import { whereNamesAre, type LiveNames } from './live-names';
import { namesQueryAt } from './name-references';
import { closedStatement } from './open-brackets';
import { chainPath, parameterIndexOf, pathDocumentation, resolveCall } from './resolve-chain';
import type { ScriptDocument } from './script-documents';
import type { StringSite } from './script-model';
import { scriptTargets } from './script-targets';
import { snippetItems } from './snippets';
import { lackOf, type Targets } from '../../../src/api/catalogue/target-versions';
import { lifetimeOf } from '../../../src/api/catalogue/interface-history';

/**
 * Completion after `motion.` (and aliases) of module path segments and operations; inside a string
 * argument of an enumeration type, its values; inside `help("`, the module's method names; where a
 * statement starts, Motion's snippets.
 */
export function complete(
  document: ScriptDocument,
  offset: number,
  index: DocumentationIndex,
  live?: LiveNames,
): CompletionList {
  const position = document.text.positionAt(offset);
  const line = document.text.getText({ start: { line: position.line, character: 0 }, end: position });
  // Typing `sel.`: the text says what is being completed; the shifted tree (no re-parse) says
  // whether it is code, a string or a comment.
  const member = memberContext(line, document, index);
  if (member) {
    // The shifted tree knows the strings and comments of the last parse; a comment or string typed
    // since is caught by reading the line.
    if (
      document.syntax.inCommentOrString(document.shiftedRootAt(offset), offset) ||
      !endsInCode(line, document.syntax.languageId)
    )
      return NOTHING;
    return memberCompletions(document, offset, member, index, scriptTargets(document, index).targets);
  }
  const site = document.syntax.stringAt(document.rootAt(offset), offset);
  if (site) return stringCompletions(document, site, index, live);
  const typed = typedStringCompletions(document, offset, index, live);
  if (typed.items.length > 0) return typed;
  // The line is read first (most lines are no statement's start); the tree only for a line that is,
  // which may be inside a string or comment opened above (a docstring).
  const snippets = snippetItems(document.syntax.languageId, line, position);
  if (snippets.length === 0 || document.syntax.inCommentOrString(document.shiftedRootAt(offset), offset)) return typed;
  return { isIncomplete: false, items: snippets };
}

/**
 * In a string of a call still being typed (`add_skeleton("pr`, no closing quote or parenthesis
 * yet, or more code after on the next lines): the statement is closed by hand and parsed aside.
 * The item replaces what was typed of the value, and the rest of its word after the cursor.
 */
function typedStringCompletions(
  document: ScriptDocument,
  offset: number,
  index: DocumentationIndex,
  live: LiveNames | undefined,
): CompletionList {
  const around = document.typingWindow(offset);
  const { text } = around;
  const at = offset - around.start;
  const closed = closedStatement(text, at, document.syntax.languageId);
  if (!closed?.inString) return NOTHING; // only a string being typed has values to offer: nothing to parse aside
  let end = at;
  while (/[\w.-]/.test(text[end] ?? '')) end++;
  const closedAt = around.start + closed.start;
  return document.parseAside(closed.text, (root) => {
    const site = document.syntax.stringAt(root, offset - closedAt);
    if (!site) return NOTHING;
    const start = site.contentSpan.start + closedAt;
    return stringCompletions(
      document,
      { ...site, contentSpan: { start, end: around.start + end } },
      index,
      live,
      offset,
    );
  });
}

const NOTHING: CompletionList = { isIncomplete: false, items: [] };

/**
 * The most items one completion answers with. A documentation module of any size keeps completion
 * fast and its answer small: past this, the names are filtered by what was typed, the list is
 * marked incomplete (the editor asks again as the user types), and documentation comes on resolve.
 */
export const MAX_COMPLETION_ITEMS = 200;

function memberCompletions(
  document: ScriptDocument,
  offset: number,
  member: MemberContext,
  index: DocumentationIndex,
  targets: Targets | undefined,
): CompletionList {
  const children = index.childrenOf(member.path);
  const replace = {
    start: document.text.positionAt(offset - member.partial.length),
    end: document.text.positionAt(offset),
  };
  if (children.length <= MAX_COMPLETION_ITEMS)
    return {
      isIncomplete: false,
      items: children.map((child, i) => memberItem(child, index, replace, i, true, targets)),
    };
  const matching = matchTyped(children, member.partial);
  return {
    isIncomplete: true,
    items: matching
      .slice(0, MAX_COMPLETION_ITEMS)
      .map((child, i) => memberItem(child, index, replace, i, false, targets)),
  };
}

/**
 * The list after `motion.` itself, each name inserted at the cursor: what the VS Code extension
 * gives before its language server is there, from the documentation bundled with it (`npm run
 * generate` writes it). The same items this service gives there with that documentation and no
 * script targets (a script with targets waits for this service, which marks what they lack).
 */
export function packageCompletions(index: DocumentationIndex): CompletionItem[] {
  const here = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return index.childrenOf(index.packageName).map((child, order) => {
    const { textEdit: _inserted, ...item } = memberItem(child, index, here, order, true, undefined);
    return { ...item, insertText: child.name };
  });
}

/** The names that fit what was typed (its letters in order, as the editor's own filter does), those that start with it first. */
function matchTyped(children: PathChild[], typed: string): PathChild[] {
  const wanted = typed.toLowerCase();
  const fits = (name: string) => {
    let at = 0;
    for (const c of name.toLowerCase()) if (c === wanted[at]) at++;
    return at === wanted.length;
  };
  const starting: PathChild[] = [];
  const others: PathChild[] = [];
  for (const child of children) {
    if (child.name.toLowerCase().startsWith(wanted)) starting.push(child);
    else if (fits(child.name)) others.push(child);
    if (starting.length >= MAX_COMPLETION_ITEMS) break;
  }
  return [...starting, ...others];
}

/** Adds the documentation that a large completion list leaves out (completionItem/resolve). */
export function resolveCompletion(item: CompletionItem, index: DocumentationIndex): CompletionItem {
  const path = (item.data as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string' || item.documentation) return item;
  const value = pathDocumentation(path, index);
  return value ? { ...item, documentation: { kind: MarkupKind.Markdown, value } } : item;
}

interface MemberContext {
  path: string;
  partial: string;
}

/** What the text before the cursor is completing: `sel.get_`, `import motion.gui.`, `from motion.gui import sel`. */
function memberContext(line: string, document: ScriptDocument, index: DocumentationIndex): MemberContext | undefined {
  const pkg = index.packageName;
  if (document.syntax.languageId === 'python') {
    const fromImport = /^\s*from\s+([\w.]+)\s+import\s+(?:\(?\s*(?:\w+(?:\s+as\s+\w+)?\s*,\s*)*)(\w*)$/.exec(line);
    if (fromImport)
      return fromImport[1].split('.')[0] === pkg ? { path: fromImport[1], partial: fromImport[2] } : undefined;
    const importPath = /^\s*(?:import|from)\s+([\w.]+)\.(\w*)$/.exec(line);
    if (importPath)
      return importPath[1].split('.')[0] === pkg ? { path: importPath[1], partial: importPath[2] } : undefined;
  }
  const chain = /(?:^|[^\w.])([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\.\s*(\w*)$/.exec(line);
  if (!chain) return undefined;
  const names = chain[1].split('.').map((s) => s.trim());
  const path = chainPath(
    { segments: names.map((name) => ({ name, span: { start: 0, end: 0 } })), absolute: false },
    document.aliases(pkg),
    pkg,
  );
  return path === undefined ? undefined : { path, partial: chain[2] };
}

function memberItem(
  child: PathChild,
  index: DocumentationIndex,
  range: Range,
  order: number,
  withDocumentation: boolean,
  targets: Targets | undefined,
): CompletionItem {
  const resolved = index.resolve(child.path);
  const lack = targets && lackOf(child.path, targets);
  const item: CompletionItem = {
    label: child.name,
    textEdit: { range, newText: child.name },
    // What one of the script's target versions lacks comes last, struck through.
    sortText: `${lack ? 'z' : ''}${String(order).padStart(4, '0')}`,
    data: { path: child.path },
  };
  const life = lifeInWords(child.path, lack?.versions);
  if (life) item.labelDetails = { description: life };
  if (lack) item.tags = [CompletionItemTag.Deprecated];
  if (resolved?.kind === 'method') {
    item.kind = CompletionItemKind.Method;
    item.detail = methodSignature(resolved.method.method);
    item.commitCharacters = ['('];
  } else {
    item.kind = CompletionItemKind.Module;
    item.detail = resolved?.kind === 'module' ? resolved.module.path : child.path;
  }
  if (withDocumentation)
    item.documentation = { kind: MarkupKind.Markdown, value: pathDocumentation(child.path, index) ?? '' };
  return item;
}

/**
 * A name's life in a few words beside it in the list, from the application's changelog: "since
 * 2024.1", "removed in 2026.1", and the script's target versions that lack it.
 */
function lifeInWords(path: string, lacking: string[] | undefined): string | undefined {
  const { added, gone, goneBy } = lifetimeOf(path);
  const words = [...(added ? [`since ${added}`] : []), ...(gone ? [`${goneBy} in ${gone}`] : [])];
  if (lacking) {
    const shown = lacking.length > 3 ? `${lacking.slice(0, 3).join(', ')}…` : lacking.join(', ');
    words.push(`not in ${shown}`);
  }
  return words.length > 0 ? words.join(', ') : undefined;
}

/**
 * Completion in a string argument. `at` is where the cursor is in the document: the site's nodes
 * may belong to a statement parsed aside.
 */
function stringCompletions(
  document: ScriptDocument,
  site: StringSite,
  index: DocumentationIndex,
  live: LiveNames | undefined,
  at = site.contentSpan.start,
): CompletionList {
  const method = resolveCall(document, site.call, index);
  if (!method) return NOTHING;
  const position = parameterIndexOf(method, site.argumentIndex, site.keyword);
  const parameter = method.parameters[position];
  if (!parameter) return NOTHING;
  const range = {
    start: document.text.positionAt(site.contentSpan.start),
    end: document.text.positionAt(site.contentSpan.end),
  };
  const query =
    site.steps.length === 0 && !site.isKey ? namesQueryAt(document, index, at, site.call, method, position) : undefined;
  if (query) {
    const known = live?.names(query);
    // Not known yet: the editor asks again as the user types, by when the names have arrived.
    if (!known) return { isIncomplete: live !== undefined, items: [] };
    const where = whereNamesAre(query);
    return {
      isIncomplete: false,
      items: known.map((name) => ({
        label: name,
        kind: CompletionItemKind.Value,
        detail: `${query.names.kind} ${where}`,
        textEdit: { range, newText: name },
      })),
    };
  }
  return { isIncomplete: false, items: valueCompletions(method, position, site, range, index) };
}

/** Enumeration values, keys and fields, and help()'s method names: what the documentation says a string may be. */
function valueCompletions(
  method: IndexedMethod,
  position: number,
  site: StringSite,
  range: Range,
  index: DocumentationIndex,
): CompletionItem[] {
  const parameter = method.parameters[position];
  const item = (label: string, detail: string, documentation?: string): CompletionItem => ({
    label,
    kind: CompletionItemKind.EnumMember,
    detail,
    documentation: documentation ? { kind: MarkupKind.Markdown, value: documentation } : undefined,
    textEdit: { range, newText: label },
  });
  // help("...") of a module: its method names.
  if (method.method.name === 'help' && position === 0 && site.steps.length === 0 && !site.isKey) {
    return index
      .methodsOf(method.module.path)
      .map((m) => item(m.method.name, methodSignature(m.method), m.method.brief));
  }
  if (!parameter.type) return [];
  const target = navigate(parameter.type, site.steps);
  if (!target) return [];
  if (site.isKey) {
    const container = nonNull(target);
    if (container.kind === 'struct') return container.fields.map((f) => item(f.name, `${parameter.doc.name} field`));
    if (container.kind === 'map')
      return (enumValues(container.key) ?? []).map((v) => item(v, `${parameter.doc.name} key`));
    return [];
  }
  return (enumValues(target) ?? []).map((v) =>
    item(v, `${parameter.doc.name}: ${parameter.doc.type}`, parameter.doc.description),
  );
}

/** Follows list elements and object fields from a parameter's type to the type at the cursor. */
function navigate(type: TypeNode, steps: StringSite['steps']): TypeNode | undefined {
  let current: TypeNode | undefined = type;
  for (const step of steps) {
    const t: TypeNode | undefined = current && nonNull(current);
    if (!t) return undefined;
    if (step.kind === 'element') current = t.kind === 'array' ? t.element : undefined;
    else if (t.kind === 'struct') current = t.fields.find((f) => f.name === step.name)?.type;
    else if (t.kind === 'map') current = t.value;
    else current = undefined;
  }
  return current;
}

/** Whether the end of the text before the cursor is code: not after a line comment, not inside a quote. */
function endsInCode(line: string, languageId: 'python' | 'lua'): boolean {
  const scan = scanLine(line, languageId);
  return !scan.comment && !scan.openQuote;
}
