import { Query, type Language, type Node } from 'web-tree-sitter';
import { UNKNOWN, spanOf, type AliasBinding, type ArgumentSite, type CallSite, type Chain, type ScriptSyntax, type Span, type StringSite, type ValueStep } from '../script-model';
import { inErrorRecovery, innermostCall, segmentOf, stepsUpTo } from './syntax-helpers';

/** Python through tree-sitter-python. */
export function pythonSyntax(language: Language): ScriptSyntax {
  const importQuery = new Query(language, '(import_statement) @import (import_from_statement) @from');
  const attributeQuery = new Query(language, '(attribute) @attribute');
  const callQuery = new Query(language, '(call function: (_) @function arguments: (argument_list) @arguments) @call');

  /** `a.b.c` from the topmost attribute node, when it starts at a plain name. */
  const chainOf = (attribute: Node): Chain | undefined => {
    const segments = [];
    let node: Node | null = attribute;
    while (node?.type === 'attribute') {
      const name = node.childForFieldName('attribute');
      if (!name) return undefined;
      segments.unshift(segmentOf(name));
      node = node.childForFieldName('object');
    }
    if (node?.type !== 'identifier') return undefined;
    segments.unshift(segmentOf(node));
    return { segments, absolute: false };
  };

  const dotted = (node: Node): Chain => ({ segments: node.namedChildren.filter((n): n is Node => n?.type === 'identifier').map(segmentOf), absolute: true });

  const isTopmost = (attribute: Node) => {
    const parent = attribute.parent;
    return !(parent?.type === 'attribute' && parent.childForFieldName('object')?.equals(attribute));
  };

  const callOf = (call: Node): CallSite | undefined => {
    const fn = call.childForFieldName('function');
    const list = call.childForFieldName('arguments');
    if (!fn || !list || list.type !== 'argument_list') return undefined;
    const chain = fn.type === 'attribute' ? chainOf(fn) : fn.type === 'identifier' ? { segments: [segmentOf(fn)], absolute: false } : undefined;
    if (!chain) return undefined;
    const args: ArgumentSite[] = [];
    for (const child of list.namedChildren) {
      if (!child || child.type === 'comment') continue;
      if (child.type === 'keyword_argument') {
        const name = child.childForFieldName('name');
        const value = child.childForFieldName('value');
        if (name && value) args.push({ node: value, keyword: segmentOf(name) });
      } else args.push({ node: child });
    }
    return { chain, node: call, argumentList: list, arguments: args };
  };

  const importChains = (root: Node): Chain[] => {
    const chains: Chain[] = [];
    for (const { node } of importQuery.captures(root)) {
      if (node.type === 'import_statement') {
        for (const name of node.childrenForFieldName('name')) {
          const path = name?.type === 'aliased_import' ? name.childForFieldName('name') : name;
          if (path?.type === 'dotted_name') chains.push(dotted(path));
        }
      } else {
        const module = node.childForFieldName('module_name');
        if (module?.type !== 'dotted_name') continue;
        const base = dotted(module);
        for (const name of node.childrenForFieldName('name')) {
          const imported = name?.type === 'aliased_import' ? name.childForFieldName('name') : name;
          if (imported?.type === 'dotted_name') chains.push({ segments: [...base.segments, ...dotted(imported).segments], absolute: true });
        }
        if (node.childrenForFieldName('name').length === 0) chains.push(base);
      }
    }
    return chains;
  };

  return {
    languageId: 'python',

    defaultAliases: () => [],

    aliases(statement, packageName) {
      const bindings: AliasBinding[] = [];
      const bind = (name: string, path: string) => {
        const target = path.replace(/\s+/g, '').split('.');
        if (target[0] === packageName) bindings.push({ name, target, absolute: true });
      };
      for (const { node } of importQuery.captures(statement)) {
        if (node.type === 'import_statement') {
          for (const name of node.childrenForFieldName('name')) {
            if (name?.type === 'aliased_import') {
              const path = name.childForFieldName('name')?.text;
              const alias = name.childForFieldName('alias')?.text;
              if (path && alias) bind(alias, path);
            } else if (name?.type === 'dotted_name' && name.text.split('.')[0].trim() === packageName) {
              bind(packageName, packageName); // `import motion.gui` binds `motion`
            }
          }
        } else {
          const module = node.childForFieldName('module_name')?.text;
          if (!module) continue;
          for (const name of node.childrenForFieldName('name')) {
            if (name?.type === 'aliased_import') {
              const alias = name.childForFieldName('alias')?.text;
              const path = name.childForFieldName('name')?.text;
              if (alias && path) bind(alias, `${module}.${path}`);
            } else if (name?.type === 'dotted_name') bind(name.text, `${module}.${name.text}`);
          }
        }
      }
      return bindings;
    },

    chains(root) {
      const chains = importChains(root);
      for (const { node } of attributeQuery.captures(root)) {
        if (!isTopmost(node) || inErrorRecovery(node)) continue;
        const chain = chainOf(node);
        if (chain) chains.push(chain);
      }
      return chains;
    },

    calls(root) {
      const calls: CallSite[] = [];
      for (const { name, node } of callQuery.captures(root)) {
        if (name !== 'call' || inErrorRecovery(node)) continue;
        const call = callOf(node);
        if (call) calls.push(call);
      }
      return calls;
    },

    chainAt(root, offset) {
      const leaf = root.descendantForIndex(Math.max(0, offset - 1), offset);
      const name = leaf?.type === 'identifier' ? leaf : root.descendantForIndex(offset, offset);
      if (name?.type !== 'identifier') return undefined;
      let top: Node = name;
      const parent = name.parent;
      if (parent?.type === 'dotted_name') {
        const statement = parent.parent?.type === 'aliased_import' ? parent.parent.parent : parent.parent;
        let chain = dotted(parent);
        if (statement?.type === 'import_from_statement' && !statement.childForFieldName('module_name')?.equals(parent)) {
          const module = statement.childForFieldName('module_name');
          if (module?.type === 'dotted_name') chain = { segments: [...dotted(module).segments, ...chain.segments], absolute: true };
        }
        const index = chain.segments.findIndex((s) => s.span.start === name.startIndex);
        return index >= 0 ? { chain, index } : undefined;
      }
      while (top.parent?.type === 'attribute') top = top.parent;
      const chain = top.type === 'attribute' ? chainOf(top) : { segments: [segmentOf(name)], absolute: false };
      if (!chain) return undefined;
      const index = chain.segments.findIndex((s) => s.span.start === name.startIndex);
      return index >= 0 ? { chain, index } : undefined;
    },

    callAt(root, offset) {
      const around = root.descendantForIndex(Math.max(0, offset - 1), offset);
      const calls: CallSite[] = [];
      for (let node: Node | null = around; node; node = node.parent) {
        if (node.type === 'call') {
          const call = callOf(node);
          if (call) calls.push(call);
        }
      }
      return innermostCall(calls, offset);
    },

    stringAt(root, offset) {
      const leaf = root.descendantForIndex(Math.max(0, offset - 1), offset);
      let string: Node | null = leaf;
      while (string && string.type !== 'string') string = string.parent;
      if (!string) return undefined;
      const start = string.children.find((c) => c?.type === 'string_start');
      const end = string.children.find((c) => c?.type === 'string_end');
      if (!start || offset < start.endIndex || (end && offset > end.startIndex)) return undefined;
      if (/[fFbB]/.test(start.text)) return undefined;
      const contentSpan: Span = { start: start.endIndex, end: end ? end.startIndex : string.endIndex };
      const call = this.callAt(root, offset);
      if (!call) return undefined;
      const argumentIndex = call.arguments.findIndex((a) => a.node.startIndex <= string!.startIndex && string!.endIndex <= a.node.endIndex);
      if (argumentIndex < 0) return undefined;
      const argument = call.arguments[argumentIndex];
      let isKey = false;
      const steps = stepsUpTo(string, argument.node, (child, parent): ValueStep | null | undefined => {
        if (parent.type === 'list' || parent.type === 'tuple') return { kind: 'element' };
        if (parent.type === 'parenthesized_expression') return null;
        if (parent.type === 'pair') {
          if (parent.childForFieldName('key')?.equals(child)) {
            isKey = true;
            return null;
          }
          const key = parent.childForFieldName('key');
          return key?.type === 'string' ? { kind: 'field', name: stringValue(key) } : undefined;
        }
        if (parent.type === 'dictionary') return null;
        return undefined;
      });
      if (!steps) return undefined;
      const content = string.text.slice(contentSpan.start - string.startIndex, contentSpan.end - string.startIndex);
      return { call, argumentIndex, keyword: argument.keyword?.name, steps, isKey, content, contentSpan };
    },

    inCommentOrString(root, offset) {
      const node = root.descendantForIndex(Math.max(0, offset - 1), offset);
      for (let n: Node | null = node; n; n = n.parent) {
        if (n.type === 'comment') return offset > n.startIndex;
        if (n.type === 'string') {
          const end = n.children.find((c) => c?.type === 'string_end');
          return offset > n.startIndex && (!end || offset <= end.startIndex);
        }
      }
      return false;
    },

    literal(node, path, spans) {
      spans.set(path, spanOf(node));
      switch (node.type) {
        case 'integer': {
          const value = Number(node.text.replace(/_/g, ''));
          return Number.isSafeInteger(value) ? value : UNKNOWN;
        }
        case 'float':
          return Number(node.text.replace(/_/g, ''));
        case 'true':
          return true;
        case 'false':
          return false;
        case 'none':
          return null;
        case 'string': {
          const start = node.children.find((c) => c?.type === 'string_start')?.text ?? '';
          if (/[fFbB]/.test(start) || node.children.some((c) => c?.type === 'interpolation')) return UNKNOWN;
          return stringValue(node);
        }
        case 'unary_operator': {
          const operand = node.childForFieldName('argument');
          const op = node.childForFieldName('operator')?.text;
          if (!operand || (op !== '-' && op !== '+')) return UNKNOWN;
          const value = this.literal(operand, path, spans);
          spans.set(path, spanOf(node));
          return typeof value === 'number' ? (op === '-' ? -value : value) : UNKNOWN;
        }
        case 'parenthesized_expression': {
          const inner = node.namedChildren.find((c) => c?.type !== 'comment');
          return inner ? this.literal(inner, path, spans) : UNKNOWN;
        }
        case 'list':
        case 'tuple': {
          const items = node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
          if (items.some((c) => c.type === 'list_splat' || c.type === 'list_comprehension')) return UNKNOWN;
          return items.map((item, i) => this.literal(item, `${path}[${i}]`, spans));
        }
        case 'dictionary': {
          const object: Record<string, unknown> = {};
          for (const child of node.namedChildren) {
            if (!child || child.type === 'comment') continue;
            if (child.type !== 'pair') return UNKNOWN;
            const key = child.childForFieldName('key');
            const value = child.childForFieldName('value');
            if (key?.type !== 'string' || !value) return UNKNOWN;
            const name = stringValue(key);
            spans.set(`${path}.${name}`, spanOf(key));
            object[name] = this.literal(value, `${path}.${name}`, spans);
          }
          return object;
        }
        default:
          return UNKNOWN;
      }
    },
  };
}

/** The value of a plain string literal, escapes resolved. */
function stringValue(node: Node): string {
  const content = node.children.filter((c) => c?.type === 'string_content' || c?.type === 'escape_sequence').map((c) => c!.text).join('');
  const quote = node.children.find((c) => c?.type === 'string_start')?.text ?? '"';
  return /[rR]/.test(quote) ? content : unescape(content);
}

export function unescape(text: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v' };
  return text.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/gs, (_m, e: string) =>
    e.length > 1 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (simple[e] ?? e),
  );
}
