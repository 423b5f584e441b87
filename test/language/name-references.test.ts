import assert from 'node:assert/strict';
import { scriptFixture } from '../support/script-fixture';

const PY = 'import motion.settings.processing.skeleton as sk\n';
const LUA = 'local sk = motion.settings.processing.skeleton\n';

/** The named-object strings of a script: each name, the text its span covers, and its query's scope. */
async function references(languageId: 'python' | 'lua', text: string) {
  const { service, uri } = await scriptFixture(languageId, text);
  return service.nameReferences(uri).map((r) => ({
    name: r.name,
    spanned: text.slice(r.span.start, r.span.end),
    scope: r.query.scope,
  }));
}

const project = { literal: 'project' };
const findActor = (name: string) => ({
  read: {
    module: 'motion.settings.processing.skeleton',
    operation: 'find_skeleton',
    args: [project, { literal: name }],
  },
});

/** The scope of the segment name "Head" given to find_segment with `skeleton` as its skeleton. */
async function headScope(skeleton: string, before = ''): Promise<Record<string, unknown>> {
  const found = await references('python', `${PY}${before}sk.find_segment("project", ${skeleton}, "Head")\n`);
  return found.find((r) => r.name === 'Head')!.scope;
}

describe('named-object strings of a script, and what they are looked up in', () => {
  it('spans exactly the name inside any kind of quotes, in any statement', async () => {
    const python = await references(
      'python',
      `${PY}x = 1\nsk.find_skeleton("project", r"Actor1")\nsk.find_skeleton("project", '''Actor2''')\n\nsk.find_skeleton("project", 'Actor3')\n`,
    );
    assert.deepEqual(
      python.map((r) => [r.name, r.spanned]),
      [
        ['Actor1', 'Actor1'],
        ['Actor2', 'Actor2'],
        ['Actor3', 'Actor3'],
      ],
    );
    const lua = await references(
      'lua',
      `${LUA}sk.find_skeleton("project", [==[Actor1]==])\nsk.find_skeleton("project", [[Act"or2]])\n`,
    );
    assert.deepEqual(
      lua.map((r) => [r.name, r.spanned]),
      [
        ['Actor1', 'Actor1'],
        ['Act"or2', 'Act"or2'],
      ],
    );
  });

  it('knows the other arguments of the call, but not the named one', async () => {
    assert.deepEqual(await headScope('sk.find_skeleton("project", "Actor1")'), {
      source: project,
      skeleton_id: findActor('Actor1'),
    });
    assert.deepEqual(await headScope('a', 'a = sk.find_skeleton("project", "Actor1")\n'), {
      source: project,
      skeleton_id: findActor('Actor1'),
    });
    assert.deepEqual(await headScope('7'), { source: project, skeleton_id: { literal: 7 } });
    const extra = await references('python', `${PY}sk.find_segment("project", 7, "Head", 8)\n`);
    assert.deepEqual(
      extra[0].scope,
      { source: project, skeleton_id: { literal: 7 } },
      'an argument past the last parameter is no parameter',
    );
  });

  it('does not know what is not a literal or a read of the package with known arguments', async () => {
    for (const skeleton of [
      'None',
      '[1]',
      '{"a": 1}',
      '1 + 2',
      'other.thing()',
      'sk.add_skeleton("project", "New")',
      'sk.find_skeleton(source="project", name="Actor1")',
      'sk.find_skeleton("project", name="Actor1")',
      'sk.find_skeleton("project", unknown)',
    ])
      assert.deepEqual(await headScope(skeleton), { source: project }, skeleton);
  });

  it('follows reads inside reads five deep, and no deeper', async () => {
    // find_skeleton("project", get_skeleton_name("project", find_skeleton(…))): each a read of the next.
    const id = (reads: number): string => (reads === 0 ? '1' : `sk.find_skeleton("project", ${name(reads - 1)})`);
    const name = (reads: number): string =>
      reads === 0 ? '"Actor1"' : `sk.get_skeleton_name("project", ${id(reads - 1)})`;
    const nested = id;
    const depthOf = (value: unknown): number => {
      const read = (value as { read?: { args: unknown[] } }).read;
      return read ? 1 + Math.max(0, ...read.args.map(depthOf)) : 0;
    };
    assert.equal(depthOf((await headScope(nested(5))).skeleton_id), 5);
    assert.equal((await headScope(nested(6))).skeleton_id, undefined);
    assert.equal(depthOf((await headScope('b', `a = ${nested(5)}\nb = a\n`)).skeleton_id), 5, 'through variables');
    assert.equal((await headScope('b', `a = ${nested(6)}\nb = a\n`)).skeleton_id, undefined);
  });

  it('reads assignments in text order, inside functions too', async () => {
    const text = `${PY}def f():\n    sk.find_segment("project", a, "Head")\n    a = sk.find_skeleton("project", "Actor1")\n    sk.find_segment("project", a, "Neck")\n`;
    const found = await references('python', text);
    assert.deepEqual(
      found.filter((r) => r.name !== 'Actor1').map((r) => [r.name, r.scope.skeleton_id]),
      [
        ['Head', undefined],
        ['Neck', findActor('Actor1')],
      ],
    );
  });

  it('reads again what an alias names when only the import changed', async () => {
    const { service, uri } = await scriptFixture('python', `${PY}sk.find_skeleton("project", "Actor1")\n`);
    assert.equal(service.nameReferences(uri).length, 1);
    service.documents.change(uri, 2, [
      { range: { start: { line: 0, character: 7 }, end: { line: 0, character: 42 } }, text: 'motion.gui.selection' },
    ]);
    assert.match(service.documents.get(uri)!.text.getText(), /^import motion\.gui\.selection as sk\n/);
    assert.deepEqual(service.nameReferences(uri), [], 'sk no longer has find_skeleton');
  });
});
