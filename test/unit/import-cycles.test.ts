import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

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

/**
 * The graph of rooms: a file's room is the folder it is in below `root`, a file at `root` its own
 * room; an arrow from room to room for each import between two rooms.
 */
function roomGraph(graph: Map<string, string[]>, root: string): Map<string, string[]> {
  const room = (file: string) => relative(root, file).split(sep)[0];
  const rooms = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    const from = room(file);
    const arrows = rooms.get(from) ?? [];
    for (const target of targets)
      if (target.startsWith(`${root}/`) && room(target) !== from && !arrows.includes(room(target)))
        arrows.push(room(target));
    rooms.set(from, arrows);
  }
  return rooms;
}

describe('imports run one way: no file reaches itself again', () => {
  for (const area of ['src/extension', 'src', 'server'])
    it(`${area}: no import cycle`, () => {
      const cycle = findCycle(importGraph(sources(join(ROOT, area))));
      assert.equal(cycle, undefined, `a cycle: ${cycle?.map((f) => relative(ROOT, f)).join(' → ')}`);
    });

  it('src/extension: its rooms import one way too (no two folders reach each other, through others or not)', () => {
    const root = join(ROOT, 'src/extension');
    const cycle = findCycle(roomGraph(importGraph(sources(root)), root));
    assert.equal(cycle, undefined, `rooms in a cycle: ${cycle?.join(' → ')}`);
  });

  it('sees rooms reach each other when files do, each file of the root a room of its own', () => {
    const graph = new Map([
      ['/x/commands/a.ts', ['/x/context.ts']],
      ['/x/context.ts', ['/x/parts/b.ts']],
      ['/x/parts/b.ts', ['/x/parts/c.ts', '/elsewhere/d.ts']],
      ['/x/parts/c.ts', ['/x/commands/table.ts']],
    ]);
    const rooms = roomGraph(graph, '/x');
    assert.deepEqual(Object.fromEntries(rooms), {
      commands: ['context.ts'],
      'context.ts': ['parts'],
      parts: ['commands'],
    });
    assert.deepEqual(findCycle(rooms), ['commands', 'context.ts', 'parts', 'commands']);
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
