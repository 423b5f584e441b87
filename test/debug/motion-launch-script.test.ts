import assert from 'node:assert/strict';
import { scriptLaunch, selectionScript } from '../../src/runner/debug/motion-launch';

describe('the launch of one script file, and a selection debugged on its own', () => {
  it('names the launch after the file, with either kind of slash', () => {
    assert.deepEqual(scriptLaunch('/work/scripts/list_skeletons.py'), {
      type: 'motion',
      request: 'launch',
      name: 'Debug list_skeletons.py',
      program: '/work/scripts/list_skeletons.py',
    });
    assert.equal(scriptLaunch('C:\\capture\\calibrate.lua').name, 'Debug calibrate.lua');
    assert.equal(scriptLaunch('a.py', 'Mine').name, 'Mine');
  });

  it('puts a selection at its own line numbers, behind blank lines', () => {
    assert.equal(selectionScript('x = 1\ny = 2', 3), '\n\nx = 1\ny = 2\n');
    assert.equal(selectionScript('x = 1', 1), 'x = 1\n');
    assert.equal(selectionScript('x = 1', 0), 'x = 1\n', 'no line before the first');
  });
});
