import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** Folders below `dir`, two levels deep, that hold TypeScript of their own. */
function sourceFolders(dir: string, depth = 2): string[] {
  const here = readdirSync(join(ROOT, dir)).some((f) => f.endsWith('.ts')) ? [dir] : [];
  if (depth === 0) return here;
  const below = readdirSync(join(ROOT, dir))
    .filter((f) => statSync(join(ROOT, dir, f)).isDirectory())
    .flatMap((f) => sourceFolders(`${dir}/${f}`, depth - 1));
  return [...here, ...below];
}

describe("CONTRIBUTING.md's map of where each source folder's tests are", () => {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const map = new Map(
    text
      .slice(text.indexOf('<!-- test-map -->'), text.indexOf('<!-- /test-map -->'))
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => {
        const [source, tests] = line.split('|').slice(1, 3);
        return [source.trim().replaceAll('`', ''), [...tests.matchAll(/`([^`]+)`/g)].map((m) => m[1])] as const;
      }),
  );

  it('maps every source folder that holds code', () => {
    const missing = [...sourceFolders('src'), ...sourceFolders('server')].filter((f) => !map.has(f));
    assert.deepEqual(missing, [], 'source folders missing from the map');
  });

  it('names test folders that exist, and every test folder is named', () => {
    const named = new Set([...map.values()].flat());
    for (const folder of named) assert.ok(existsSync(join(ROOT, folder)), `${folder} does not exist`);
    const testFolders = readdirSync(join(ROOT, 'test'))
      .filter(
        (f) =>
          statSync(join(ROOT, 'test', f)).isDirectory() && !['support', 'fixtures', 'vscode', 'windows'].includes(f),
      )
      .map((f) => `test/${f}`);
    assert.deepEqual(
      testFolders.filter((f) => !named.has(f)),
      [],
      'test folders no row names',
    );
    for (const source of map.keys()) assert.ok(existsSync(join(ROOT, source)), `${source} does not exist`);
  });
});
