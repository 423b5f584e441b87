// Queries over tree-sitter syntax trees that the Python and Lua adapters share: the chain a name
// belongs to, the call or string around an offset, the statements a value flows through, and
// where the parser recovered from an error.
//
// None of them climbs with Node.parent: web-tree-sitter finds a parent by searching down from the
// root, so climbing from a node costs the square of its depth (minutes for an expression nested
// 30,000 deep). They walk down once with a cursor instead (pathDown) and climb the path.
import type { Node, TreeCursor } from 'web-tree-sitter';
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

/**
 * The member accesses, of those given, that are not the object of another one given: where chains
 * end. Given every member access of a tree, these are the outermost ones.
 */
export function outermostMembers(nodes: Node[], access: MemberAccess): Node[] {
  const objects = new Set<number>();
  for (const node of nodes) {
    const object = node.childForFieldName(access.object);
    if (object?.type === access.type) objects.add(object.id);
  }
  return nodes.filter((node) => !objects.has(node.id));
}

/**
 * The nodes from `root` down to the smallest one spanning [start, end] (the node that
 * descendantForIndex finds), outermost first: the ancestors of that node, found in one walk down.
 * Tree-sitter names the node itself, so that empty (missing) nodes at the range are decided its
 * way; the walk only looks for it among the children that span it.
 */
export function pathDown(root: Node, start: number, end: number): Node[] {
  const target = root.descendantForIndex(start, end);
  const path = [root];
  if (!target || target.id === root.id) return path;
  const cursor = root.walk();
  try {
    walkDownTo(cursor, target, path);
  } finally {
    cursor.delete();
  }
  return path;
}

/**
 * Depth first, without recursion (trees nest tens of thousands deep), through the nodes below the
 * cursor's that span `target`, pushing them on `path` until it holds the target. Only empty nodes
 * at the target's edges make it try more than one child of a node.
 */
function walkDownTo(cursor: TreeCursor, target: Node, path: Node[]): void {
  let entering = true; // look among the children of the path's last node; else among its next siblings
  for (;;) {
    let moved: boolean;
    if (entering) moved = cursor.gotoFirstChild();
    else {
      path.pop();
      moved = cursor.gotoNextSibling();
    }
    const wentDown = entering && moved;
    while (moved && cursor.startIndex <= target.startIndex && cursor.endIndex < target.endIndex)
      moved = cursor.gotoNextSibling();
    if (moved && cursor.startIndex <= target.startIndex) {
      path.push(cursor.currentNode);
      if (cursor.nodeId === target.id) return;
      entering = true;
      continue;
    }
    // Nothing here spans the target: back to the path's last node, then on to its next sibling.
    if (!entering || wentDown) cursor.gotoParent();
    if (path.length === 1) return;
    entering = false;
  }
}

/** The path down to what the cursor at an offset touches: the character before it, and the offset. */
function pathAround(root: Node, offset: number): Node[] {
  return pathDown(root, Math.max(0, offset - 1), offset);
}

/** The path down to the name at an offset, whether the cursor is on it or just after it. */
export function identifierAt(root: Node, offset: number): Node[] | undefined {
  const before = pathAround(root, offset);
  const path = before[before.length - 1].type === 'identifier' ? before : pathDown(root, offset, offset);
  return path[path.length - 1].type === 'identifier' ? path : undefined;
}

/** The chain the name ending `path` belongs to (up to the outermost member access), and which segment it is. */
export function chainThrough(path: Node[], access: MemberAccess): { chain: Chain; index: number } | undefined {
  const name = path[path.length - 1];
  let top = path.length - 1;
  while (top > 0 && path[top - 1].type === access.type) top--;
  const chain =
    top < path.length - 1 ? chainOfMember(path[top], access) : { segments: [segmentOf(name)], absolute: false };
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
  for (const node of pathAround(root, offset)) {
    if (node.type === callType) {
      const call = callOf(node);
      if (call) calls.push(call);
    }
  }
  return innermostCall(calls, offset);
}

/** A string around an offset, between its quotes: the path down to it, and its content's span. */
interface StringAround {
  string: Node;
  content: Span;
  path: Node[];
}

/** The string node around an offset, if the offset is between its quotes. */
export function stringAround(
  root: Node,
  offset: number,
  contentSpan: (string: Node) => Span,
): StringAround | undefined {
  const path = pathAround(root, offset);
  let at = path.length - 1;
  while (at >= 0 && path[at].type !== 'string') at--;
  if (at < 0) return undefined;
  const string = path[at];
  const content = contentSpan(string);
  return offset < content.start || offset > content.end ? undefined : { string, content, path: path.slice(0, at + 1) };
}

/**
 * Where, in a comment or a string, code completion must not happen: after the comment's start, or
 * between a string's quotes (to its end while the closing quote is not typed). Offsets `o` with
 * start < o <= end are inside.
 */
type QuotedSpan = (node: Node) => Span | undefined;

/**
 * True when the offset is inside the outermost comment or string around it: what is nested in one
 * (a string in an f-string, a comment the parser found in a string not closed yet) is its text, as
 * quotedSpansIn reads a stretch.
 */
export function inCommentOrString(root: Node, offset: number, quoted: QuotedSpan): boolean {
  const path = pathAround(root, offset);
  for (let at = 0; at < path.length; at++) {
    const span = path[at].type === 'comment' || path[at].type === 'string' ? quoted(path[at]) : undefined;
    if (span) return offset > span.start && offset <= span.end;
  }
  return false;
}

/**
 * The quoted spans (see QuotedSpan) of the comments and strings that meet [start, end], in order:
 * one walk for a whole stretch of text, where asking offset by offset would walk down each time.
 */
export function quotedSpansIn(root: Node, start: number, end: number, quoted: QuotedSpan): Span[] {
  const spans: Span[] = [];
  const cursor = root.walk();
  try {
    let depth = 0;
    for (;;) {
      const meets = cursor.endIndex >= start && cursor.startIndex <= end;
      const type = cursor.nodeType;
      const span = meets && (type === 'comment' || type === 'string') ? quoted(cursor.currentNode) : undefined;
      if (span) spans.push(span);
      else if (meets && cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      while (depth > 0 && !cursor.gotoNextSibling()) {
        cursor.gotoParent();
        depth--;
      }
      if (depth === 0) return spans;
    }
  } finally {
    cursor.delete();
  }
}

/**
 * The completion site of a string inside a call's argument: which argument, the steps down to the
 * string, and whether it is a key. `step` tells how a grammar's literals nest (see stepsUpTo).
 */
export function stringSite(
  call: CallSite,
  { string, content, path }: StringAround,
  step: (child: Node, parent: Node, key: () => void) => ValueStep | null | undefined,
): StringSite | undefined {
  const argumentIndex = call.arguments.findIndex(
    (a) => a.node.startIndex <= string.startIndex && string.endIndex <= a.node.endIndex,
  );
  if (argumentIndex < 0) return undefined;
  const argument = call.arguments[argumentIndex];
  let isKey = false;
  const steps = stepsUpTo(path, argument.node, (child, parent) => step(child, parent, () => (isKey = true)));
  if (!steps) return undefined;
  const text = string.text.slice(content.start - string.startIndex, content.end - string.startIndex);
  return { call, argumentIndex, keyword: argument.keyword?.name, steps, isKey, content: text, contentSpan: content };
}

/** Pieces shared by the Python and Lua adapters. */
export function segmentOf(node: Node) {
  return { name: node.text, span: spanOf(node) };
}

/**
 * The innermost call, of those given outermost first, whose argument list holds the offset: between
 * its brackets, or at its end while its `)` is missing (`if f(x|:` parses with an empty `)` there).
 * After a closed list, `f(x)|` or Lua's `f{x}|`, the call is over.
 */
function innermostCall(calls: CallSite[], offset: number): CallSite | undefined {
  for (let i = calls.length - 1; i >= 0; i--) {
    const list = calls[i].argumentList;
    if (offset <= list.startIndex) continue;
    const last = list.lastChild;
    if (offset < list.endIndex || (last?.type === ')' && last.isMissing)) return calls[i];
  }
  return undefined;
}

/** Climbs a path from its last node up to an argument of a call, recording the steps (list elements, dictionary fields) on the way down. */
function stepsUpTo(
  path: Node[],
  argument: Node,
  step: (child: Node, parent: Node) => ValueStep | null | undefined,
): ValueStep[] | undefined {
  const steps: ValueStep[] = [];
  for (let at = path.length - 1; !path[at].equals(argument); at--) {
    if (at === 0) return undefined;
    const s = step(path[at], path[at - 1]);
    if (s === undefined) return undefined; // not a literal structure: no completion
    if (s) steps.unshift(s);
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
    if (found < 0 || node.endIndex > regions[found][1]) return false;
    // A node of no width at an error's edge (a Lua comment's empty content before the error) may
    // lie beside it, not in it: ranges cannot tell, its parents can. Such nodes are rare, so the climb is cheap.
    return node.startIndex === node.endIndex ? insideError(node) : true;
  };
}

function insideError(node: Node): boolean {
  for (let n = node.parent; n; n = n.parent) if (n.type === 'ERROR') return true;
  return false;
}
