import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { besideScript, callSite, tracebackSite, whereItStopped } from '../../src/runner/dry-run/call-site';

describe('where a call was made, or a run stopped, as a person reads it beside the script', () => {
  const script = resolve('/lab/tools/tool.py');

  it('reads the file and line a caller names, the file possibly with colons of its own', () => {
    assert.deepEqual(callSite('/lab/tools/tool.py:14'), { file: '/lab/tools/tool.py', line: 14 });
    assert.deepEqual(callSite('C:\\lab\\tool.lua:3'), { file: 'C:\\lab\\tool.lua', line: 3 });
    assert.equal(callSite('tool.py'), undefined, 'no line');
    assert.equal(callSite(':3'), undefined, 'no file');
    assert.equal(callSite(undefined), undefined);
  });

  it('names a file relative to the script’s folder, by its name without a script, and a relative one as given', () => {
    assert.equal(besideScript(script, script), 'tool.py');
    assert.equal(besideScript(resolve('/lab/tools/helpers/io.py'), script), join('helpers', 'io.py'));
    assert.equal(besideScript(resolve('/lab/shared/io.py'), script), join('..', 'shared', 'io.py'));
    assert.equal(besideScript(resolve('/lab/tools/helpers/io.py'), undefined), 'io.py');
    assert.equal(besideScript('helpers/io.lua', script), 'helpers/io.lua');
  });

  it('says a line of the script by its number, and one of another file by that file', () => {
    assert.equal(whereItStopped({ type: 'NameError', message: 'x', line: 3 }, script), ' at line 3');
    assert.equal(whereItStopped({ type: 'NameError', message: 'x', line: 3, file: script }, script), ' at line 3');
    assert.equal(
      whereItStopped(
        { type: 'ModuleNotFoundError', message: 'x', line: 2, file: resolve('/lab/tools/helpers/broken.py') },
        script,
      ),
      ` at ${join('helpers', 'broken.py')}:2`,
    );
    assert.equal(whereItStopped({ type: 'LuaError', message: 'x' }, script), '', 'no line known');
    assert.equal(whereItStopped(undefined, script), '');
  });

  it('reads the file and line a traceback’s line names, in Python and in Lua, and none in the interpreters’ own frames', () => {
    assert.deepEqual(tracebackSite('  File "/w/tools/fill.py", line 12, in fill_gaps'), {
      file: '/w/tools/fill.py',
      line: 12,
    });
    assert.deepEqual(tracebackSite('  File "C:\\w\\tool.py", line 3, in <module>'), {
      file: 'C:\\w\\tool.py',
      line: 3,
    });
    assert.deepEqual(tracebackSite("\t/w/tool.lua:7: in function 'fill'"), { file: '/w/tool.lua', line: 7 });
    assert.deepEqual(tracebackSite('helpers/io.lua:4: attempt to index a nil value'), {
      file: 'helpers/io.lua',
      line: 4,
    });
    assert.equal(tracebackSite('  File "<string>", line 1, in <module>'), undefined);
    assert.equal(tracebackSite("\t[C]: in function 'error'"), undefined);
    assert.equal(tracebackSite('ValueError: bad trial'), undefined);
    assert.equal(tracebackSite('filled 3 gaps at 12:30'), undefined);
  });
});
