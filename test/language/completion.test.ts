import assert from 'node:assert/strict';
import { completes, labels, scriptFixture } from '../support/script-fixture';

/** The text after accepting the completion item labelled `label` at the cursor `|`, as an editor applies its textEdit. */
async function accept(languageId: 'python' | 'lua', marked: string, label: string): Promise<string> {
  const { service, uri, position, text } = await scriptFixture(languageId, marked);
  const document = service.documents.get(uri)!;
  const item = service.complete(uri, position).items.find((i) => i.label === label);
  assert.ok(item, `no item ${label} in ${marked}`);
  assert.ok(item.textEdit && 'range' in item.textEdit, 'every item says what it replaces');
  const { range, newText } = item.textEdit;
  assert.equal(range.start.line, range.end.line, 'within one line');
  const at = document.text.offsetAt(position);
  assert.ok(
    document.text.offsetAt(range.start) <= at && at <= document.text.offsetAt(range.end),
    'the edit holds the cursor (LSP)',
  );
  return text.slice(0, document.text.offsetAt(range.start)) + newText + text.slice(document.text.offsetAt(range.end));
}

describe('completion', () => {
  describe('what accepting an item leaves in the text', () => {
    it('replaces what was typed of a member, never adds to it', async () => {
      assert.equal(
        await accept('python', 'import motion\nmotion.settings.processing.skeleton.add_|', 'add_skeleton'),
        'import motion\nmotion.settings.processing.skeleton.add_skeleton',
      );
      assert.equal(await accept('python', 'import motion\nmotion.|', 'gui'), 'import motion\nmotion.gui');
      // Typed above another line, which the parser reads as the member until the name is there.
      assert.equal(
        await accept('python', 'import motion\nmotion.gui.|\nprint(1)\n', 'selection'),
        'import motion\nmotion.gui.selection\nprint(1)\n',
      );
      assert.equal(
        await accept('python', 'import motion.gui.selection as sel\nx = sel.sel|\n', 'select'),
        'import motion.gui.selection as sel\nx = sel.select\n',
      );
      assert.equal(
        await accept('python', 'from motion.data.object import traj|', 'trajectory'),
        'from motion.data.object import trajectory',
      );
      assert.equal(
        await accept('lua', 'local sk = motion.settings.processing.skeleton\nsk.find_s|', 'find_segment'),
        'local sk = motion.settings.processing.skeleton\nsk.find_segment',
      );
    });

    it('replaces the typed part of an enumeration value inside its quotes', async () => {
      assert.equal(
        await accept(
          'python',
          'import motion\nmotion.settings.processing.skeleton.add_skeleton("proj|", "A")',
          'project',
        ),
        'import motion\nmotion.settings.processing.skeleton.add_skeleton("project", "A")',
      );
      assert.equal(
        await accept(
          'python',
          'import motion\nmotion.settings.processing.skeleton.get_skeleton_count("|")',
          'measurement',
        ),
        'import motion\nmotion.settings.processing.skeleton.get_skeleton_count("measurement")',
      );
      assert.equal(
        await accept('lua', 'motion.gui.selection.get_selections("traj|")', 'trajectory'),
        'motion.gui.selection.get_selections("trajectory")',
      );
    });
  });

  describe('on code as it is being typed: a string, call or bracket not closed yet', () => {
    const PY = 'import motion\nimport motion.settings.processing.skeleton as sk\n';
    const LUA = 'local sk = motion.settings.processing.skeleton\n';
    /** Each shape: the text with its cursor, the item accepted, the text after. */
    const shapes: [string, string, string, string][] = [
      ['nothing closed, at the end', 'sk.add_skeleton("|', 'project', 'sk.add_skeleton("project'],
      ['part of the value typed', 'sk.add_skeleton("pr|', 'project', 'sk.add_skeleton("project'],
      [
        'the quote closed, the call not, more lines after',
        'sk.add_skeleton("|"\nx = 1\n',
        'measurement',
        'sk.add_skeleton("measurement"\nx = 1\n',
      ],
      [
        'nothing closed, more lines after',
        'sk.add_skeleton("|\nx = 1\n',
        'project',
        'sk.add_skeleton("project\nx = 1\n',
      ],
      [
        'the rest of the word after the cursor',
        'sk.add_skeleton("pr|oj\nx = 1\n',
        'project',
        'sk.add_skeleton("project\nx = 1\n',
      ],
      [
        'a later argument',
        'sk.set_segment_solver("project", 3, "gl|',
        'global_optimization',
        'sk.set_segment_solver("project", 3, "global_optimization',
      ],
      [
        'across lines',
        'sk.set_segment_solver(\n  "project",\n  3,\n  "|',
        'none',
        'sk.set_segment_solver(\n  "project",\n  3,\n  "none',
      ],
      [
        'a string holding brackets and commas before',
        'sk.add_segment("project", sk.find_skeleton("project", "a,(b"), "|',
        '',
        '',
      ],
      [
        'inside a list and an object',
        'motion.gui.selection.set_selections([{"type": "tr|',
        'trajectory',
        'motion.gui.selection.set_selections([{"type": "trajectory',
      ],
    ];
    const lua = (text: string) => text.replace(/x = 1/g, 'local x = 1').replace('[{"type": ', '{{type = ');

    for (const [shape, marked, label, after] of shapes) {
      it(`${shape} (Python and Lua)`, async () => {
        if (label === '') {
          // Not an enumeration argument (a name): nothing offered, nothing thrown.
          assert.deepEqual(await labels('python', PY + marked), []);
          assert.deepEqual(await labels('lua', LUA + lua(marked)), []);
          return;
        }
        assert.equal(await accept('python', PY + marked, label), PY + after);
        assert.equal(await accept('lua', LUA + lua(marked), label), LUA + lua(after));
      });
    }

    it('in a block being written (Python function, Lua function)', async () => {
      assert.equal(
        await accept('python', `${PY}def f():\n    sk.add_skeleton("m|`, 'measurement'),
        `${PY}def f():\n    sk.add_skeleton("measurement`,
      );
      assert.equal(
        await accept('lua', `${LUA}function f()\n  sk.add_skeleton("m|`, 'measurement'),
        `${LUA}function f()\n  sk.add_skeleton("measurement`,
      );
    });

    it('offers the keys of an object being typed (Python), whether or not the editor closed the brace', async () => {
      for (const marked of [
        'motion.gui.selection.set_selections([{"|',
        'motion.gui.selection.set_selections([{"|"}])',
        'motion.gui.selection.set_selections([{"type": "bone", "|',
      ])
        assert.deepEqual(await labels('python', PY + marked), ['type', 'id', 'part_index'], marked);
    });

    it('offers nothing in a comment, or in a string that is not an argument', async () => {
      assert.deepEqual(await labels('python', `${PY}# sk.add_skeleton("|`), []);
      assert.deepEqual(await labels('lua', `${LUA}-- sk.add_skeleton("|`), []);
      assert.deepEqual(await labels('python', `${PY}x = ("|`), []);
      assert.deepEqual(await labels('python', `${PY}x = "|`), []);
    });
  });

  describe('module paths and operations (Python)', () => {
    it('offers the next path segments after motion.', async () => {
      await completes('python', 'import motion\nmotion.|', {
        includes: ['settings', 'data', 'gui', 'utilities', 'get_version', 'help'],
      });
    });

    it('offers the operations of a module, with signature and documentation', async () => {
      const { service, uri, position } = await scriptFixture(
        'python',
        'import motion\nmotion.settings.processing.skeleton.add_|',
      );
      const items = service.complete(uri, position).items;
      const add = items.find((i) => i.label === 'add_skeleton')!;
      assert.equal(add.detail, 'add_skeleton(source: "project"|"measurement", name: string) -> integer');
      assert.match((add.documentation as { value: string }).value, /overwritten/);
      assert.equal(items.length, 40, 'the client filters; the server offers the module');
    });

    it('follows every kind of alias', async () => {
      await completes('python', 'import motion.gui.selection as sel\nsel.|', {
        includes: ['select', 'deselect', 'get_selections'],
      });
      await completes('python', 'from motion.settings.processing import skeleton\nskeleton.|', {
        includes: ['add_segment'],
      });
      await completes('python', 'from motion.gui import selection as s\ns.|', { includes: ['clear_selections'] });
      await completes('python', 'import motion.data.object\nmotion.data.object.|', {
        includes: ['skeleton', 'trajectory', 'bone'],
      });
    });

    it('completes import paths', async () => {
      await completes('python', 'import motion.gui.|', { includes: ['selection'] });
      await completes('python', 'from motion.settings.|', { includes: ['processing'] });
      await completes('python', 'from motion.data.object import |', { includes: ['skeleton', 'trajectory'] });
      await completes('python', 'from motion.gui import selection, |', { includes: ['selection'] });
    });

    it('works across a line that continues the chain, and while the rest of the file is broken', async () => {
      await completes('python', 'import motion\nx = (\n  motion.gui.|\n', { includes: ['selection'] });
      await completes('python', 'import motion\ndef f(:\n  pass\nmotion.utilities.|', { includes: ['documentation'] });
    });

    it('offers nothing for names that are not the package, in strings or in comments', async () => {
      assert.deepEqual(await labels('python', 'import os\nos.|'), []);
      assert.deepEqual(await labels('python', 'motion.|'), [], 'not imported');
      assert.deepEqual(await labels('python', 'import motion\n# motion.|'), []);
      assert.deepEqual(await labels('python', 'import motion\nx = "motion.|"'), []);
    });
  });

  describe('names assigned a module (Python)', () => {
    it('follows a name assigned a module path, or another such name, until it is assigned something else', async () => {
      const SEL = 'import motion\nsel = motion.gui.selection\n';
      await completes('python', `${SEL}sel.|`, { includes: ['select', 'get_selections'] });
      await completes('python', `${SEL}s2 = sel\ns2.|`, { includes: ['select'] });
      await completes('python', 'import motion\na = b = motion.gui\nb.|', { includes: ['selection'] });
      await completes('python', 'import motion\na = b = motion.gui\na.|', { includes: ['selection'] });
      await completes('python', 'import motion .gui. selection as s\ns.|', { includes: ['select'] });
      await completes('python', 'from motion import gui\ng: object = gui\ng.|', { includes: ['selection'] });
      assert.deepEqual(await labels('python', `${SEL}sel = sel.get_selections(None)\nsel.|`), []);
      assert.deepEqual(await labels('python', `${SEL}sel += 1\nsel.|`), []);
      assert.deepEqual(await labels('python', 'import os\np = os.path\np.|'), []);
      for (const rebinding of [
        'sel, n = 1, 2',
        '[n, *sel] = x',
        'for sel in x:\n    pass',
        'for sel in motion.gui:\n    pass',
        'sel += motion.gui',
        'import numpy as sel',
      ])
        assert.deepEqual(await labels('python', `${SEL}${rebinding}\nsel.|`), [], rebinding);
      await completes('python', `${SEL}sel.x, a[sel] = 1, 2\nsel.|`, { includes: ['select'] });
    });
  });

  describe('module paths and operations (Lua)', () => {
    it('knows the global motion table and local aliases', async () => {
      await completes('lua', 'motion.|', { includes: ['settings', 'gui'] });
      await completes('lua', 'local sk = motion.settings.processing.skeleton\nsk.|', {
        includes: ['add_skeleton', 'find_segment'],
      });
      await completes('lua', 'local sel = motion.gui.selection\nlocal s2 = sel\ns2.|', { includes: ['select'] });
      assert.deepEqual(await labels('lua', '-- motion.|'), []);
      assert.deepEqual(await labels('lua', 'x = "motion.|"'), []);
    });
  });

  describe('enumeration values inside strings', () => {
    it('offers the sources', async () => {
      assert.deepEqual(
        await labels('python', 'import motion\nmotion.settings.processing.skeleton.get_skeleton_ids("|")'),
        ['project', 'measurement'],
      );
      assert.deepEqual(await labels('lua', 'motion.settings.processing.skeleton.get_skeleton_ids("|")'), [
        'project',
        'measurement',
      ]);
    });

    it('offers the solver values and selection types by position', async () => {
      assert.deepEqual(
        await labels(
          'python',
          'from motion.settings.processing import skeleton as s\ns.set_segment_solver("project", 3, "|")',
        ),
        ['none', 'global_optimization'],
      );
      assert.deepEqual(await labels('python', 'import motion.gui.selection as sel\nsel.get_selections("|")'), [
        'trajectory',
        'bone',
      ]);
    });

    it('follows lists and objects down to the field being typed', async () => {
      assert.deepEqual(await labels('python', 'import motion.gui.selection as sel\nsel.select([{"type": "|"}])'), [
        'trajectory',
        'bone',
      ]);
      for (const marked of [
        'import motion.gui.selection as sel\nsel.select(({"type": "|"},))',
        'import motion.gui.selection as sel\nsel.select([({"type": "|"})])',
      ])
        assert.deepEqual(await labels('python', marked), ['trajectory', 'bone'], marked);
      assert.deepEqual(await labels('python', 'import motion.gui.selection as sel\nsel.select([{"|": 1}])'), [
        'type',
        'id',
        'part_index',
      ]);
      assert.deepEqual(await labels('lua', 'local sel = motion.gui.selection\nsel.select({{type = "|"}})'), [
        'trajectory',
        'bone',
      ]);
    });

    it('offers no values for a string that is not itself the field: passed to a call, or in an expression', async () => {
      for (const marked of [
        'import motion.gui.selection as sel\nsel.select([{"type": str("|")}])',
        'import motion.gui.selection as sel\nsel.select([{"type": "b" + "|"}])',
      ]) {
        assert.deepEqual(await labels('python', marked), [], marked);
      }
      assert.deepEqual(
        await labels('lua', 'local sel = motion.gui.selection\nsel.select({{type = tostring("|")}})'),
        [],
      );
    });

    it('offers degree-of-freedom names as keys of the degrees-of-freedom object', async () => {
      const got = await labels(
        'python',
        'from motion.settings.processing import skeleton\nskeleton.set_segment_degrees_of_freedom("project", 3, {"|": {}})',
      );
      assert.deepEqual(got, [
        'rotation_x',
        'rotation_y',
        'rotation_z',
        'translation_x',
        'translation_y',
        'translation_z',
      ]);
      const coupling = await labels(
        'python',
        'from motion.settings.processing import skeleton\nskeleton.set_segment_degrees_of_freedom("project", 3, {"rotation_x": {"couplings": [{"degree_of_freedom": "|"}]}})',
      );
      assert.ok(coupling.includes('translation_z'));
    });

    it('offers help topics, and a module’s method names inside help("', async () => {
      assert.deepEqual(await labels('python', 'import motion\nmotion.utilities.documentation.get_help_text("|")'), [
        'overview',
        'modules',
        'types',
        'signatures',
        'changelog',
      ]);
      const methods = await labels('python', 'import motion.gui.selection as sel\nsel.help("|")');
      assert.deepEqual(methods, [
        'clear_selections',
        'is_selected',
        'get_selection_count',
        'get_selections',
        'set_selections',
        'select',
        'deselect',
        'help',
      ]);
      await completes('lua', 'motion.settings.processing.skeleton.help("add|")', { includes: ['add_skeleton'] });
    });

    it('supports keyword arguments', async () => {
      assert.deepEqual(
        await labels(
          'python',
          'from motion.settings.processing import skeleton\nskeleton.get_skeleton_count(source="|")',
        ),
        ['project', 'measurement'],
      );
    });

    it('replaces what is between the quotes', async () => {
      const { service, uri, position } = await scriptFixture(
        'python',
        'import motion.gui.selection as sel\nsel.get_selections("tra|")',
      );
      const item = service.complete(uri, position).items[0];
      assert.deepEqual((item.textEdit as { range: unknown }).range, {
        start: { line: 1, character: 20 },
        end: { line: 1, character: 23 },
      });
    });

    it('offers nothing in strings that are not enumeration arguments', async () => {
      assert.deepEqual(
        await labels('python', 'import motion\nmotion.settings.processing.skeleton.add_skeleton("project", "|")'),
        [],
      );
      assert.deepEqual(await labels('python', 'print("|")'), []);
    });
  });
});
