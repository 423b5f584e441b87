import assert from 'node:assert/strict';
import { chainPath } from '../../server/language/service/resolve-chain';
import { scriptFixture } from '../support/script-fixture';

async function hoverText(languageId: 'python' | 'lua', marked: string): Promise<string | undefined> {
  const { service, uri, position } = await scriptFixture(languageId, marked);
  const h = service.hover(uri, position);
  return h ? (h.contents as { value: string }).value : undefined;
}

async function signature(languageId: 'python' | 'lua', marked: string) {
  const { service, uri, position } = await scriptFixture(languageId, marked);
  return service.signatureHelp(uri, position);
}

describe('hover', () => {
  it('shows a method’s signature, parameters with types, return value and details', async () => {
    const text = await hoverText(
      'python',
      'import motion\nmotion.settings.processing.skeleton.set_skel|eton_scale("project", 1, 2)',
    );
    assert.match(
      text!,
      /^```\nmotion\.settings\.processing\.skeleton\.set_skeleton_scale\(source: "project"\|"measurement", skeleton_id: integer, scale: float\)\n```/,
    );
    assert.match(text!, /- `scale` `float` — New scale, 0\.01 to 100\.0\./);
    assert.match(text!, /\*\*Returns\*\* nothing\./);
    assert.match(text!, /0\.01 to 100\.0, both inclusive/);
  });

  it('shows a module’s documentation on a module segment, and a namespace’s modules', async () => {
    assert.match(
      (await hoverText('python', 'import motion\nmotion.gui.sel|ection.select([])'))!,
      /^### motion\.gui\.selection\n\nRead and change the selection/,
    );
    assert.match(
      (await hoverText('python', 'import motion\nmotion.da|ta.object.skeleton'))!,
      /^### motion\.data\n\n- `motion\.data\.object\.skeleton`/,
    );
    const objects = (await hoverText('python', 'import motion\nmotion.data.obj|ect.bone'))!.split('\n');
    assert.ok(objects.length > 3, 'one module per line');
    for (const line of objects.slice(2)) assert.match(line, /^- `motion\.data\.object\.\w+` — \S/);
  });

  it('follows aliases and import statements', async () => {
    assert.match(
      (await hoverText('python', 'import motion.gui.selection as sel\nsel.dese|lect([])'))!,
      /motion\.gui\.selection\.deselect\(selections:/,
    );
    assert.match(
      (await hoverText('python', 'import motion.gui.selection as s|el'))!,
      /^### motion\.gui\.selection/,
      'hover on the alias in its import? (the alias names the module)',
    );
    assert.match(
      (await hoverText('python', 'from motion.settings.processing import skel|eton'))!,
      /^### motion\.settings\.processing\.skeleton/,
    );
    assert.match(
      (await hoverText('python', 'from motion.settings.processing import skeleton as s|k'))!,
      /^### motion\.settings\.processing\.skeleton/,
    );
    assert.match(
      (await hoverText(
        'python',
        'import motion\nsk = motion.settings.processing.skeleton\nsk.find_seg|ment("project", 1, "Head")',
      ))!,
      /find_segment\(source: "project"\|"measurement", skeleton_id: integer, name: string\) -> integer\?/,
    );
    assert.match(
      (await hoverText('lua', 'local sk = motion.settings.processing.skeleton\nsk.find_seg|ment(1, "Head")'))!,
      /find_segment\(source: "project"\|"measurement", skeleton_id: integer, name: string\) -> integer\?/,
    );
  });

  it('shows nothing for other names, strings and comments', async () => {
    assert.equal(await hoverText('python', 'import os\nos.pa|th'), undefined);
    assert.equal(await hoverText('python', 'import motion\n# motion.gu|i'), undefined);
    assert.equal(await hoverText('lua', 'x = "motion.gu|i"'), undefined);
    assert.equal(
      await hoverText('python', 'import motion\nmotion.gui.selek|tion.select([])'),
      undefined,
      'nothing for a path that names nothing',
    );
  });

  it('reads a Python path cut by a line end outside brackets as Python does: up to the cut', async () => {
    assert.equal(await hoverText('python', 'import motion\nmotion.gui.\nsele|ction.select(1)'), undefined);
    assert.equal(await hoverText('python', 'import motion\nmotion.\ngu|i.selection'), undefined);
    const gui = (await hoverText('python', 'import motion\nmotion.gu|i.\nselection'))!;
    assert.match(gui, /^### motion\.gui\n/, 'the module motion.gui, up to the cut');
    assert.match(gui, /\| `add_command` \|/, 'its methods');
    assert.match(
      gui,
      /\*\*Modules\*\*\n\n(- `motion\.gui\.[^`]+` — .*\n)*- `motion\.gui\.selection` — /,
      'and its modules',
    );
    assert.match((await hoverText('python', 'import motion\nmoti|on.\ngui'))!, /^### motion\n/);
    for (const joined of ['x = (motion.gui.\nsele|ction)', 'motion.gui.\\\nsele|ction'])
      assert.match((await hoverText('python', `import motion\n${joined}`))!, /^### motion\.gui\.selection/, joined);
  });
});

describe('signature help', () => {
  it('shows the signature with the active parameter as arguments are typed', async () => {
    const help = await signature(
      'python',
      'import motion\nmotion.settings.processing.skeleton.add_segment("project", |',
    );
    assert.equal(
      help!.signatures[0].label,
      'add_segment(source: "project"|"measurement", parent_id: integer, name: string) -> integer',
    );
    assert.equal(help!.activeParameter, 1);
    const [start, end] = help!.signatures[0].parameters![1].label as [number, number];
    assert.equal(help!.signatures[0].label.slice(start, end), 'parent_id: integer');
    assert.equal(
      (await signature('python', 'import motion\nmotion.settings.processing.skeleton.add_segment(|'))!.activeParameter,
      0,
    );
  });

  it('counts arguments across lines and ignores commas inside nested literals', async () => {
    const help = await signature(
      'python',
      'import motion.gui.selection as sel\nsel.set_selections(\n  [{"type": "bone", "id": 1},\n   {"type": "bone", "id": 2}|]\n)',
    );
    assert.equal(help!.activeParameter, 0);
    const lua = await signature(
      'lua',
      'local sk = motion.settings.processing.skeleton\nsk.set_segment_markers(\n  "project",\n  4,\n  {|}\n)',
    );
    assert.equal(lua!.activeParameter, 2);
  });

  it('knows the call and argument while nothing is closed yet, inside lists and objects too', async () => {
    const help = await signature(
      'python',
      'import motion.gui.selection as sel\nsel.set_selections(\n  [{"type": "bone", "id": 1},\n   {"type": "tr|',
    );
    assert.match(help!.signatures[0].label, /^set_selections\(/);
    assert.equal(help!.activeParameter, 0);
    const solver = await signature(
      'lua',
      'local sk = motion.settings.processing.skeleton\nsk.set_segment_solver("project", ("a)b"), "|',
    );
    assert.match(solver!.signatures[0].label, /^set_segment_solver\(/);
    assert.equal(solver!.activeParameter, 2, 'the parenthesis and comma inside a string do not count');
    assert.equal(
      (await signature('python', 'import motion.gui.selection as sel\n# sel.set_selections(|'))?.activeParameter,
      undefined,
      'nothing in a comment',
    );
  });

  it('follows keyword arguments', async () => {
    const help = await signature(
      'python',
      'from motion.settings.processing import skeleton\nskeleton.add_segment("project", name="A|", parent_id=2)',
    );
    assert.equal(help!.activeParameter, 2);
    const at = async (marked: string) =>
      (await signature('python', `from motion.settings.processing import skeleton\nskeleton.add_segment(${marked})`))
        ?.activeParameter;
    assert.equal(await at('"project", |name="A", parent_id=2'), 2, 'at the start of a keyword argument');
    assert.equal(await at('"project", name="A"|, parent_id=2'), 2, 'at its end');
    assert.equal(await at('"pro|ject", name="A", parent_id=2'), 0, 'before it');
    assert.equal(await at('"project"|, 2, "A"'), 0, 'just before a comma');
    assert.equal(await at('"project",| 2, "A"'), 1, 'just after it');
    assert.equal(await at('name="A", parent_id=|2'), 1, 'in a keyword argument after another');
  });

  it('reads the call being typed however it is spaced, wherever it is in the script', async () => {
    const lua = async (marked: string) => (await signature('lua', marked))?.signatures[0].label;
    assert.match((await lua('motion.gui.selection.select({|'))!, /^select\(/, 'at the very start of the script');
    assert.match(
      (await lua('local sk = motion.settings.processing.skeleton\nsk\n  .add_segment("project", |'))!,
      /^add_segment\(/,
    );
    assert.match(
      (await lua('local sk = motion.settings.processing.skeleton\nsk . add_segment ("project", |'))!,
      /^add_segment\(/,
    );
    const after = `import motion.settings.processing.skeleton as sk\nsk.add_segment("project", |\n${'x = 1\n'.repeat(60)}`;
    assert.match(
      (await signature('python', after))!.signatures[0].label,
      /^add_segment\(/,
      'with a long script after the cursor',
    );
  });

  it('answers for the innermost motion call', async () => {
    const help = await signature(
      'python',
      'import motion\nprint(motion.settings.processing.skeleton.get_skeleton_name("project", |))',
    );
    assert.match(help!.signatures[0].label, /^get_skeleton_name\(/);
    assert.equal(await signature('python', 'import motion\nprint(1, |)'), null);
  });

  it('ends with the call: nothing after a closed argument list, Lua’s table and string arguments too', async () => {
    const inside = [
      ['python', 'import motion\nmotion.gui.selection.select([]|)'],
      ['lua', 'motion.gui.selection.select{|}'],
      ['lua', 'motion.data.object.skeleton.find_skeleton"Ar|m"'],
      // The parser supplies the missing `)` empty, before the colon.
      ['python', 'import motion\nif motion.data.object.skeleton.find_skeleton("Arm"|:\n    pass'],
    ] as const;
    for (const [languageId, marked] of inside) {
      assert.ok(await signature(languageId, marked), `${marked}: inside the call`);
    }
    const after = [
      ['python', 'import motion\nmotion.gui.selection.select([])|'],
      ['python', 'import motion\nmotion.gui.selection.select([])|\nx = 1'],
      ['lua', 'motion.gui.selection.select{}|'],
      ['lua', 'motion.gui.selection.select{}|\nlocal x = 1'],
      ['lua', 'motion.data.object.skeleton.find_skeleton"Arm"|'],
    ] as const;
    for (const [languageId, marked] of after) {
      assert.equal(await signature(languageId, marked), null, `${marked}: after the call`);
    }
  });

  it('answers for the call whose list the cursor is in, not one called on its result or named in it', async () => {
    const SK = 'from motion.data.object import skeleton\n';
    const name = async (marked: string) => (await signature('python', SK + marked))?.signatures[0].label.split('(')[0];
    assert.equal(await name('skeleton.get_skeleton_name(skeleton.find_skeleton("A"|), 0)'), 'find_skeleton');
    assert.equal(await name('skeleton.get_skeleton_name(skeleton.find_skeleton("A"), |0)'), 'get_skeleton_name');
    assert.equal(await name('skeleton.get_skeleton_name(|skeleton.find_skeleton("A"), 0)'), 'get_skeleton_name');
  });
});

describe('go to definition', () => {
  it('opens the rendered documentation of a module or operation, from where it is named', async () => {
    const { service, uri, position } = await scriptFixture(
      'python',
      'import motion.gui.selection as sel\nsel.get_sel|ection_count()\n',
    );
    assert.deepEqual(service.definition(uri, position), [
      {
        originSelectionRange: { start: { line: 1, character: 4 }, end: { line: 1, character: 23 } },
        targetUri: 'motion-docs:/motion.gui.selection.get_selection_count.md',
        targetRange: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        targetSelectionRange: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      },
    ]);
    const lua = await scriptFixture('lua', 'local n = motion.gui.sel|ection.get_selection_count()\n');
    assert.equal(lua.service.definition(lua.uri, lua.position)[0]?.targetUri, 'motion-docs:/motion.gui.selection.md');
    const root = await scriptFixture('python', 'import motion\nmot|ion.get_version()\n');
    assert.equal(root.service.definition(root.uri, root.position)[0]?.targetUri, 'motion-docs:/motion.md');
    for (const [languageId, marked] of [
      ['python', 'import motion\nx = "motion.g|ui"\n'],
      ['lua', 'local other = {}\nother.g|ui()\n'],
      ['lua', 'x = "motion.gu|i"\n'],
      ['python', 'import motion\n# motion.gu|i\n'],
      ['python', 'import motion\nmotion.settings.expo|rt\n'],
    ] as const) {
      const f = await scriptFixture(languageId, marked);
      assert.deepEqual(f.service.definition(f.uri, f.position), [], marked);
    }
  });
});

describe('chains as written, and the package paths they name', () => {
  const chain = (absolute: boolean, ...names: string[]) => ({
    absolute,
    segments: names.map((name) => ({ name, span: { start: 0, end: 0 } })),
  });
  const aliases = new Map([['sel', 'motion.gui.selection']]);

  it('follows an alias, starts an import at the package, and names nothing else', () => {
    assert.equal(chainPath(chain(false, 'sel', 'select'), aliases, 'motion'), 'motion.gui.selection.select');
    assert.equal(chainPath(chain(false, 'sel', 'select'), aliases, 'motion', 0), 'motion.gui.selection');
    assert.equal(chainPath(chain(true, 'motion', 'gui'), aliases, 'motion'), 'motion.gui');
    assert.equal(chainPath(chain(true, 'os', 'path'), aliases, 'motion'), undefined, 'an import of another package');
    assert.equal(chainPath(chain(false, 'os', 'path'), aliases, 'motion'), undefined, 'a name that is no alias');
  });
});
