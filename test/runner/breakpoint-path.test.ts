import assert from 'node:assert/strict';
import { breakpointKey } from '../../src/runner/debug/breakpoint-path';

describe('the name a breakpoint’s file is matched by', () => {
  it('on Windows: one name for C:\\proj/x.lua, c:\\proj\\x.lua and C:\\PROJ\\X.lua', () => {
    const names = ['C:\\proj/x.lua', 'c:\\proj\\x.lua', 'C:\\PROJ\\X.lua', 'C:/proj/x.lua'];
    assert.deepEqual(new Set(names.map((name) => breakpointKey(name, 'win32'))), new Set(['c:\\proj\\x.lua']));
  });

  it('elsewhere: the path as it is, letter case and all', () => {
    assert.equal(breakpointKey('/home/Zoë/Proj/x.lua', 'linux'), '/home/Zoë/Proj/x.lua');
    assert.notEqual(breakpointKey('/proj/X.lua', 'linux'), breakpointKey('/proj/x.lua', 'linux'));
  });
});
