import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ScriptTestError } from './script-test';

/** Where each language's tests are: Lua's in `*_spec.lua` (as busted names them), Python's where pytest looks. */
const TEST_FILES = {
  lua: { pattern: /_spec\.lua$/, extension: '.lua' },
  python: { pattern: /^(test_.*|.*_test)\.py$/, extension: '.py' },
};

/** Folders no one's own tests are in: installed packages, caches, version control. */
const NOT_THERE = new Set(['node_modules', '.git', '.venv', 'venv', 'site-packages', '__pycache__', '.pytest_cache']);

/**
 * A language's test files among `paths` (a file named is taken as it is, folders are searched),
 * relative to `cwd` with forward slashes, sorted; no paths: the whole folder. A path that does not
 * exist is named.
 */
export async function findTestFiles(paths: string[], cwd: string, language: 'python' | 'lua'): Promise<string[]> {
  const { pattern, extension } = TEST_FILES[language];
  const found = new Set<string>();
  const visit = async (path: string, named: boolean): Promise<void> => {
    const info = await stat(path).catch(() => undefined);
    if (!info) {
      if (named) throw new ScriptTestError(`${relative(cwd, path) || path} does not exist`);
      return;
    }
    if (info.isFile()) {
      const name = path.split(/[\\/]/).pop()!;
      if (pattern.test(name) || (named && name.endsWith(extension)))
        found.add(relative(cwd, path).split('\\').join('/'));
      return;
    }
    if (!info.isDirectory()) return;
    for (const entry of await readdir(path, { withFileTypes: true }))
      if (!(entry.isDirectory() && NOT_THERE.has(entry.name))) await visit(join(path, entry.name), false);
  };
  for (const path of paths.length > 0 ? paths : ['.']) await visit(resolve(cwd, path), true);
  return [...found].sort();
}
