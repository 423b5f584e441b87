import assert from 'node:assert/strict';
import { replaceFile } from '../../src/api/files/replace-file';

/** A rename refused `times` times with `code`, then done; every try and wait recorded. */
function heldFile(times: number, code: string) {
  const log: string[] = [];
  let left = times;
  return {
    log,
    rename: async (from: string, to: string) => {
      log.push(`rename ${from} ${to}`);
      if (left-- > 0) throw Object.assign(new Error(`${code}: rename`), { code });
    },
    wait: async (ms: number) => {
      log.push(`wait ${ms}`);
    },
  };
}

describe('replacing a file (the last step of an all-or-nothing write)', () => {
  for (const code of ['EBUSY', 'EPERM', 'EACCES']) {
    it(`on Windows, waits out ${code} from a program that holds the file a moment`, async () => {
      const held = heldFile(3, code);
      await replaceFile('a.tmp', 'a', { platform: 'win32', ...held });
      assert.deepEqual(held.log, [
        'rename a.tmp a',
        'wait 10',
        'rename a.tmp a',
        'wait 20',
        'rename a.tmp a',
        'wait 40',
        'rename a.tmp a',
      ]);
    });
  }

  it('on Windows, gives the error after about 1.5 s of waiting', async () => {
    const held = heldFile(100, 'EBUSY');
    await assert.rejects(replaceFile('a.tmp', 'a', { platform: 'win32', ...held }), { code: 'EBUSY' });
    const waits = held.log.filter((line) => line.startsWith('wait')).map((line) => Number(line.slice(5)));
    assert.equal(held.log.filter((line) => line.startsWith('rename')).length, waits.length + 1);
    const total = waits.reduce((a, b) => a + b, 0);
    assert.ok(total >= 1000 && total <= 2000, `waited ${total} ms in all`);
  });

  it('does not wait out a file that is missing', async () => {
    const held = heldFile(1, 'ENOENT');
    await assert.rejects(replaceFile('a.tmp', 'a', { platform: 'win32', ...held }), { code: 'ENOENT' });
    assert.deepEqual(held.log, ['rename a.tmp a']);
  });

  for (const platform of ['linux', 'darwin'] as const)
    it(`on ${platform}, where EPERM is a real refusal, gives it at once`, async () => {
      const held = heldFile(1, 'EPERM');
      await assert.rejects(replaceFile('a.tmp', 'a', { platform, ...held }), { code: 'EPERM' });
      assert.deepEqual(held.log, ['rename a.tmp a']);
    });
});
