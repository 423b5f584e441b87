import type { Node } from 'web-tree-sitter';

/**
 * What the language features need from a script, the same for Python and Lua: where the `motion`
 * package is bound to local names, the attribute chains and calls that use them, and literal values.
 * Offsets are UTF-16 code units, as in LSP and JavaScript strings (web-tree-sitter's indices).
 */
export interface Span {
  start: number;
  end: number;
}

interface ChainSegment {
  name: string;
  span: Span;
}

/** `sel.get_selections` as written. `absolute` chains (import statements) start at the package itself. */
export interface Chain {
  segments: ChainSegment[];
  absolute: boolean;
}

export interface ArgumentSite {
  node: Node;
  /** Python keyword arguments: `name=value`. */
  keyword?: ChainSegment;
}

export interface CallSite {
  chain: Chain;
  node: Node;
  /** The argument list node, parentheses included. */
  argumentList: Node;
  arguments: ArgumentSite[];
}

/** One step from an argument down to a value inside it. */
export type ValueStep = { kind: 'element' } | { kind: 'field'; name: string };

/** A string literal being typed inside an argument: what enumeration completion needs. */
export interface StringSite {
  call: CallSite;
  argumentIndex: number;
  /** Keyword argument name, if the string is (inside) one. */
  keyword?: string;
  steps: ValueStep[];
  /** The string is a dictionary/table key: offer the keys of the container. */
  isKey: boolean;
  /** The text between the quotes, and its span (what a completion replaces). */
  content: string;
  contentSpan: Span;
}

/** Marks a part of an argument that is not a literal (a variable, a call): never checked. */
export { UNKNOWN_VALUE as UNKNOWN } from '../../../src/api/types/validate';

/** How deep a literal argument is read for checking. */
export const MAX_LITERAL_DEPTH = 32;
/** The key, in a literal's spans, of where reading stopped at MAX_LITERAL_DEPTH. */
export const TOO_DEEP = '\u0000too-deep';

/**
 * A name bound by a statement: to a path of the package (`import motion.gui.selection as sel`), to
 * another name's path plus members (`local s = sel`), or to something else (`sel = 3`: target null).
 */
export interface AliasBinding {
  name: string;
  target: string[] | null;
  /** The target starts at the package itself, not at another local name. */
  absolute: boolean;
}

export interface ScriptSyntax {
  readonly languageId: 'python' | 'lua';
  /** Names bound before any statement runs (Lua's global `motion`). */
  defaultAliases(packageName: string): [string, string][];
  /** The bindings a statement makes, in order. */
  aliases(statement: Node, packageName: string): AliasBinding[];
  /** Every chain of two or more names (`a.b`) outside strings and comments, and import paths. */
  chains(root: Node): Chain[];
  calls(root: Node): CallSite[];
  /** The call a node is, if it is one (an argument or an assigned value). */
  callOf(node: Node): CallSite | undefined;
  /**
   * Assignments of one plain name, in the order of the text (`s = find_skeleton(...)`, `local s = ...`):
   * value null when the name is bound to something unknown (`s += 1`, a tuple). Not inside error recovery.
   * `start` is the statement's; `nameEnd` where the name ends.
   */
  assignments(root: Node): { name: string; start: number; nameEnd: number; value: Node | null }[];
  /** The chain a name at the offset belongs to, and which segment it is. */
  chainAt(root: Node, offset: number): { chain: Chain; index: number } | undefined;
  /** The innermost call whose argument list contains the offset. */
  callAt(root: Node, offset: number): CallSite | undefined;
  stringAt(root: Node, offset: number): StringSite | undefined;
  /** True inside a comment or a string (where code completion must not happen). */
  inCommentOrString(root: Node, offset: number): boolean;
  /** For a comment or string node, the offsets inside it in inCommentOrString's sense: start < offset <= end. */
  quoted(node: Node): Span;
  /**
   * A literal argument as a JSON value, UNKNOWN where it is not a literal; records each path's span.
   * Nesting deeper than MAX_LITERAL_DEPTH is not read (UNKNOWN, and the span under TOO_DEEP): no
   * parameter type nests that deep, and reading it would take stack and memory without bound.
   */
  literal(node: Node, path: string, spans: Map<string, Span>, depth?: number): unknown;
}

export function spanOf(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}
