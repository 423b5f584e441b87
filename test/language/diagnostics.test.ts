import assert from 'node:assert/strict';
import { diagnostics } from '../support/script-fixture';

describe('diagnostics', () => {
  it('reports an unknown module or operation under motion, with a suggestion', async () => {
    const got = await diagnostics(
      'python',
      'import motion\nmotion.gui.selektion.select([])\nmotion.settings.processing.skeleton.add_skelton("project", "A")\n',
    );
    assert.deepEqual(
      got.map((d) => [d.text, d.message]),
      [
        ['selektion', 'motion.gui has no module or method "selektion"; did you mean "selection"?'],
        [
          'add_skelton',
          'motion.settings.processing.skeleton has no module or method "add_skelton"; did you mean "add_skeleton"?',
        ],
      ],
    );
  });

  it('reports unknown paths in imports and through aliases', async () => {
    const got = await diagnostics(
      'python',
      'import motion.gui.selections as sel\nfrom motion.settings.processing import skeletons\nimport motion.gui.selection as s\ns.selec([])\n',
    );
    assert.deepEqual(
      got.map((d) => d.text),
      ['selections', 'skeletons', 'selec'],
    );
  });

  it('flags an alias of an unknown path where it is made, not again at each use', async () => {
    for (const [languageId, text] of [
      ['python', 'import motion.gui.selections as sel\nsel.select([])\nsel.selec([])\n'],
      ['python', 'from motion import guy\nguy.selection.select([])\n'],
      ['python', 'from motion import guy as g\ng.selection.select([])\n'],
      ['python', 'from motion.guy import *\nselection.select([])\n'],
      ['lua', 'local s = motion.gui.selektion\ns.select({})\n'],
    ] as const) {
      const got = await diagnostics(languageId, text);
      assert.equal(got.length, 1, text);
      assert.match(got[0].message, /did you mean "(selection|gui)"\?$/);
    }
  });

  it('checks uses of a name assigned a module path; not of one also assigned something else', async () => {
    const got = await diagnostics(
      'python',
      [
        'import motion',
        'sk = motion.settings.processing.skeleton',
        'sk.add_skelton("project", "A")',
        'gui = motion.guy',
        'gui.selection.select([])',
      ].join('\n'),
    );
    assert.deepEqual(
      got.map((d) => [d.text, d.message]),
      [
        [
          'add_skelton',
          'motion.settings.processing.skeleton has no module or method "add_skelton"; did you mean "add_skeleton"?',
        ],
        ['guy', 'motion has no module or method "guy"; did you mean "gui"?'],
      ],
    );
    // What a name stands for is decided once for the script, not line by line: a name that is
    // also given a value is left alone everywhere, rather than flagged where it holds the value.
    for (const languageId of ['python', 'lua'] as const) {
      const rebound = [
        languageId === 'python'
          ? 'sk = motion.settings.processing.skeleton'
          : 'local sk = motion.settings.processing.skeleton',
        'sk.add_skelton("project", "A")',
        'sk = sk.find_skeleton("A")',
        'sk.anything()',
      ].join('\n');
      assert.deepEqual(await diagnostics(languageId, (languageId === 'python' ? 'import motion\n' : '') + rebound), []);
    }
  });

  it('checks a call of an operation by the name it was imported or assigned as', async () => {
    for (const [languageId, text] of [
      ['python', 'from motion.gui.selection import select\nselect()\n'],
      ['python', 'from motion.gui.selection import select as pick\npick()\n'],
      ['lua', 'local select = motion.gui.selection.select\nselect()\n'],
    ] as const)
      assert.deepEqual(
        (await diagnostics(languageId, text)).map((d) => d.message),
        ['select takes 1 argument (selections), got 0: selections missing'],
        text,
      );
  });

  it('counts arguments as the call has them: not comments among them, not a generator’s parts', async () => {
    for (const [languageId, text] of [
      ['python', 'import motion\nmotion.gui.selection.select(  # the bones\n    [],  # none\n)\n'],
      ['python', 'import motion\nmotion.gui.selection.select(s for s in [])\n'],
      ['lua', 'motion.gui.selection.select( -- the bones\n  {} -- none\n)\n'],
    ] as const)
      assert.deepEqual(await diagnostics(languageId, text), [], text);
  });

  it('counts arguments: too many, too few, trailing optionals may be left out', async () => {
    const got = await diagnostics(
      'python',
      [
        'from motion.settings.processing import skeleton',
        'import motion.gui.selection as sel',
        'skeleton.add_skeleton("project")',
        'skeleton.get_skeleton_count("project", 1)',
        'sel.get_selections()',
        'sel.get_selections(None)',
        'skeleton.add_segment("project", name="x")',
        'skeleton.add_skeleton("project", nam="x")',
      ].join('\n'),
    );
    assert.deepEqual(
      got.map((d) => [d.text, d.message]),
      [
        ['("project")', 'add_skeleton takes 2 arguments (source, name), got 1: name missing'],
        ['1', 'get_skeleton_count takes 1 argument (source), got 2'],
        ['("project", name="x")', 'add_segment takes 3 arguments (source, parent_id, name), got 2: parent_id missing'],
        ['nam', 'add_skeleton has no parameter "nam" (source, name)'],
        ['("project", nam="x")', 'add_skeleton takes 2 arguments (source, name), got 1: name missing'],
      ],
    );
  });

  it('reports literals that do not fit their type, precisely', async () => {
    const got = await diagnostics(
      'python',
      [
        'from motion.settings.processing import skeleton',
        'import motion.gui.selection as sel',
        'skeleton.get_skeleton_name("project", "3")',
        'skeleton.get_skeleton_count("scene")',
        'skeleton.set_segment_transform("project", 3, [[1, 0, 0], [0, 1, 0], [0, 0, 1]])',
        'sel.select([{"type": "trajectory", "id": 3}, {"type": "marker", "id": 4}])',
        'skeleton.set_segment_markers("project", 3, [{"name": "A", "position": [1, 2], "weight": 1}])',
      ].join('\n'),
    );
    assert.deepEqual(
      got.map((d) => [d.text, d.message]),
      [
        ['"3"', 'skeleton_id: expected an integer, got string "3"'],
        ['"scene"', 'source: expected one of "project", "measurement", got string "scene"'],
        ['[[1, 0, 0], [0, 1, 0], [0, 0, 1]]', 'transform: expected a mat4x4f: 4 rows of 4 numbers, got an array of 3'],
        ['"marker"', 'selections[1].type: expected one of "trajectory", "bone", got string "marker"'],
        ['[1, 2]', 'markers[0].position: expected a vec3f: an array of 3 numbers [x, y, z], got an array of 2'],
      ],
    );
  });

  it('reports a scale literal outside its documented range', async () => {
    const got = await diagnostics(
      'python',
      'from motion.settings.processing import skeleton\nskeleton.set_skeleton_scale("project", 1, 250.0)\nskeleton.set_skeleton_scale("project", 1, -0.5)\nskeleton.set_skeleton_scale("project", 1, 0.01)\n',
    );
    assert.deepEqual(
      got.map((d) => [d.text, d.message]),
      [
        ['250.0', 'scale 250 is outside 0.01 to 100.0'],
        ['-0.5', 'scale -0.5 is outside 0.01 to 100.0'],
      ],
    );
  });

  it('never flags a variable argument, or a variable inside a literal', async () => {
    const got = await diagnostics(
      'python',
      [
        'from motion.settings.processing import skeleton',
        'import motion.gui.selection as sel',
        'source = "scene"',
        'skeleton.get_skeleton_count(source)',
        'skeleton.set_skeleton_scale("project", sid, factor * 1000)',
        'sel.select([{"type": kind, "id": ids[0]}])',
        'skeleton.add_skeleton(*args)',
        'skeleton.set_segment_transform("project", 3, matrix)',
      ].join('\n'),
    );
    assert.deepEqual(got, []);
  });

  it('does the same in Lua, with tables as lists and records', async () => {
    const got = await diagnostics(
      'lua',
      [
        'local sk = motion.settings.processing.skeleton',
        'local sel = motion.gui.selection',
        'sk.add_skelton("project", "A")',
        'sk.get_skeleton_count("scene")',
        'sk.set_skeleton_scale("project", 1, 1000)',
        'sel.select({{type = "bone", id = "7"}})',
        'sel.select({{type = kind, id = n}})',
        'sk.get_skeleton_name("project")',
        'sk.set_segment_markers("project", 3, {})',
      ].join('\n'),
    );
    assert.deepEqual(
      got.map((d) => [d.text, d.message]),
      [
        [
          'add_skelton',
          'motion.settings.processing.skeleton has no module or method "add_skelton"; did you mean "add_skeleton"?',
        ],
        ['"scene"', 'source: expected one of "project", "measurement", got string "scene"'],
        ['1000', 'scale 1000 is outside 0.01 to 100.0'],
        ['"7"', 'selections[0].id: expected an integer, got string "7"'],
        ['("project")', 'get_skeleton_name takes 2 arguments (source, skeleton_id), got 1: skeleton_id missing'],
      ],
    );
  });

  it('leaves code that does not use the package alone, and strings and comments', async () => {
    const got = await diagnostics(
      'python',
      'import os\nos.path.joinx("a")\n# motion.gui.nothing()\nx = "motion.gui.nothing()"\nMOTION = 1\n',
    );
    assert.deepEqual(got, []);
    assert.deepEqual(await diagnostics('lua', '-- motion.gui.nothing()\nlocal s = "motion.nothing"\n'), []);
  });

  it('does not judge code the parser only recovered from a syntax error', async () => {
    const got = await diagnostics(
      'python',
      'from motion.settings.processing import skeleton\nskeleton.get_skeleton_count("scene"\nx = [1,\n',
    );
    assert.deepEqual(got, []);
    const lua = await diagnostics(
      'lua',
      'local sk = motion.settings.processing.skeleton\nsk.get_skeleton_count("scene"\n',
    );
    assert.deepEqual(lua, []);
    // Paths and calls inside the region the parser recovered from (a colon or `then` missing).
    for (const [languageId, text] of [
      ['python', 'import motion\nif x\n    motion.gui.selektion.select([])\n    motion.gui.selection.select()\n'],
      ['lua', 'if x motion.gui.selektion.select({}) motion.gui.selection.select() end\n'],
    ] as const)
      assert.deepEqual(await diagnostics(languageId, text), [], text);
  });

  it('does not read a Python path cut by a line end as one with the next line (`motion.gui.` typed above `print(1)`)', async () => {
    // Python ends the statement at the line end: `motion.gui.` is unfinished, not `motion.gui.print`.
    for (const text of [
      'motion.gui.\nprint(1)\n',
      'motion.gui.  # c\nprint(1)\n',
      'motion.gui\n.print\n',
      'sel = motion.gui.\nselekt\n',
      'motion.gui.selection.\nselect(1)\n',
      'motion.\ngui.selektion\n',
      'motion.gui.\nselekt[0]\n',
    ])
      assert.deepEqual(await diagnostics('python', `import motion\n${text}`), [], text);
    // Inside brackets, or after a backslash, Python joins the lines: the path is one, and checked.
    for (const text of [
      'x = (motion.gui.\n  print(1))\n',
      'f(motion.gui\n  .print)\n',
      'x = {"a": [0, motion.gui.\n  print]}\n',
      'x = a[motion.gui.\n  print]\n',
      'x = {motion.gui.\n  print}\n',
      'motion.gui.\\\nprint(1)\n',
      'motion.gui.\\\r\nprint(1)\n',
    ])
      assert.deepEqual(
        (await diagnostics('python', `import motion\n${text}`)).map((d) => d.message),
        ['motion.gui has no module or method "print"'],
        text,
      );
    // Lua joins lines everywhere: `motion.gui.` above `print(1)` is `motion.gui.print(1)`.
    assert.deepEqual(
      (await diagnostics('lua', 'motion.gui.\nprint(1)\n')).map((d) => d.message),
      ['motion.gui has no module or method "print"'],
    );
  });

  it('accepts names of the scripting runtime and members of results', async () => {
    const got = await diagnostics(
      'python',
      'import motion\ntry:\n  pass\nexcept motion.MotionError as e:\n  print(e.code)\nnames = motion.settings.processing.skeleton.get_skeleton_ids("project").count(1)\nf = motion.settings.processing.skeleton.get_skeleton_ids.__name__\n',
    );
    assert.deepEqual(got, []);
    const testing = await diagnostics(
      'python',
      'import motion, motion.testing\nassert motion.testing.skeleton("project", "FullBody")["scale"] == 2\nmotion.testing.state()\n',
    );
    assert.deepEqual(testing, [], 'the helpers for tests of scripts');
    const elsewhere = await diagnostics('python', 'import motion\nmotion.gui.MotionError\n');
    assert.deepEqual(
      elsewhere.map((d) => d.message),
      ['motion.gui has no module or method "MotionError"'],
      'the runtime adds its names to the package only',
    );
  });
});
