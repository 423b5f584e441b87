import type { Node } from 'web-tree-sitter';
import type { CallSite, Chain, ValueStep } from '../script-model';
import { spanOf } from '../script-model';

/** Pieces shared by the Python and Lua adapters. */
export function segmentOf(node: Node) {
  return { name: node.text, span: spanOf(node) };
}

/** The innermost call, of those given, whose argument list strictly contains the offset. */
export function innermostCall(calls: CallSite[], offset: number): CallSite | undefined {
  let best: CallSite | undefined;
  for (const call of calls) {
    const list = call.argumentList;
    if (offset > list.startIndex && (offset < list.endIndex || (offset === list.endIndex && !list.text.endsWith(')')))) {
      if (!best || list.startIndex >= best.argumentList.startIndex) best = call;
    }
  }
  return best;
}

/** Walks from a node up to an argument of a call, recording the steps (list elements, dictionary fields) on the way down. */
export function stepsUpTo(node: Node, argument: Node, step: (child: Node, parent: Node) => ValueStep | null | undefined): ValueStep[] | undefined {
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

export function isChainRoot(chain: Chain): boolean {
  return chain.segments.length > 0;
}

/**
 * Code the parser only recovered from a syntax error (`sel.` dangling while typing joins the next
 * line): not for diagnostics to judge.
 */
export function inErrorRecovery(node: Node): boolean {
  if (node.hasError) return true;
  for (let n = node.parent; n; n = n.parent) if (n.type === 'ERROR') return true;
  return false;
}
