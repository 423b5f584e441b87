import assert from 'node:assert/strict';
import { lackOf, parseTargets, targetsOfScript } from '../../src/api/catalogue/target-versions';
import { targetsComment } from '../../src/api/catalogue/targets-comment';

const KNOWN = ['2023.2', '2023.3', '2024.1', '2024.2', '2024.3', '2025.1', '2025.2', '2026.1', '2026.2'];

describe('the versions a script targets', () => {
  it('reads a version, a bound, a range and lists of them against the known versions', () => {
    assert.deepEqual(parseTargets('2025.1', KNOWN), { versions: ['2025.1'], described: '2025.1' });
    assert.deepEqual(parseTargets('>=2025.2', KNOWN), {
      versions: ['2025.2', '2026.1', '2026.2'],
      described: '2025.2 and later',
    });
    assert.deepEqual(parseTargets('>2025.2', KNOWN).versions, ['2026.1', '2026.2']);
    assert.deepEqual(parseTargets('<=2023.3', KNOWN).versions, ['2023.2', '2023.3']);
    assert.deepEqual(parseTargets('< 2024.1', KNOWN), {
      versions: ['2023.2', '2023.3'],
      described: 'earlier than 2024.1',
    });
    assert.deepEqual(parseTargets('2025.1..2026.1', KNOWN), {
      versions: ['2025.1', '2025.2', '2026.1'],
      described: '2025.1 to 2026.1',
    });
    assert.deepEqual(parseTargets('2026.2, 2024.3 ,2026.2', KNOWN), {
      versions: ['2024.3', '2026.2'],
      described: '2026.2, 2024.3, 2026.2',
    });
  });

  it('refuses what is not a version, saying how to write one', () => {
    assert.throws(() => parseTargets('latest', KNOWN), /"latest" is not a version: write a version \(2025\.1\)/);
    assert.throws(() => parseTargets('>=2025', KNOWN), /">=2025" is not a version/);
    assert.throws(() => parseTargets('2026.1..2025.1', KNOWN), /"2026\.1\.\.2025\.1" ends before it starts/);
    assert.throws(() => parseTargets('', KNOWN), /no target versions/);
    assert.throws(() => parseTargets('>2026.2', KNOWN), /names none of the versions the history knows/);
  });

  it('finds the targets a script names at its top, in Python or Lua, and none below its first statement', () => {
    assert.equal(targetsComment('#!/usr/bin/env python3\n# motion: targets >=2025.1\nimport motion\n'), '>=2025.1');
    assert.equal(targetsComment('-- a tool\n-- motion: targets 2025.1..2026.2\nprint(1)\n'), '2025.1..2026.2');
    assert.equal(targetsComment('\n\n#   motion:target 2024.3\n'), '2024.3');
    assert.equal(targetsComment('import motion\n# motion: targets >=2025.1\n'), undefined);
    assert.equal(targetsComment('# a script\nimport motion\n'), undefined);
  });

  it('says why a call fails on some targets: added later, or removed, naming the targets', () => {
    assert.deepEqual(lackOf('motion.file.export_c3d', parseTargets('>=2025.1')), {
      versions: ['2025.1', '2025.2', '2026.1'],
      message: 'added in 2026.2; this script targets 2025.1 and later',
    });
    assert.deepEqual(lackOf('motion.gui.timeline.set_measured_range', parseTargets('2025.1..2026.2')), {
      versions: ['2026.1', '2026.2'],
      message: 'removed in 2026.1; this script targets 2025.1 to 2026.2',
    });
    assert.equal(lackOf('motion.file.export_c3d', parseTargets('>=2026.2')), undefined, 'fits all its targets');
    assert.equal(lackOf('motion.utilities.documentation.get_package_name', parseTargets('>=2023.2')), undefined);
    assert.equal(lackOf('motion.settings.processing.skeleton.get_skeleton_name', parseTargets('>=2024.1')), undefined);
    assert.equal(
      lackOf('motion.file.save', parseTargets('2024.3, 2026.2'))?.message,
      'added in 2025.1; this script targets 2024.3, 2026.2',
    );
  });

  it('takes a script’s comment, else the targets given for it, else the connected application’s release', () => {
    const top = '# motion: targets 2024.3\nimport motion\n';
    const setting = { text: '>=2025.1', from: 'setting' as const };
    assert.deepEqual(targetsOfScript(top, setting, '2026.2.0', KNOWN).from, 'comment');
    assert.deepEqual(targetsOfScript('import motion\n', setting, '2026.2.0', KNOWN), {
      key: '>=2025.1',
      targets: { versions: ['2025.1', '2025.2', '2026.1', '2026.2'], described: '2025.1 and later' },
      from: 'setting',
    });
    assert.deepEqual(targetsOfScript('import motion\n', { text: '  ', from: 'setting' }, '2025.2.1', KNOWN), {
      key: '=2025.2',
      targets: { versions: ['2025.2'], described: "2025.2, the connected application's version" },
      from: 'application',
    });
    assert.deepEqual(targetsOfScript('import motion\n', undefined, '2025.2', KNOWN).targets?.versions, ['2025.2']);
    // A version the history does not know (the reference server's own, a release after the changelog): no targets.
    for (const version of ['0.1.0', '2027.1.3', '20251.2', 'version unknown', undefined])
      assert.deepEqual(targetsOfScript('import motion\n', undefined, version, KNOWN), { key: '' }, String(version));
    assert.deepEqual(targetsOfScript('import motion\n', { text: 'newest', from: 'option' }, '2025.2', KNOWN).problem, {
      from: 'option',
      said: 'newest',
      message:
        '"newest" is not a version: write a version (2025.1), a bound (>=2025.1, <2026.1) or a range (2025.1..2026.2), several joined by commas',
    });
  });
});
