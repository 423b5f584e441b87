import assert from 'node:assert/strict';
import { scriptFixture } from '../support/script-fixture';

async function symbols(languageId: 'python' | 'lua', text: string) {
  const { service, uri } = await scriptFixture(languageId, text);
  const lines = text.split('\n');
  return service.documentSymbols(uri).map((s) => ({
    name: s.name,
    detail: s.detail,
    line: s.range.start.line,
    selected: lines[s.selectionRange.start.line].slice(
      s.selectionRange.start.character,
      s.selectionRange.end.character,
    ),
  }));
}

describe('document symbols: the motion calls of a script', () => {
  it('lists each call as written, in order, with the operation and its signature (Python)', async () => {
    const found = await symbols(
      'python',
      [
        'import motion',
        'import motion.settings.processing.skeleton as sk',
        'def ids():',
        '    return sk.get_skeleton_ids("project")',
        'print(motion.gui.selection.get_selection_count(), len(ids()))',
        'other.call()',
      ].join('\n'),
    );
    assert.deepEqual(
      found.map(({ name, line, selected }) => [name, line, selected]),
      [
        ['sk.get_skeleton_ids', 3, 'get_skeleton_ids'],
        ['motion.gui.selection.get_selection_count', 4, 'get_selection_count'],
      ],
    );
    assert.match(found[0].detail!, /^motion\.settings\.processing\.skeleton\.get_skeleton_ids\(source: /);
  });

  it('lists calls inside calls after the call they are in, by where they start', async () => {
    const found = await symbols(
      'python',
      [
        'import motion.settings.processing.skeleton as sk',
        'sk.set_skeleton_scale(',
        '    "project", sk.find_skeleton("project", sk.get_skeleton_name("project", 1)), 2)',
        'x = sk.get_skeleton_count("project"); y = sk.get_skeleton_ids("project")',
      ].join('\n'),
    );
    assert.deepEqual(
      found.map((s) => [s.line, s.selected]),
      [
        [1, 'set_skeleton_scale'],
        [2, 'find_skeleton'],
        [2, 'get_skeleton_name'],
        [3, 'get_skeleton_count'],
        [3, 'get_skeleton_ids'],
      ],
    );
  });

  it('follows Lua aliases', async () => {
    const found = await symbols(
      'lua',
      'local sel = motion.gui.selection\nlocal n = sel.get_selection_count()\nsel.clear_selections()\n',
    );
    assert.deepEqual(
      found.map((s) => s.name),
      ['sel.get_selection_count', 'sel.clear_selections'],
    );
  });
});
