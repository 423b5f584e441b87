// Queries over tree-sitter syntax trees that the Python and Lua adapters share: the chain a name
// belongs to, the call or string around an offset, the statements a value flows through, and
// where the parser recovered from an error.
import type { Node } from 'web-tree-sitter';
import type { CallSite, Chain, Span, StringSite, ValueStep } from '../script-model';
import { spanOf } from '../script-model';

/** How a grammar writes `a.b`: the member-access node type, and its object and member fields. */
export interface MemberAccess {
  type: string;
  object: string;
  member: string;
}

/** `a.b.c` from a member-access node, when it starts at a plain name. */
export function chainOfMember(node: Node, access: MemberAccess): Chain | undefined {
  const segments = [];
  let current: Node | null = node;
  while (current?.type === access.type) {
    const member = current.childForFieldName(access.member);
    if (!member) return undefined;
    segments.unshift(segmentOf(member));
    current = current.childForFieldName(access.object);
  }
  if (current?.type !== 'identifier') return undefined;
  segments.unshift(segmentOf(current));
  return { segments, absolute: false };
}

/** A member access that is not itself the object of a longer one: where a chain ends. */
export function isOutermostMember(node: Node, access: MemberAccess): boolean {
  const parent = node.parent;
  return !(parent?.type === access.type && parent.childForFieldName(access.object)?.equals(node));
}

/** The name at an offset, whether the cursor is on it or just after it. */
export function identifierAt(root: Node, offset: number): Node | undefined {
  const before = root.descendantForIndex(Math.max(0, offset - 1), offset);
  const name = before?.type === 'identifier' ? before : root.descendantForIndex(offset, offset);
  return name?.type === 'identifier' ? name : undefined;
}

/** The chain a name belongs to (climbing to the outermost member access), and which segment it is. */
export function chainThrough(name: Node, access: MemberAccess): { chain: Chain; index: number } | undefined {
  let top: Node = name;
  while (top.parent?.type === access.type) top = top.parent;
  const chain =
    top.type === access.type ? chainOfMember(top, access) : { segments: [segmentOf(name)], absolute: false };
  return chain && indexed(chain, name);
}

export function indexed(chain: Chain, name: Node): { chain: Chain; index: number } | undefined {
  const index = chain.segments.findIndex((s) => s.span.start === name.startIndex);
  return index >= 0 ? { chain, index } : undefined;
}

/** The innermost call of a type around an offset whose argument list contains it. */
export function callAround(
  root: Node,
  offset: number,
  callType: string,
  callOf: (node: Node) => CallSite | undefined,
): CallSite | undefined {
  const calls: CallSite[] = [];
  for (let node: Node | null = root.descendantForIndex(Math.max(0, offset - 1), offset); node; node = node.parent) {
    if (node.type === callType) {
      const call = callOf(node);
      if (call) calls.push(call);
    }
  }
  return innermostCall(calls, offset);
}

/** The string node around an offset, if the offset is between its quotes. */
export function stringAround(
  root: Node,
  offset: number,
  contentSpan: (string: Node) => Span,
): { string: Node; content: Span } | undefined {
  let string: Node | null = root.descendantForIndex(Math.max(0, offset - 1), offset);
  while (string && string.type !== 'string') string = string.parent;
  if (!string) return undefined;
  const content = contentSpan(string);
  return offset < content.start || offset > content.end ? undefined : { string, content };
}

/**
 * The completion site of a string inside a call's argument: which argument, the steps down to the
 * string, and whether it is a key. `step` tells how a grammar's literals nest (see stepsUpTo).
 */
export function stringSite(
  call: CallSite,
  string: Node,
  content: Span,
  step: (child: Node, parent: Node, key: () => void) => ValueStep | null | undefined,
): StringSite | undefined {
  const argumentIndex = call.arguments.findIndex(
    (a) => a.node.startIndex <= string.startIndex && string.endIndex <= a.node.endIndex,
  );
  if (argumentIndex < 0) return undefined;
  const argument = call.arguments[argumentIndex];
  let isKey = false;
  const steps = stepsUpTo(string, argument.node, (child, parent) => step(child, parent, () => (isKey = true)));
  if (!steps) return undefined;
  const text = string.text.slice(content.start - string.startIndex, content.end - string.startIndex);
  return { call, argumentIndex, keyword: argument.keyword?.name, steps, isKey, content: text, contentSpan: content };
}

/** Pieces shared by the Python and Lua adapters. */
export function segmentOf(node: Node) {
  return { name: node.text, span: spanOf(node) };
}

/** The innermost call, of those given, whose argument list strictly contains the offset. */
function innermostCall(calls: CallSite[], offset: number): CallSite | undefined {
  let best: CallSite | undefined;
  for (const call of calls) {
    const list = call.argumentList;
    if (
      offset > list.startIndex &&
      (offset < list.endIndex || (offset === list.endIndex && !list.text.endsWith(')')))
    ) {
      if (!best || list.startIndex >= best.argumentList.startIndex) best = call;
    }
  }
  return best;
}

/** Walks from a node up to an argument of a call, recording the steps (list elements, dictionary fields) on the way down. */
function stepsUpTo(
  node: Node,
  argument: Node,
  step: (child: Node, parent: Node) => ValueStep | null | undefined,
): ValueStep[] | undefined {
  const steps: ValueStep[] = [];
  let child = node;
  while (!child.equals(argument)) {
    const parent = child.parent;
    if (!parent) return undefined;
    const s = step(child, parent);
    if (s === undefined) return undefined; // not a literal structure: no completion
    if (s) steps.unshift(s);
    child = parent;
  }
  return steps;
}

/**
 * Code the parser only recovered from a syntax error (`sel.` dangling while typing joins the next
 * line): not for diagnostics to judge. Returns the test for nodes under `root`: the error regions
 * are found once (outermost ranges, sorted), so each test is a binary search, not a climb through
 * the parents (which web-tree-sitter finds from the root down: cubic in the nesting depth).
 */
export function errorRecoveryTest(root: Node): (node: Node) => boolean {
  let aboveRoot = false;
  for (let n = root.parent; n && !aboveRoot; n = n.parent) aboveRoot = n.type === 'ERROR';
  const regions: [number, number][] = [];
  if (!aboveRoot && root.hasError) {
    const errors = root.descendantsOfType('ERROR').filter((n): n is Node => n !== null);
    errors.sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
    for (const e of errors) {
      const last = regions[regions.length - 1];
      if (last && e.startIndex >= last[0] && e.endIndex <= last[1]) continue;
      regions.push([e.startIndex, e.endIndex]);
    }
  }
  return (node) => {
    if (aboveRoot || node.hasError) return true;
    // The last region starting at or before the node: the only one that can hold it.
    let low = 0;
    let high = regions.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (regions[mid][0] <= node.startIndex) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found >= 0 && node.endIndex <= regions[found][1];
  };
}

/** Resolves backslash escapes the way Python and Lua string literals (and JSON) agree on. */
export function unescape(text: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v' };
  return text.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/gs, (_m, e: string) =>
    e.length > 1 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (simple[e] ?? e),
  );
}
