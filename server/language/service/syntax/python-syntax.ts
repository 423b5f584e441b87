import { Query, type Language, type Node } from 'web-tree-sitter';
import {
  MAX_LITERAL_DEPTH,
  TOO_DEEP,
  UNKNOWN,
  spanOf,
  type AliasBinding,
  type ArgumentSite,
  type CallSite,
  type Chain,
  type ScriptSyntax,
  type Span,
} from '../script-model';
import {
  callAround,
  chainOfMember,
  chainThrough,
  identifierAt,
  indexed,
  errorRecoveryTest,
  inCommentOrString,
  outermostMembers,
  segmentOf,
  stringAround,
  stringSite,
  type MemberAccess,
} from './tree-queries';
import { pythonStringValue } from './python-strings';

/** Python through tree-sitter-python. */
export function pythonSyntax(language: Language): ScriptSyntax {
  const importQuery = new Query(language, '(import_statement) @import (import_from_statement) @from');
  const attributeQuery = new Query(language, '(attribute) @attribute');
  const callQuery = new Query(language, '(call) @call');
  // A loop binds its variable as an assignment does, to something not known before the script runs.
  const assignmentQuery = new Query(
    language,
    '(assignment) @assignment (augmented_assignment) @augmented (for_statement) @loop',
  );

  const access: MemberAccess = { type: 'attribute', object: 'object', member: 'attribute' };
  // `motion.gui.` with a line end after it is a statement Python refuses, not `motion.gui.print` when
  // `print(1)` follows on the next line: tree-sitter reads it as one, so it is left out as an error is.
  const chainOf = (node: Node) => (splitOverLines(node) ? undefined : chainOfMember(node, access));

  /** The names an unpacking target binds (`a, [b, *c] = …`): not those in `x.y` or `x[i]`. */
  const unpackedNames = (target: Node | null): string[] =>
    target && (target.type === 'pattern_list' || target.type.endsWith('_pattern'))
      ? target
          .descendantsOfType('identifier')
          .flatMap((n) => (n && n.parent?.type !== 'attribute' && n.parent?.type !== 'subscript' ? [n.text] : []))
      : [];

  /** What an assignment (captured as `name`) binds its left side to. */
  const assignedValue = (name: string, node: Node): Node | null => {
    // `a = b = 2` binds both to 2; `a += 1` and `a: int` alone leave nothing known.
    let value = name === 'assignment' ? node.childForFieldName('right') : null;
    while (value?.type === 'assignment') value = value.childForFieldName('right');
    return value;
  };

  const dotted = (node: Node): Chain => ({
    segments: node.namedChildren.filter((n): n is Node => n?.type === 'identifier').map(segmentOf),
    absolute: true,
  });

  /** A comment's span, or a string's up to its closing quotes (a comment has none). */
  const quoted = (node: Node): Span => {
    const end = node.children.find((c) => c?.type === 'string_end');
    return { start: node.startIndex, end: end ? end.startIndex : node.endIndex };
  };

  const callOf = (call: Node): CallSite | undefined => {
    const fn = call.childForFieldName('function');
    const list = call.childForFieldName('arguments');
    if (!fn || !list) return undefined;
    const chain =
      fn.type === 'attribute'
        ? chainOf(fn)
        : fn.type === 'identifier'
          ? { segments: [segmentOf(fn)], absolute: false }
          : undefined;
    if (!chain) return undefined;
    // `f(x for x in y)`: the generator, parentheses included, is the one argument.
    if (list.type === 'generator_expression')
      return { chain, node: call, argumentList: list, arguments: [{ node: list }] };
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
          if (imported?.type === 'dotted_name')
            chains.push({ segments: [...base.segments, ...dotted(imported).segments], absolute: true });
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
      // An import of anything but the package ends what the name named.
      const bind = (name: string, path: string) => {
        const target = path.replace(/\s+/g, '').split('.');
        bindings.push({ name, target: target[0] === packageName ? target : null, absolute: true });
      };
      for (const { node } of importQuery.captures(statement)) {
        if (node.type === 'import_statement') {
          for (const name of node.childrenForFieldName('name')) {
            if (name?.type === 'aliased_import') {
              const path = name.childForFieldName('name')?.text;
              const alias = name.childForFieldName('alias')?.text;
              if (path && alias) bind(alias, path);
            } else if (name?.type === 'dotted_name') {
              const first = name.text.split('.')[0].trim();
              bind(first, first); // `import motion.gui` binds `motion`
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
      // `sk = motion.data.object.skeleton` names the module too; `sk = 3` (anything but a chain of
      // names), unpacking (`sk, n = …`) and a loop's variable end what `sk` named.
      for (const { name, node } of assignmentQuery.captures(statement)) {
        const left = node.childForFieldName('left');
        if (left?.type !== 'identifier') {
          for (const unpacked of unpackedNames(left)) bindings.push({ name: unpacked, target: null, absolute: false });
          continue;
        }
        const value = assignedValue(name, node);
        const chain =
          value?.type === 'attribute'
            ? chainOf(value)
            : value?.type === 'identifier'
              ? { segments: [segmentOf(value)] }
              : undefined;
        bindings.push({ name: left.text, target: chain ? chain.segments.map((s) => s.name) : null, absolute: false });
      }
      return bindings;
    },

    chains(root) {
      const chains = importChains(root);
      const inErrorRecovery = errorRecoveryTest(root);
      for (const node of outermostMembers(
        attributeQuery.captures(root).map((c) => c.node),
        access,
      )) {
        if (inErrorRecovery(node)) continue;
        const chain = chainOf(node);
        if (chain) chains.push(chain);
      }
      return chains;
    },

    callOf: (node) => (node.type === 'call' ? callOf(node) : undefined),

    assignments(root) {
      const inErrorRecovery = errorRecoveryTest(root);
      const found: ReturnType<ScriptSyntax['assignments']> = [];
      // Captures come in the order of the text.
      for (const { name, node } of assignmentQuery.captures(root)) {
        const left = node.childForFieldName('left');
        if (left?.type !== 'identifier' || inErrorRecovery(node)) continue;
        found.push({
          name: left.text,
          start: node.startIndex,
          nameEnd: left.endIndex,
          value: assignedValue(name, node),
        });
      }
      return found;
    },

    calls(root) {
      const calls: CallSite[] = [];
      const inErrorRecovery = errorRecoveryTest(root);
      for (const { node } of callQuery.captures(root)) {
        if (inErrorRecovery(node)) continue;
        const call = callOf(node);
        if (call) calls.push(call);
      }
      return calls;
    },

    chainAt(root, offset) {
      const path = identifierAt(root, offset);
      if (!path) return undefined;
      const [name, parent, grandparent] = [path.at(-1)!, path.at(-2), path.at(-3)];
      if (parent?.type !== 'dotted_name') {
        // A member on a line of its own after `motion.gui.`: no part of the path above it.
        if (
          parent?.type === 'attribute' &&
          parent.childForFieldName('attribute')?.equals(name) &&
          splitOverLines(parent)
        )
          return undefined;
        return chainThrough(path, access);
      }
      // A path in an import statement: absolute, and after `from X import` it continues X.
      const statement = grandparent?.type === 'aliased_import' ? path.at(-4) : grandparent;
      const module = statement?.type === 'import_from_statement' ? statement.childForFieldName('module_name') : null;
      const prefix = module?.type === 'dotted_name' && !module.equals(parent) ? dotted(module).segments : [];
      return indexed({ segments: [...prefix, ...dotted(parent).segments], absolute: true }, name);
    },

    callAt: (root, offset) => callAround(root, offset, 'call', callOf),

    stringAt(root, offset) {
      const found = stringAround(root, offset, (string) => {
        const start = string.children.find((c) => c?.type === 'string_start');
        const end = string.children.find((c) => c?.type === 'string_end');
        return { start: start?.endIndex ?? string.startIndex, end: end ? end.startIndex : string.endIndex };
      });
      if (!found || /^[^'"]*[fFbB]/.test(found.string.text)) return undefined; // bytes, f-strings
      const call = callAround(root, offset, 'call', callOf);
      return (
        call &&
        stringSite(call, found, (child, parent, key) => {
          if (parent.type === 'list' || parent.type === 'tuple') return { kind: 'element' };
          if (parent.type === 'parenthesized_expression' || parent.type === 'dictionary') return null;
          // `{"|"}` (the editor closed the quote and brace): a key being typed, though Python reads a set.
          if (parent.type === 'set') {
            key();
            return null;
          }
          if (parent.type !== 'pair') return undefined;
          const keyNode = parent.childForFieldName('key');
          if (keyNode?.equals(child)) {
            key();
            return null;
          }
          const name = keyNode ? pythonStringValue(keyNode) : undefined;
          return name === undefined ? undefined : { kind: 'field', name };
        })
      );
    },

    quoted,

    inCommentOrString: (root, offset) => inCommentOrString(root, offset, quoted),

    literal(node, path, spans, depth = 0) {
      if (depth > MAX_LITERAL_DEPTH) {
        if (!spans.has(TOO_DEEP)) spans.set(TOO_DEEP, spanOf(node));
        return UNKNOWN;
      }
      spans.set(path, spanOf(node));
      switch (node.type) {
        case 'integer': {
          const value = Number(node.text.replace(/_/g, ''));
          return Number.isSafeInteger(value) ? value : UNKNOWN;
        }
        case 'float': {
          const value = Number(node.text.replace(/_/g, '')); // NaN for an imaginary `2.5j`
          return Number.isFinite(value) ? value : UNKNOWN;
        }
        case 'true':
          return true;
        case 'false':
          return false;
        case 'none':
          return null;
        case 'string':
        case 'concatenated_string':
          return pythonStringValue(node) ?? UNKNOWN;
        case 'unary_operator': {
          const operand = node.childForFieldName('argument');
          const op = node.childForFieldName('operator')?.text;
          if (!operand || (op !== '-' && op !== '+')) return UNKNOWN;
          const value = this.literal(operand, path, spans, depth + 1);
          spans.set(path, spanOf(node));
          if (typeof value !== 'number') return UNKNOWN;
          // Python's ints have no negative zero: `-0` is 0, and only a float (`-0.0`) is -0.
          return op === '+' ? value : value === 0 && isPythonInteger(operand) ? 0 : -value;
        }
        case 'parenthesized_expression': {
          const inner = node.namedChildren.find((c) => c?.type !== 'comment');
          return inner ? this.literal(inner, path, spans, depth + 1) : UNKNOWN;
        }
        case 'list':
        case 'tuple': {
          const items = node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
          // `[*a, 1]`: not even the length is known. (Tree-sitter reads `*f(1)` as a call of `*f`, so
          // the text tells. A comprehension is a node of its own, not a list.)
          if (items.some((c) => c.text.startsWith('*'))) return UNKNOWN;
          return items.map((item, i) => this.literal(item, `${path}[${i}]`, spans, depth + 1));
        }
        case 'dictionary': {
          const object: Record<string, unknown> = {};
          for (const child of node.namedChildren) {
            if (!child || child.type === 'comment') continue;
            if (child.type !== 'pair') return UNKNOWN;
            const key = child.childForFieldName('key');
            const value = child.childForFieldName('value');
            if (!key || !value) return UNKNOWN;
            const name = pythonStringValue(key);
            if (name === undefined) return UNKNOWN;
            object[name] = this.literal(value, `${path}.${name}`, spans, depth + 1);
          }
          return object;
        }
        default:
          return UNKNOWN;
      }
    },
  };
}

/**
 * Whether a line end comes between a name and its `.member` in this chain, where Python does not
 * join lines: outside brackets and not after a backslash.
 */
function splitOverLines(node: Node): boolean {
  for (let link: Node | null = node; link?.type === 'attribute'; link = link.childForFieldName('object')) {
    const object = link.childForFieldName('object');
    const member = link.childForFieldName('attribute');
    if (!object || !member) return false; // not in this grammar's trees (a missing name is a zero-width node)
    const between = link.text.slice(object.endIndex - link.startIndex, member.startIndex - link.startIndex);
    if (/(?<!\\\r?)\n/.test(between) && !insideBrackets(link)) return true;
  }
  return false;
}

/** Whether a bracket of an enclosing expression is open before the node, so that lines are joined. */
function insideBrackets(node: Node): boolean {
  // A statement holds no bracket of its own before its block, so the walk may go up to the module.
  for (let outer = node.parent; outer; outer = outer.parent) {
    for (const c of outer.children)
      if ((c?.type === '(' || c?.type === '[' || c?.type === '{') && c.startIndex < node.startIndex) return true;
  }
  return false;
}

/** Whether an expression Python reads as a number is an int: an integer literal, in parentheses or signed. */
function isPythonInteger(node: Node): boolean {
  if (node.type === 'integer') return true;
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c?.type !== 'comment');
    return !!inner && isPythonInteger(inner);
  }
  const operand = node.type === 'unary_operator' ? node.childForFieldName('argument') : null;
  return !!operand && isPythonInteger(operand);
}
