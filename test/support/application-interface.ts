import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentationIndex, type IndexedMethod } from '../../src/api/docs/documentation-index';
import type { PackageDocumentation } from '../../src/api/docs/documentation-shapes';
import { matrixShape, type TypeNode } from '../../src/api/types/type-tree';

/**
 * The application's whole public interface as facts (42 modules, 677 operations of its latest
 * published version: module paths, operation names, parameter names and types, return types, our
 * package name where it writes its own), with descriptions generated: what the checks, completion
 * and stubs are held to, beside our own smaller catalogue. test/fixtures/application-interface/README.md
 * says how it was made.
 */
export function applicationInterface(): PackageDocumentation {
  // From test/support, or from the bundled real-VS-Code suite (.vscode-test/suite).
  const file = ['../fixtures', '../../test/fixtures']
    .map((folder) => join(__dirname, folder, 'application-interface/interface.json'))
    .find((candidate) => existsSync(candidate))!;
  return JSON.parse(readFileSync(file, 'utf8')) as PackageDocumentation;
}

export const APPLICATION_VERSION = '2026.3';

export function applicationIndex(): DocumentationIndex {
  return DocumentationIndex.fromPackage(applicationInterface(), {
    kind: 'live',
    url: 'http://capture-pc:7979',
    version: APPLICATION_VERSION,
  });
}

type Language = 'python' | 'lua';

const LUA_KEYWORDS = new Set(
  'and break do else elseif end false for function goto if in local nil not or repeat return then true until while'.split(
    ' ',
  ),
);
/** A key a Lua table constructor may write bare (`start = 0`); others are bracketed (`["end"] = 9`). */
const luaName = (key: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && !LUA_KEYWORDS.has(key);

/**
 * How a script writes its values: every number a literal, every number a variable (`x`, `n`: a
 * vector computed from variables), or optional parameters left out (trailing) or given as None/nil.
 */
export type CallStyle = 'literals' | 'names' | 'optional-left-out';

/** A valid value of a type, written as the language writes it (a callback is the script's `callback`). */
export function valueOf(type: TypeNode, language: Language, style: CallStyle = 'literals'): string {
  const py = language === 'python';
  const names = style === 'names';
  const list = (items: string[]) => (py ? `[${items.join(', ')}]` : `{${items.join(', ')}}`);
  const record = (entries: [string, string][]) =>
    py
      ? `{${entries.map(([k, v]) => `${k}: ${v}`).join(', ')}}`
      : `{${entries.map(([k, v]) => (luaName(JSON.parse(k) as string) ? `${JSON.parse(k) as string} = ${v}` : `[${k}] = ${v}`)).join(', ')}}`;
  switch (type.kind) {
    case 'nullable':
      return style === 'optional-left-out' ? (py ? 'None' : 'nil') : valueOf(type.inner, language, style);
    case 'enum':
      return JSON.stringify(type.values[0]);
    case 'array':
      return list([valueOf(type.element, language, style)]);
    case 'struct':
      return record(type.fields.map((f) => [JSON.stringify(f.name), valueOf(f.type, language, style)]));
    case 'map': {
      const value = valueOf(type.value, language, style);
      if (type.key.kind === 'enum') return record([[JSON.stringify(type.key.values[0]), value]]);
      if (type.key.kind === 'primitive' && type.key.name === 'integer')
        return py ? `{1: ${value}}` : `{[1] = ${value}}`;
      return record([['"key"', value]]);
    }
    case 'tuple':
    case 'any':
      return '1';
    case 'primitive': {
      const shape = matrixShape(type.name);
      if (shape) {
        const element = shape.element === 'integer' ? (names ? 'n' : '2') : names ? 'x' : '2.5';
        const row = list(Array.from({ length: shape.columns }, () => element));
        return shape.rows === undefined ? row : list(Array.from({ length: shape.rows }, () => row));
      }
      return {
        integer: names ? 'n' : '1',
        float: names ? 'x' : '1.5',
        string: '"text"',
        bool: py ? 'True' : 'true',
        function: 'callback',
      }[type.name as 'integer'];
    }
  }
}

/** A call of an operation with a valid value for every parameter, as a script writes it. */
export function validCall(method: IndexedMethod, language: Language, style: CallStyle = 'literals'): string {
  const given = style === 'optional-left-out' ? method.requiredCount : method.parameters.length;
  const args = method.parameters.slice(0, given).map((p) => (p.type ? valueOf(p.type, language, style) : '1'));
  return `${method.path}(${args.join(', ')})`;
}

/** A script that calls every operation of `index` once, validly: its line of each operation. */
export function scriptOfEveryCall(
  index: DocumentationIndex,
  language: Language,
  style: CallStyle = 'literals',
  /** Each call made so that a refusal (an identifier the state does not have) lets the script go on. */
  guarded = false,
): { text: string; lines: Map<number, IndexedMethod> } {
  const head =
    language === 'python'
      ? ['import motion', '', 'x = 2.5', 'n = 2', '', '', 'def callback(*args):', '    pass', '', '']
      : ['local x, n = 2.5, 2', 'local function callback(...) end', ''];
  const lines = new Map<number, IndexedMethod>();
  const body: string[] = [];
  for (const module of index.modules())
    for (const method of index.methodsOf(module.path)) {
      lines.set(head.length + body.length, method);
      const call = validCall(method, language, style);
      if (!guarded) body.push(call);
      else if (language === 'python') body.push(`try: ${call}`, 'except RuntimeError: pass');
      else body.push(`pcall(function() return ${call} end)`);
    }
  return { text: [...head, ...body, ''].join('\n'), lines };
}
