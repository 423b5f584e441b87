import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import type { ScriptSyntax } from './script-model';
import { luaSyntax } from './syntax/lua-syntax';
import { pythonSyntax } from './syntax/python-syntax';

/**
 * Real parsers for the two scripting languages: tree-sitter grammars run as WebAssembly through
 * web-tree-sitter — the same grammars editors use, error-tolerant while the user types, and
 * incremental (an edit re-parses only what changed), with no native build for a VS Code extension.
 */
export type ScriptLanguageId = 'python' | 'lua';

export interface ScriptParsers {
  /** A parser of its own, for a document (whose parses may be halted and resumed); the caller deletes it. */
  createParser(languageId: ScriptLanguageId): Parser;
  syntax(languageId: ScriptLanguageId): ScriptSyntax;
}

const WASM = {
  runtime: { file: 'tree-sitter.wasm', module: 'web-tree-sitter/tree-sitter.wasm' },
  python: { file: 'tree-sitter-python.wasm', module: 'tree-sitter-python/tree-sitter-python.wasm' },
  lua: { file: 'tree-sitter-lua.wasm', module: '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm' },
};

/** Next to the bundle in dist/ (where the build copies them), else in node_modules (tests, tsx). */
function locate(entry: { file: string; module: string }): string {
  const bundled = join(__dirname, entry.file);
  return existsSync(bundled) ? bundled : require.resolve(entry.module);
}

let loading: Promise<{ python: Language; lua: Language }> | undefined;

/** The syntaxes (queries compiled from the grammars, a few milliseconds), built on first use, once per process. */
const syntaxes: Partial<Record<ScriptLanguageId, ScriptSyntax>> = {};

/** The grammars load once per process; the server and the analysis worker each ask once. */
export async function loadScriptParsers(): Promise<ScriptParsers> {
  loading ??= (async () => {
    await Parser.init({ locateFile: () => locate(WASM.runtime) } as unknown as Parameters<typeof Parser.init>[0]);
    const [python, lua] = await Promise.all([Language.load(locate(WASM.python)), Language.load(locate(WASM.lua))]);
    return { python, lua };
  })();
  const languages = await loading;
  return {
    createParser(languageId) {
      const parser = new Parser();
      parser.setLanguage(languages[languageId]);
      return parser;
    },
    syntax: (languageId) =>
      (syntaxes[languageId] ??= languageId === 'python' ? pythonSyntax(languages.python) : luaSyntax(languages.lua)),
  };
}
