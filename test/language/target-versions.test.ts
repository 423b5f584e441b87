import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { scriptFixture } from '../support/script-fixture';

/** The diagnostics the service gives a script: text, message, code and severity. */
async function check(languageId: 'python' | 'lua', text: string) {
  const { service, uri } = await scriptFixture(languageId, text);
  const document = service.documents.get(uri)!;
  return service.diagnose(uri).map((d) => ({
    text: document.text.getText().slice(document.text.offsetAt(d.range.start), document.text.offsetAt(d.range.end)),
    message: typeof d.message === 'string' ? d.message : d.message.value,
    code: d.code,
    warning: d.severity === DiagnosticSeverity.Warning,
  }));
}

// The bone objects came with 2024.1 (the application's changelog): a script that must still run on
// 2023.2 cannot use them, and its diagnostics say so, naming the versions.
describe('a script’s target versions, in its diagnostics', () => {
  it('warns at a call that some target version lacks, saying when it came and what the script targets', async () => {
    const got = await check(
      'python',
      '# motion: targets >=2023.2\nimport motion\nmotion.data.object.bone.get_bone_count()\nmotion.utilities.documentation.get_package_name()\n',
    );
    assert.deepEqual(got, [
      {
        text: 'get_bone_count',
        message: 'motion.data.object.bone.get_bone_count: added in 2024.1; this script targets 2023.2 and later',
        code: 'target-versions',
        warning: true,
      },
    ]);
  });

  it('stays quiet for a script whose calls fit all its targets, and for one that names no targets', async () => {
    assert.deepEqual(
      await check(
        'python',
        '# motion: targets 2024.1..2026.2\nimport motion\nmotion.data.object.bone.get_bone_count()\n',
      ),
      [],
    );
    assert.deepEqual(await check('python', 'import motion\nmotion.data.object.bone.get_bone_count()\n'), []);
  });

  it('reads the targets of a Lua script, and through aliases', async () => {
    const lua = await check(
      'lua',
      '-- motion: targets 2023.3\nlocal b = motion.data.object.bone\nb.get_bone_count()\n',
    );
    assert.deepEqual(
      lua.map((d) => [d.text, d.message]),
      [['get_bone_count', 'motion.data.object.bone.get_bone_count: added in 2024.1; this script targets 2023.3']],
    );
    const python = await check(
      'python',
      '# motion: targets <2024.1\nimport motion.data.object.bone as bone\nbone.get_bone_count()\n',
    );
    assert.deepEqual(
      python.map((d) => d.text),
      ['get_bone_count'],
    );
  });

  it('shows in the hover when an operation came, from the changelog', async () => {
    const { service, uri, position } = await scriptFixture(
      'python',
      'import motion\nmotion.data.object.bone.get_bone_c|ount()\n',
    );
    const shown = service.hover(uri, position);
    const value = (shown?.contents as { value: string }).value;
    assert.match(value, /\n\n---\n\n\*Since 2024\.1\.\*$/);
    const plain = await scriptFixture('python', 'import motion\nmotion.utilities.documentation.get_package_n|ame()\n');
    assert.doesNotMatch((plain.service.hover(plain.uri, plain.position)?.contents as { value: string }).value, /Since/);
  });

  it('says what is wrong with targets it cannot read, at the comment', async () => {
    const got = await check(
      'python',
      '# motion: targets newest\nimport motion\nmotion.data.object.bone.get_bone_count()\n',
    );
    assert.deepEqual(
      got.map((d) => [d.text, d.code, d.warning]),
      [['newest', 'target-versions', false]],
    );
    assert.match(got[0].message, /"newest" is not a version: write a version \(2025\.1\)/);
  });
});

describe('a module or operation the connected application lacks, in the words of the changelog', () => {
  it('says when the changelog has it come or go, and nothing more for a name it never knew', async () => {
    const got = await check(
      'python',
      'import motion\nmotion.file.export_c3d("a.c3d")\nmotion.utilities.math.cross()\nmotion.gui.selectoin.get_selection()\n',
    );
    assert.deepEqual(
      got.map((d) => [d.text, d.message.replace(/^.*?has no module or method "\w+"(; did you mean [^(]*)?/, '…')]),
      [
        ['export_c3d', "… (the application's changelog: Since 2026.2.)"],
        ['cross', "… (the application's changelog: Removed in 2026.1.)"],
        ['selectoin', '…'],
      ],
    );
  });
});

describe('completion and the target versions', () => {
  /** The items after `motion.data.object.`: label, what is beside it, struck through or not, in the list's order. */
  async function listed(text: string) {
    const { service, uri, position } = await scriptFixture('python', text);
    return service
      .complete(uri, position)
      .items.sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''))
      .map((i) => [i.label, i.labelDetails?.description, i.tags?.includes(1) ?? false]);
  }

  it('says beside a name since when it is there, from the changelog; nothing beside one always there', async () => {
    const items = await listed('import motion\nmotion.data.object.|\n');
    assert.deepEqual(
      items.find(([label]) => label === 'bone'),
      ['bone', 'since 2024.1', false],
    );
    assert.deepEqual(
      items.find(([label]) => label === 'trajectory'),
      ['trajectory', undefined, false],
    );
  });

  it('strikes through, and puts last, a name one of the script’s targets lacks, naming those versions', async () => {
    const items = await listed('# motion: targets 2023.2..2024.1\nimport motion\nmotion.data.object.|\n');
    const struck = items.filter(([, , isStruck]) => isStruck);
    assert.deepEqual(
      struck.sort(([a], [b]) => String(a).localeCompare(String(b))),
      [
        ['analog', 'since 2025.1, not in 2023.2, 2023.3, 2024.1', true],
        ['bone', 'since 2024.1, not in 2023.2, 2023.3', true],
      ],
    );
    assert.ok(
      items.slice(0, -struck.length).every(([, , isStruck]) => !isStruck),
      'the struck ones come last',
    );
  });
});

describe('signature help and the changelog', () => {
  it('says below the operation what its changelog says: since when, what changed', async () => {
    const { service, uri, position } = await scriptFixture(
      'python',
      'import motion\nmotion.data.object.bone.get_bone_color(|)\n',
    );
    const [signature] = service.signatureHelp(uri, position)!.signatures;
    assert.match((signature.documentation as { value: string }).value, /\n\n---\n\n\*Since 2024\.1\.\*$/);
    const plain = await scriptFixture('python', 'import motion\nmotion.utilities.documentation.get_method_count(|)\n');
    const [other] = plain.service.signatureHelp(plain.uri, plain.position)!.signatures;
    assert.doesNotMatch((other.documentation as { value: string }).value, /---/);
  });
});
