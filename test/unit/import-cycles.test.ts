import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** Every TypeScript file below `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each file's relative imports (types too: a type import is an arrow a reader follows). */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']*)'/g)]
      .map((m) => resolve(dirname(file), m[1]))
      .map((target) => (existsSync(`${target}.ts`) ? `${target}.ts` : join(target, 'index.ts')))
      .filter((target) => existsSync(target));
    graph.set(file, targets);
  }
  return graph;
}

/** A cycle of the graph as a list of files (the first again at the end), or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('imports run one way: no file reaches itself again', () => {
  for (const area of ['src/extension', 'src', 'server'])
    it(`${area}: no import cycle`, () => {
      const cycle = findCycle(importGraph(sources(join(ROOT, area))));
      assert.equal(cycle, undefined, `a cycle: ${cycle?.map((f) => relative(ROOT, f)).join(' → ')}`);
    });

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    assert.deepEqual(findCycle(graph), ['a', 'b', 'c', 'a']);
    assert.equal(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
      undefined,
    );
  });
});
