import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { WHOLE_INTERFACE } from '../catalogue';
import { parseTypeCached } from '../types/parse-type';
import { scanLine } from './scan-line';

/**
 * The operations that take a function (a command's execute or update function, a draw
 * function): they work only for a script running inside the application. Read from the interface.
 */
export const FUNCTION_OPERATIONS: ReadonlySet<string> = new Set(
  WHOLE_INTERFACE.flatMap((module) =>
    module.operations
      .filter((op) =>
        op.parameters.some((p) => {
          const type = parseTypeCached(p.type);
          const inner = type.kind === 'nullable' ? type.inner : type;
          return inner.kind === 'primitive' && inner.name === 'function';
        }),
      )
      .map((op) => op.name),
  ),
);

/** Where a script (or a module of it) gives the application a function. */
interface FunctionGiven {
  /** The file, as given for the script, beside it for a module it imports. */
  file: string;
  line: number;
  operation: string;
}

const CALL = new RegExp(`\\b(${[...FUNCTION_OPERATIONS].join('|')})\\s*\\(`);
const PYTHON_IMPORT = /^\s*(?:from\s+([\w.]+)\s+import\s+\(?([\w\s,]+)|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))/;
const LUA_REQUIRE = /\brequire\s*\(?\s*["']([\w.]+)["']/g;
/** Loading a module whose name is computed: the vendor's start-up script imports every file of its tools folder so. */
const DYNAMIC_LOAD = {
  python: /\b(?:importlib\.import_module|__import__|spec_from_file_location|run_path)\s*\(/,
  lua: /\b(?:require\s*\(\s*[^"'\s)]|dofile\s*\(|loadfile\s*\()/,
};
const STRING_LITERAL = /["']([\w.-]+)["']/g;

/** The lines of `code` that call an operation taking a function, outside comments. */
export function functionCalls(code: string, language: 'python' | 'lua'): { line: number; operation: string }[] {
  const found: { line: number; operation: string }[] = [];
  code.split(/\r?\n/).forEach((text, i) => {
    let codePart = '';
    scanLine(text, language, (c) => (codePart += c));
    const match = CALL.exec(codePart);
    if (match) found.push({ line: i + 1, operation: match[1] });
  });
  return found;
}

/** The modules `code` imports by name (Python `import a.b`, `from a import b`; Lua `require "a.b"`). */
function importedModules(code: string, language: 'python' | 'lua'): string[] {
  if (language === 'lua') return [...code.matchAll(LUA_REQUIRE)].map((m) => m[1]);
  return code.split(/\r?\n/).flatMap((line) => {
    const match = PYTHON_IMPORT.exec(line);
    if (!match) return [];
    // `from helpers import menu`: helpers, and helpers.menu where that is a module.
    if (match[1]) return [match[1], ...match[2].split(',').map((name) => `${match[1]}.${name.trim().split(/\s+/)[0]}`)];
    return match[3].split(',').map((name) => name.trim());
  });
}

/**
 * The modules a file may load by a computed name (importlib, `__import__`, Lua's `require` of a
 * variable, `dofile`): every script in its own folder and in the folders beside it that it names
 * ("tools"), as the vendor's start-up script loads each file of its tools folder.
 */
async function computedImports(file: string, text: string, language: 'python' | 'lua'): Promise<string[]> {
  if (!DYNAMIC_LOAD[language].test(text)) return [];
  const here = dirname(file);
  const named = [...text.matchAll(STRING_LITERAL)].map((m) => m[1]).filter((name) => !name.includes('.'));
  const found: string[] = [];
  for (const folder of [here, ...new Set(named.map((name) => join(here, name)))]) {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries)
      if (
        entry.isFile() &&
        entry.name.endsWith(`.${language === 'lua' ? 'lua' : 'py'}`) &&
        !entry.name.startsWith('__')
      )
        found.push(join(folder, entry.name));
  }
  return found.sort();
}

/**
 * Whether a script is a tool that lives inside the application: where it, or a module beside it
 * that it imports (to any depth, within its folder), gives the application a function. Such a
 * script cannot run over HTTP: it is loaded at the application's start. A module loaded by a
 * computed name is looked for among the scripts of its folder and of the folders it names.
 */
export async function functionsGiven(script: string, code: string): Promise<FunctionGiven[]> {
  const language = script.endsWith('.lua') ? 'lua' : 'python';
  const root = dirname(script);
  const seen = new Set<string>([script]);
  const found: FunctionGiven[] = [];
  const visit = async (file: string, text: string) => {
    for (const call of functionCalls(text, language))
      found.push({ file: file === script ? script : relative(root, file) || file, ...call });
    for (const name of importedModules(text, language)) {
      // Beside the script, or beside its folder (a tool in tools/ with helpers/ next to it).
      const bases = [root, dirname(root)].map((folder) => join(folder, ...name.split('.')));
      const candidates = bases.flatMap((base) =>
        language === 'lua' ? [`${base}.lua`] : [`${base}.py`, join(base, '__init__.py')],
      );
      await visitAll(candidates);
    }
    await visitAll(await computedImports(file, text, language));
  };
  const visitAll = async (candidates: string[]) => {
    for (const candidate of candidates) {
      if (seen.has(candidate) || seen.size > 200) continue;
      seen.add(candidate);
      const module = await readFile(candidate, 'utf8').catch(() => undefined);
      if (module !== undefined) await visit(candidate, module);
    }
  };
  await visit(script, code);
  return found;
}

/** What Run File says of a tool instead of running it: what it gives, and how to load it in the application. */
export function toolAdvice(script: string, given: readonly FunctionGiven[]): string {
  const first = given[0];
  const where = first.file === script ? `line ${first.line}` : `line ${first.line} of ${first.file}`;
  return (
    `${script} is a tool that lives inside the application: it gives motion.gui a function ` +
    `(${first.operation}, ${where}), and a function cannot travel over HTTP, so nothing was sent. ` +
    `Add ${script} to the application's start-up scripts (or, with the reference server, Motion: Load into Application; ` +
    `motion-server --script ${script}), then press F5 there (Reload Scripts) and run its command from the menu.`
  );
}
