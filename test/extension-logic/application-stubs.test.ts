import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePythonStubs } from '../../src/extension/typings/python-stubs-folder';
import { applicationIndex, scriptOfEveryCall } from '../support/application-interface';
import { pyright } from '../support/pyright';
import { scratchFolder } from '../support/scratch-folder';

/** The stubs of the application's whole interface accept every valid call, as scripts write them, under pyright's standard mode. */
describe('Python stubs of the application’s whole interface, checked by pyright', function () {
  this.timeout(120_000);
  const scratch = scratchFolder('motion-application-stubs-', { per: 'suite' });
  let folder: string;
  before(async () => {
    folder = scratch.path;
    await writePythonStubs(join(folder, 'typings'), applicationIndex());
    writeFileSync(
      join(folder, 'pyrightconfig.json'),
      JSON.stringify({ typeCheckingMode: 'standard', pythonVersion: '3.11', reportMissingModuleSource: 'none' }),
    );
  });

  for (const style of ['literals', 'names', 'optional-left-out'] as const)
    it(`accepts a valid call of every operation (${style})`, async () => {
      writeFileSync(
        join(folder, `every_call_${style}.py`),
        scriptOfEveryCall(applicationIndex(), 'python', style).text,
      );
      const checked = await pyright(folder, `every_call_${style}.py`);
      assert.match(checked.stdout, /0 errors/, checked.stdout.slice(0, 4000));
    });

  it('still refuses what is wrong: a misspelt operation, a wrong enumeration value, a string for a number', async () => {
    writeFileSync(
      join(folder, 'wrong.py'),
      [
        'import motion',
        'motion.gui._3d.draw_arow([0, 0, 0], [1, 1, 1])',
        'motion.gui.get_commands("builtins")',
        'motion.data.series._3d.get_sample("12", 0)',
        '',
      ].join('\n'),
    );
    const checked = await pyright(folder, 'wrong.py');
    assert.match(checked.stdout, /3 errors/, checked.stdout);
    for (const line of [2, 3, 4]) assert.match(checked.stdout, new RegExp(`wrong\\.py:${line}:\\d+ - error`));
  });
});
