import assert from 'node:assert/strict';
import { pathKey } from '../../src/api/files/path-key';

describe('the name a file is matched by when two programs name it', () => {
  it('on Windows: one name for C:\\proj/x.lua, c:\\proj\\x.lua and C:\\PROJ\\X.lua', () => {
    const names = ['C:\\proj/x.lua', 'c:\\proj\\x.lua', 'C:\\PROJ\\X.lua', 'C:/proj/x.lua'];
    assert.deepEqual(new Set(names.map((name) => pathKey(name, 'win32'))), new Set(['c:\\proj\\x.lua']));
  });

  it('elsewhere: the path as it is, letter case and all', () => {
    assert.equal(pathKey('/home/Zoë/Proj/x.lua', 'linux'), '/home/Zoë/Proj/x.lua');
    assert.notEqual(pathKey('/proj/X.lua', 'linux'), pathKey('/proj/x.lua', 'linux'));
  });
});
