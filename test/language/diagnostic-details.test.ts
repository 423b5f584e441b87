import assert from 'node:assert/strict';
import { catalogueDocumentation } from '../../src/api/docs/catalogue-documentation';
import { DocumentationIndex } from '../../src/api/docs/documentation-index';
import { createMotionLanguageService } from '../../server/language/service/language-service';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { messageText } from '../support/lsp-client';
import { diagnostics } from '../support/script-fixture';

const SK = 'from motion.settings.processing import skeleton\n';

/** The package's documentation with one parameter described otherwise (as another application version might). */
function documentationWith(operation: string, parameter: string, change: { type?: string; description?: string }) {
  const documentation = catalogueDocumentation();
  for (const module of documentation.modules)
    for (const method of module.methods)
      if (method.name === operation)
        for (const p of method.parameters) if (p.name === parameter) Object.assign(p, change);
  return DocumentationIndex.fromPackage(documentation, { kind: 'bundled' });
}

describe('diagnostics in detail: codes, severities, messages, documentation', () => {
  it('gives each kind of problem its code, as an error; a literal too deep to check is information', async () => {
    const { service, uri } = await open(
      `${SK}import motion\nmotion.gui.selektion\nskeleton.get_skeleton_count()\nskeleton.get_skeleton_count("scene")\nskeleton.set_skeleton_scale("project", 1, 250.0)\nskeleton.set_segment_transform("project", 1, ${'['.repeat(40)}${']'.repeat(40)})\nskeleton.get_skeleton_count(sorce="project")\n`,
    );
    assert.deepEqual(
      service.diagnose(uri).map((d) => [d.range.start.line, d.code, d.severity, d.source]),
      [
        [2, 'unknown-member', 1, 'motion'],
        [3, 'argument-count', 1, 'motion'],
        [4, 'type', 1, 'motion'],
        [5, 'range', 1, 'motion'],
        [6, 'too-deep', 3, 'motion'],
        [7, 'argument-count', 1, 'motion'],
        [7, 'argument-count', 1, 'motion'],
      ],
    );
    assert.match(messageText(service.diagnose(uri)[4].message), /^not checked: transform nests deeper than 32 levels$/);
    // Underlined from the first list past the limit (the 34th bracket, at depth 33) to its end.
    const deep = service.diagnose(uri)[4].range;
    assert.deepEqual([deep.start.character, deep.end.character - deep.start.character], [45 + 33, 2 * (40 - 33)]);
    // Of two lists too deep, the first.
    const nest = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const [first] = await diagnostics(
      'python',
      `${SK}skeleton.set_segment_transform("project", 1, [${nest(40)}, ${nest(45)}])\n`,
    );
    assert.equal(first.text, nest(40 - 32));
  });

  it('underlines a wrong value itself, and a missing field at the object it is missing from', async () => {
    const cases = [
      [
        'python',
        'import motion\nmotion.gui.selection.select([{"type": "bone", "id": 2}, {"tipe": "bone", "id": 1}])',
        '{"tipe": "bone", "id": 1}',
      ],
      [
        'lua',
        'motion.gui.selection.select({{type = "bone", id = 2}, {tipe = "bone", id = 1}})',
        '{tipe = "bone", id = 1}',
      ],
      ['python', 'import motion\nmotion.gui.selection.select([{"type": "bone", "id": "1"}])', '"1"'],
      [
        'python',
        `${SK}skeleton.set_segment_degrees_of_freedom("project", 3, {"rotation_x": {"constraint": {"lower_bound": 0}, "couplings": [], "goal": None}})`,
        '{"lower_bound": 0}',
      ],
    ] as const;
    for (const [languageId, text, underlined] of cases) {
      const got = await diagnostics(languageId, text);
      assert.equal(got.at(-1)?.text, underlined, text);
    }
  });

  it('counts arguments of methods without parameters, with optional ones, and by keyword', async () => {
    const got = await diagnostics(
      'python',
      [
        'import motion',
        'import motion.gui.selection as sel',
        SK.trim(),
        'motion.get_version(1)',
        'sel.get_selections(None, 2)',
        'skeleton.add_segment()',
        'skeleton.add_skeleton(source="project", name="A")',
        'skeleton.add_segment(*args)',
        'skeleton.add_segment("project", **more)',
      ].join('\n'),
    );
    assert.deepEqual(
      got.map((d) => [d.text, d.code, d.message]),
      [
        ['1', 'argument-count', 'get_version takes 0 arguments (none), got 1'],
        ['2', 'argument-count', 'get_selections takes 0 to 1 argument (type), got 2'],
        [
          '()',
          'argument-count',
          'add_segment takes 3 arguments (source, parent_id, name), got 0: source, parent_id, name missing',
        ],
      ],
    );
  });

  it('offers placeholders for missing arguments only after positional ones', async () => {
    const { service, uri } = await open(
      `${SK}skeleton.add_segment(source="project")\nskeleton.add_segment("project")\n`,
    );
    assert.deepEqual(
      service.diagnose(uri).map((d) => (d.data as { fix?: unknown } | undefined)?.fix),
      [undefined, { addArguments: ['parent_id', 'name'], comma: true }],
    );
    // Lua's calls without parentheses (`f"text"`, `f{...}`) have no `)` to put them before.
    const lua = await open(
      `local skeleton = motion.settings.processing.skeleton\nskeleton.add_segment"project"\n`,
      undefined,
      'lua',
    );
    const [missing] = lua.service.diagnose(lua.uri);
    assert.deepEqual([missing.code, missing.data], ['argument-count', undefined]);
  });

  it('suggests values in the quotes they were written in, and every name as close as the closest', async () => {
    const { service, uri } = await open(
      `import motion.gui.selection as sel\nsel.select([{"type": 'bon', "id": 3}])\n${SK}skeleton.xet_segment_name("project", 1)\n`,
    );
    const [value, name] = service.diagnose(uri);
    assert.equal(
      value.message,
      `selections[0].type: expected one of "trajectory", "bone", got string "bon"; did you mean "bone"?`,
    );
    assert.deepEqual(value.data, { fix: { replaceWith: ["'bone'"], suggested: ['bone'] } });
    assert.match(messageText(name.message), /; did you mean "get_segment_name" or "set_segment_name"\?$/);
  });

  it('suggests values written with a prefix or in triple quotes the same way, in Python and in Lua', async () => {
    const fixes = async (languageId: 'python' | 'lua', text: string) => {
      const { service, uri } = await open(text, undefined, languageId);
      return service
        .diagnose(uri)
        .map((d) => (d.data as { fix?: { replaceWith: string[] } } | undefined)?.fix?.replaceWith);
    };
    const python = (value: string) => `sel.select([{"type": ${value}, "id": 3}])\n`;
    assert.deepEqual(
      await fixes(
        'python',
        `import motion.gui.selection as sel\n${[`r'bon'`, `u"bon"`, `"""bon"""`, `'''bon'''`].map(python).join('')}`,
      ),
      [[`r'bone'`], [`u"bone"`], [`"""bone"""`], [`'''bone'''`]],
    );
    const lua = (value: string) => `sel.select({{type = ${value}, id = 3}})\n`;
    assert.deepEqual(
      await fixes('lua', `local sel = motion.gui.selection\n${[`'bon'`, `"bon"`, `[[bon]]`].map(lua).join('')}`),
      [[`'bone'`], [`"bone"`], undefined],
    );
  });

  it('reads a numeric range from the documentation as written there, both ends inclusive', async () => {
    const scale = async (documentation: DocumentationIndex, values: string[]) => {
      const { service, uri } = await open(
        `${SK}${values.map((v) => `skeleton.set_skeleton_scale("project", 1, ${v})`).join('\n')}\n`,
        documentation,
      );
      return service.diagnose(uri).map((d) => d.message);
    };
    const wide = documentationWith('set_skeleton_scale', 'scale', { description: 'New scale, 10 to 250.' });
    assert.deepEqual(await scale(wide, ['10', '250', '9.5', '251']), [
      'scale 9.5 is outside 10 to 250',
      'scale 251 is outside 10 to 250',
    ]);
    const fine = documentationWith('set_skeleton_scale', 'scale', { description: 'New scale, -0.25  to  0.125.' });
    assert.deepEqual(await scale(fine, ['-0.25', '0.125', '0.13']), ['scale 0.13 is outside -0.25 to 0.125']);
    const integer = documentationWith('set_skeleton_scale', 'scale', {
      type: 'integer',
      description: 'Steps, 1 to 8.',
    });
    assert.deepEqual(await scale(integer, ['8', '9']), ['scale 9 is outside 1 to 8']);
    const text = documentationWith('set_skeleton_scale', 'scale', {
      type: 'string',
      description: 'A name, 1 to 8 letters.',
    });
    assert.deepEqual(await scale(text, ['"abcdefghij"']), [], 'a range is read for numbers only');
  });

  it('judges a script again when the documentation changes', async () => {
    let documentation = DocumentationIndex.fromPackage(catalogueDocumentation(), { kind: 'bundled' });
    const { service, uri } = await open(`${SK}skeleton.set_skeleton_scale("project", 1, 150)\n`, () => documentation);
    assert.equal(service.diagnose(uri).length, 1);
    documentation = documentationWith('set_skeleton_scale', 'scale', { description: 'New scale, 0.01 to 1000.0.' });
    assert.deepEqual(service.diagnose(uri), [], 'the new range allows 150');
  });
});

async function open(
  text: string,
  documentation: DocumentationIndex | (() => DocumentationIndex) = DocumentationIndex.fromPackage(
    catalogueDocumentation(),
    { kind: 'bundled' },
  ),
  languageId: 'python' | 'lua' = 'python',
) {
  const service = createMotionLanguageService({
    parsers: await loadScriptParsers(),
    documentation: typeof documentation === 'function' ? documentation : () => documentation,
  });
  const uri = `file:///test/details.${languageId === 'python' ? 'py' : 'lua'}`;
  service.documents.open(uri, languageId, 1, text);
  return { service, uri };
}
