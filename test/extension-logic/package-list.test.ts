import assert from 'node:assert/strict';
import { asksForPackages, packageListFits } from '../../src/extension/workspace/package-list';

describe('where the list after `motion.` itself is asked for, before the language server is there', () => {
  it('after `motion.` in code, wherever it stands', () => {
    for (const before of [
      'motion.',
      '    motion.',
      'x = motion.',
      'import motion.',
      'from motion.',
      'print(motion.',
      'f(a, motion.',
    ])
      assert.ok(asksForPackages(before, 'python'), before);
    for (const before of ['motion.', 'local sk = motion.', 'print("x", motion.'])
      assert.ok(asksForPackages(before, 'lua'), before);
    assert.ok(asksForPackages('print("a", motion.', 'python'), 'a string closed before it');
  });

  it('not after a path below the package, another name, or a member of something else', () => {
    for (const before of [
      'motion.settings.',
      'motion.se',
      'my_motion.',
      'self.motion.',
      'motion',
      'emotion.',
      'motion. ',
    ])
      assert.ok(!asksForPackages(before, 'python'), before);
  });

  it('not in a comment, nor in a string', () => {
    for (const before of ['# see motion.', 'x = 1  # motion.', 'print("motion.', "print('motion.", 's = """motion.'])
      assert.ok(!asksForPackages(before, 'python'), before);
    for (const before of ['-- motion.', 's = [[motion.', 'print("motion.'])
      assert.ok(!asksForPackages(before, 'lua'), before);
    assert.ok(asksForPackages('x = 1 # motion.', 'lua'), 'a # is no comment in Lua');
  });
});

describe('whether the bundled package list is the language server’s for a script', () => {
  it('yes with no target versions; no when the script or the setting names them', () => {
    assert.ok(packageListFits('import motion\nmotion.', undefined));
    assert.ok(packageListFits('import motion\nmotion.', ''));
    assert.ok(
      packageListFits('import motion\n# motion: targets 2024.1\nmotion.', undefined),
      'a comment below the top names none',
    );
    assert.ok(!packageListFits('# motion: targets >=2024.1\nimport motion\nmotion.', undefined));
    assert.ok(!packageListFits('-- motion: targets 2024.1\nmotion.', undefined));
    assert.ok(!packageListFits('import motion\nmotion.', '>=2024.1'));
  });
});
