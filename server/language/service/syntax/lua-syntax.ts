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
  errorRecoveryTest,
  inCommentOrString,
  outermostMembers,
  segmentOf,
  stringAround,
  stringSite,
  type MemberAccess,
} from './tree-queries';
import { luaNumberValue, luaStringValue } from './lua-strings';

/** Lua through tree-sitter-lua. `motion` is a global table; `local sk = motion.settings.processing.skeleton` makes an alias. */
export function luaSyntax(language: Language): ScriptSyntax {
  const assignmentQuery = new Query(language, '(assignment_statement) @assignment');
  const indexQuery = new Query(language, '(dot_index_expression) @index');
  const callQuery = new Query(language, '(function_call) @call');

  const access: MemberAccess = { type: 'dot_index_expression', object: 'table', member: 'field' };
  const chainOf = (node: Node) => chainOfMember(node, access);

  const quoted = (node: Node): Span => {
    // A string's last child is its closing quote, and a block comment's its `]]`, unless not closed
    // yet; a line comment goes on to its line's end.
    const close = node.children[node.children.length - 1];
    const closed = close && node.children.length > 1 && (node.type !== 'comment' || close.type === ']]');
    return { start: node.startIndex, end: closed ? close.startIndex : node.endIndex };
  };

  /**
   * A table field's key as text: `name = …` and `["name"] = …`. Undefined for a key known only when
   * the script runs (`[name] = …` is the value of the variable `name`) or that is not text (`[1] = …`).
   */
  const fieldKey = (field: Node, key: Node): string | undefined => {
    if (field.children[0]?.type !== '[') return key.text;
    return key.type === 'string' ? luaStringValue(key) : undefined;
  };

  const callOf = (call: Node): CallSite | undefined => {
    const name = call.childForFieldName('name');
    const list = call.childForFieldName('arguments');
    if (!name || !list) return undefined;
    const chain =
      name.type === 'dot_index_expression'
        ? chainOf(name)
        : name.type === 'identifier'
          ? { segments: [segmentOf(name)], absolute: false }
          : undefined;
    if (!chain) return undefined;
    // `f"text"` and `f{...}` pass their one argument without parentheses: the grammar still wraps it
    // in an `arguments` node, as one child.
    const args: ArgumentSite[] = list.namedChildren
      .filter((c): c is Node => !!c && c.type !== 'comment')
      .map((node) => ({ node }));
    return { chain, node: call, argumentList: list, arguments: args };
  };

  return {
    languageId: 'lua',

    defaultAliases: (packageName) => [[packageName, packageName]],

    aliases(statement) {
      const bindings: AliasBinding[] = [];
      for (const { node } of assignmentQuery.captures(statement)) {
        const names = node.namedChildren.find((c) => c?.type === 'variable_list')?.namedChildren ?? [];
        const values = node.namedChildren.find((c) => c?.type === 'expression_list')?.namedChildren ?? [];
        names.forEach((name, i) => {
          const value = values[i];
          if (name?.type !== 'identifier') return;
          const chain =
            value?.type === 'dot_index_expression'
              ? chainOf(value)
              : value?.type === 'identifier'
                ? { segments: [segmentOf(value)] }
                : undefined;
          bindings.push({ name: name.text, target: chain ? chain.segments.map((s) => s.name) : null, absolute: false });
        });
      }
      return bindings;
    },

    chains(root) {
      const chains: Chain[] = [];
      const inErrorRecovery = errorRecoveryTest(root);
      for (const node of outermostMembers(
        indexQuery.captures(root).map((c) => c.node),
        access,
      )) {
        if (inErrorRecovery(node)) continue;
        const chain = chainOf(node);
        if (chain) chains.push(chain);
      }
      return chains;
    },

    callOf: (node) => (node.type === 'function_call' ? callOf(node) : undefined),

    assignments(root) {
      const inErrorRecovery = errorRecoveryTest(root);
      const found: ReturnType<ScriptSyntax['assignments']> = [];
      for (const { node } of assignmentQuery.captures(root)) {
        if (inErrorRecovery(node)) continue;
        const names = node.namedChildren.find((c) => c?.type === 'variable_list')?.namedChildren ?? [];
        const values = node.namedChildren.find((c) => c?.type === 'expression_list')?.namedChildren ?? [];
        names.forEach((name, i) => {
          if (name?.type === 'identifier')
            found.push({ name: name.text, start: node.startIndex, nameEnd: name.endIndex, value: values[i] ?? null });
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
      return path && chainThrough(path, access);
    },

    callAt: (root, offset) => callAround(root, offset, 'function_call', callOf),

    stringAt(root, offset) {
      const found = stringAround(root, offset, (string) => {
        const [open, close] = [string.children[0], string.children[string.children.length - 1]];
        return {
          start: open?.endIndex ?? string.startIndex,
          end: close && close !== open ? close.startIndex : string.endIndex,
        };
      });
      const call = found && this.callAt(root, offset);
      return (
        call &&
        stringSite(call, found, (child, parent, key) => {
          if (parent.type === 'table_constructor' || parent.type === 'parenthesized_expression') return null;
          if (parent.type !== 'field') return undefined;
          const name = parent.childForFieldName('name');
          if (name?.equals(child)) {
            key();
            return null;
          }
          if (!name) return { kind: 'element' };
          const field = fieldKey(parent, name);
          return field === undefined ? undefined : { kind: 'field', name: field };
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
        case 'number':
          return luaNumberValue(node.text) ?? UNKNOWN;
        case 'true':
          return true;
        case 'false':
          return false;
        case 'nil':
          return null;
        case 'string':
          return luaStringValue(node) ?? UNKNOWN;
        case 'unary_expression': {
          const operand = node.childForFieldName('operand');
          if (!operand || !node.text.startsWith('-')) return UNKNOWN; // not `not`, `#` or `~`
          const value = this.literal(operand, path, spans, depth + 1);
          spans.set(path, spanOf(node));
          if (typeof value !== 'number') return UNKNOWN;
          // Lua's integers have no negative zero: `-0` is 0, and only a float (`-0.0`) is -0.
          return value === 0 && isLuaInteger(operand) ? 0 : -value;
        }
        case 'parenthesized_expression': {
          const inner = node.namedChildren.find((c) => c?.type !== 'comment');
          return inner ? this.literal(inner, path, spans, depth + 1) : UNKNOWN;
        }
        case 'table_constructor': {
          const fields = node.namedChildren.filter((c): c is Node => c?.type === 'field');
          if (fields.length === 0) return UNKNOWN; // {} is an empty list and an empty record alike
          const positional = fields.every((f) => !f.childForFieldName('name'));
          if (positional) {
            const values = fields.map((f) => f.childForFieldName('value')!);
            // A nil leaves a hole (Lua's length is then any border); a call or `...` last gives all its results.
            const last = values[values.length - 1].type;
            if (values.some((v) => v.type === 'nil') || last === 'function_call' || last === 'vararg_expression')
              return UNKNOWN;
            return values.map((v, i) => this.literal(v, `${path}[${i}]`, spans, depth + 1));
          }
          const object: Record<string, unknown> = {};
          for (const field of fields) {
            const key = field.childForFieldName('name');
            const value = field.childForFieldName('value');
            if (!key || !value) return UNKNOWN;
            const name = fieldKey(field, key);
            // A table holds no nil: the field is not there (a key that is not text is no field's either).
            if (value.type === 'nil') {
              if (name !== undefined) delete object[name];
              continue;
            }
            if (name === undefined) return UNKNOWN;
            object[name] = this.literal(value, `${path}.${name}`, spans, depth + 1);
          }
          return Object.keys(object).length > 0 ? object : UNKNOWN;
        }
        default:
          return UNKNOWN;
      }
    },
  };
}

/** Whether an expression Lua reads as a number is an integer: an integer numeral, in parentheses or negated. */
function isLuaInteger(node: Node): boolean {
  if (node.type === 'number') return /^(0[xX][0-9a-fA-F]+|\d+)$/.test(node.text);
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c?.type !== 'comment');
    return !!inner && isLuaInteger(inner);
  }
  const operand = node.type === 'unary_expression' ? node.childForFieldName('operand') : null;
  return !!operand && node.text.startsWith('-') && isLuaInteger(operand);
}
