import assert from 'node:assert/strict';
import { isMotionFileName, isMotionTest, usesMotion } from '../../src/api/text/uses-motion';

describe('what makes a file a motion one', () => {
  it('a Python script that imports motion, however it is written', () => {
    for (const text of [
      'import motion\n',
      'import motion.gui.selection as selection\n',
      'from motion.settings.processing import skeleton\n',
      'from motion import data\n',
      'import os, motion\n',
      'import numpy as np, motion.gui as gui\n',
      'def f():\n    import motion\n',
      'x = 1\nif True:\n\tfrom motion.gui import selection\n',
    ])
      assert.equal(usesMotion('python', text), true, text);
  });

  it('a Python script that does not', () => {
    for (const text of [
      '',
      'import os\n',
      'import motionless\n',
      'from motion_tools import x\n',
      '# import motion\n',
      'print("import motion")\n',
      'x = "from motion import y"\n',
      'import emotion\n',
      'from promotion import motion\n',
    ])
      assert.equal(usesMotion('python', text), false, text);
  });

  it('a Lua script that calls motion, or requires it', () => {
    for (const text of [
      'motion.gui.selection.clear()\n',
      'local n = motion . settings.processing.skeleton.get_skeleton_count("project")\n',
      'local sk = require("motion.settings")\n',
      "local m = require 'motion'\n",
      'print(motion.utilities.documentation.get_package_name())',
      // A comment between two names separates them: what follows it is a call of motion.
      'local t = x--[[note]]motion.gui.selection.clear()\n',
    ])
      assert.equal(usesMotion('lua', text), true, text);
  });

  it('a Lua script that only mentions it', () => {
    for (const text of [
      'print("hello")\n',
      '-- motion.gui.selection.clear()\n',
      '--[[ motion.gui\n  motion.x ]] print(1)\n',
      'local emotion = {}; emotion.x = 1\n',
      'local t = {}; t.motion.x = 1\n',
      "print('motion.x')\n",
      'local motion = 3\n',
    ])
      assert.equal(usesMotion('lua', text), false, text);
  });

  it('notebooks and snapshots are motion files by their name', () => {
    assert.equal(isMotionFileName('/w/stage.motion.json'), true);
    assert.equal(isMotionFileName('C:\\w\\Explore.MOTIONBOOK'), true);
    assert.equal(isMotionFileName('/w/motion.json'), false);
    assert.equal(isMotionFileName('/w/app.py'), false);
  });

  it('a test file is a script test when it touches motion, not for its name alone', () => {
    assert.equal(isMotionTest('python', 'def test_add():\n    assert 1 + 1 == 2\n'), false);
    assert.equal(isMotionTest('python', 'import motion\ndef test_x(): pass\n'), true);
    assert.equal(isMotionTest('python', '# motion-snapshot: fixtures/a.motion.json\ndef test_x(): pass\n'), true);
    assert.equal(isMotionTest('lua', '-- motion-snapshot: a.motion.json\ndescribe("x", function() end)\n'), true);
    assert.equal(isMotionTest('lua', 'describe("x", function() it("y", function() end) end)\n'), false);
    // The comment stands on its own line, indented or not, with any spaces after its mark.
    assert.equal(isMotionTest('python', '    #motion-snapshot: a.motion.json\n'), true);
    assert.equal(isMotionTest('python', '#   motion-snapshot: a.motion.json\n'), true);
    assert.equal(isMotionTest('python', 'x = 1  # motion-snapshot: a.motion.json\n'), false);
  });
});
