import assert from 'node:assert/strict';
import { scriptFixture } from '../support/script-fixture';
import { guarded } from '../support/version-guard-fix';
import { messageText } from '../support/lsp-client';
import { scriptOfLines } from '../../bench/ten-thousand-lines';

describe('the quick fix that runs a call only on the versions that have it', () => {
  it('guards a Python call by get_version, at its own indentation, with only the bound a target crosses', async () => {
    const text = [
      '# motion: targets 2023.3, 2025.1',
      'import motion',
      'def tidy():',
      '    motion.data.object.bone.clear_bones()  # every bone',
      '    print("done")',
      '',
    ].join('\n');
    assert.deepEqual(await guarded('python', text), [
      {
        title: 'Call clear_bones only on 2024.1 and later (by motion.get_version())',
        after: [
          '# motion: targets 2023.3, 2025.1',
          'import motion',
          'def tidy():',
          '    if [motion.get_version()[k] for k in ("major", "minor")] >= [2024, 1]:',
          '        motion.data.object.bone.clear_bones()  # every bone',
          '    print("done")',
          '',
        ].join('\n'),
      },
    ]);
  });

  it('guards a Lua call, closing it with end, the last line of a script too', async () => {
    const text =
      '-- motion: targets >=2023.2\nfunction tidy()\n\tmotion.data.object.bone.clear_bones()\nend\nmotion.data.object.bone.clear_bones()';
    const [inside, last] = await guarded('lua', text);
    assert.equal(inside.title, 'Call clear_bones only on 2024.1 and later (by motion.get_version())');
    assert.equal(
      inside.after,
      '-- motion: targets >=2023.2\nfunction tidy()\n\tif motion.get_version().major * 100 + motion.get_version().minor >= 202401 then\n\t\tmotion.data.object.bone.clear_bones()\n\tend\nend\nmotion.data.object.bone.clear_bones()',
    );
    assert.ok(
      last.after.endsWith(
        '\nif motion.get_version().major * 100 + motion.get_version().minor >= 202401 then\n  motion.data.object.bone.clear_bones()\nend',
      ),
      last.after,
    );
  });

  it('offers none where a guard would change what the script means, or where the package has no name', async () => {
    for (const [languageId, text] of [
      ['python', '# motion: targets 2023.3\nimport motion\ncount = motion.data.object.bone.get_bone_count()\n'],
      ['python', '# motion: targets 2023.3\nimport motion\nprint(motion.data.object.bone.get_bone_count())\n'],
      ['python', '# motion: targets 2023.3\nimport motion\nx = 1; motion.data.object.bone.clear_bones()\n'],
      ['python', '# motion: targets 2023.3\nimport motion\nmotion.data.object.bone.clear_bones(); x = 1\n'],
      ['python', '# motion: targets 2023.3\nimport motion.data.object.bone as bone\nbone.clear_bones()\n'],
      ['lua', '-- motion: targets 2023.3\nif ok then motion.data.object.bone.clear_bones() end\n'],
      ['lua', '-- motion: targets 2023.3\nlocal n = motion.data.object.bone.get_bone_count()\n'],
    ] as const) {
      const { service, uri } = await scriptFixture(languageId, text);
      const warned = service.diagnose(uri).filter((d) => d.code === 'target-versions');
      assert.equal(warned.length, 1, text);
      assert.deepEqual(await guarded(languageId, text), [], text);
    }
  });

  it('warns no more at a call the script guards by get_version, in Python and Lua; its else is not guarded', async () => {
    const warnedAt = async (languageId: 'python' | 'lua', text: string) => {
      const { service, uri } = await scriptFixture(languageId, text);
      return service
        .diagnose(uri)
        .filter((d) => d.code === 'target-versions')
        .map((d) => d.range.start.line + 1);
    };
    for (const [languageId, text] of [
      ['python', '# motion: targets 2023.3\nimport motion\nmotion.data.object.bone.clear_bones()\n'],
      ['lua', '-- motion: targets 2023.3\nmotion.data.object.bone.clear_bones()'],
    ] as const) {
      const [fix] = await guarded(languageId, text);
      assert.deepEqual(await warnedAt(languageId, fix.after), [], fix.after);
    }
    assert.deepEqual(
      await warnedAt(
        'python',
        '# motion: targets 2023.3\nimport motion\nif motion.get_version()["major"] >= 2024:\n    motion.data.object.bone.clear_bones()\nelse:\n    motion.data.object.bone.clear_bones()\nif ready:\n    motion.data.object.bone.clear_bones()\n',
      ),
      [6, 8],
    );
  });

  it('guards, and then warns no more, at the end of a script long enough to be analysed in chunks', async function () {
    // Slow by its size: a 5,200-line script analysed whole three times, 15 s alone, more beside the other worker's file.
    this.timeout(60_000);
    const long = `# motion: targets 2023.3\n${scriptOfLines(5_200)}\nmotion.data.object.bone.clear_bones()\n`;
    const { service, uri } = await scriptFixture('python', long);
    assert.ok(service.documents.get(uri)!.chunked, 'analysed in chunks');
    const fix = (await guarded('python', long)).find((f) => f.title.startsWith('Call clear_bones'))!;
    assert.match(
      fix.after,
      /\nif \[motion\.get_version\(\)\[k\] for k in \("major", "minor"\)\] >= \[2024, 1\]:\n {4}motion\.data\.object\.bone\.clear_bones\(\)\n$/,
    );
    const again = await scriptFixture('python', fix.after);
    const left = again.service
      .diagnose(again.uri)
      .filter((d) => d.code === 'target-versions' && messageText(d.message).includes('bone'));
    assert.deepEqual(left, []);
  });
});
