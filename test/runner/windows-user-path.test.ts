import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  announceEnvironmentChange,
  changedPath,
  changeUserPath,
  exportedString,
} from '../../src/runner/windows-user-path';

const run = promisify(execFile);

// What `reg export` wrote (Windows' format, as Wine's reg.exe writes it too): a REG_EXPAND_SZ as
// UTF-16 bytes in hex over continued lines, a REG_SZ quoted with \\ and \" escaped, then a subkey.
const EXPORTED = [
  'Windows Registry Editor Version 5.00',
  '',
  '[HKEY_CURRENT_USER\\Environment]',
  '"Other"="a \\"q\\" \\\\b"',
  '"PATH"=hex(2):25,00,55,00,53,00,45,00,52,00,50,00,52,00,4f,00,46,00,49,00,4c,\\',
  '  00,45,00,25,00,5c,00,62,00,69,00,6e,00,3b,00,43,00,3a,00,5c,00,5a,00,6f,00,\\',
  '  eb,00,00,00',
  '"TEMP"="C:\\\\Temp"',
  '"Count"=dword:00000001',
  '',
  '[HKEY_CURRENT_USER\\Environment\\Sub]',
  '"Path"="not this one"',
  '',
].join('\r\n');

describe("the user's PATH on Windows, read and written in the registry", function () {
  it('reads a value of the export’s first key, whatever the case of its name, in either string kind', () => {
    assert.deepEqual(exportedString(EXPORTED, 'Path'), { kind: 'REG_EXPAND_SZ', value: '%USERPROFILE%\\bin;C:\\Zoë' });
    assert.deepEqual(exportedString(EXPORTED, 'other'), { kind: 'REG_SZ', value: 'a "q" \\b' });
    assert.deepEqual(exportedString(EXPORTED, 'TEMP'), { kind: 'REG_SZ', value: 'C:\\Temp' });
    assert.equal(exportedString(EXPORTED, 'TMP'), undefined);
    assert.equal(exportedString(EXPORTED.replace('"PATH"', '"PATHS"'), 'Path'), undefined, 'not a subkey’s value');
    assert.throws(() => exportedString(EXPORTED, 'Count'), /the registry value Count is not a string .*left as it is/);
    // The same export with bare line feeds (a file saved again by an editor) reads the same.
    assert.deepEqual(exportedString(EXPORTED.replace(/\r\n/g, '\n'), 'Path'), exportedString(EXPORTED, 'Path'));
  });

  it('puts the folder at the end once, and takes off only it, keeping the rest as written', () => {
    const folder = 'C:\\Users\\Zoë\\AppData\\Local\\Programs\\Motion Scripting\\bin';
    assert.equal(changedPath('', folder, true), folder);
    assert.equal(changedPath('%USERPROFILE%\\bin', folder, true), `%USERPROFILE%\\bin;${folder}`);
    assert.equal(changedPath('C:\\a;;C:\\b;', folder, true), `C:\\a;;C:\\b;${folder}`);
    assert.equal(changedPath(`C:\\a;${folder.toUpperCase()}\\;C:\\b`, folder, true), undefined, 'there already');
    assert.equal(changedPath(`C:\\a;${folder}\\;;C:\\b;${folder}`, folder, false), 'C:\\a;;C:\\b');
    assert.equal(changedPath(`${folder}`, folder, false), '');
    assert.equal(changedPath('C:\\a;;C:\\b', folder, false), undefined, 'not there');
    assert.equal(changedPath(`C:\\a;${folder}2`, folder, false), undefined, 'another folder that starts the same');
  });

  it('says running programs were not told when PowerShell cannot be started, rather than fail', async () => {
    const path = process.env.PATH;
    // No folder on PATH holds powershell.exe (nor anything else).
    process.env.PATH = join(tmpdir(), `motion-no-programs-${randomUUID()}`);
    try {
      assert.equal(await announceEnvironmentChange(), false);
    } finally {
      process.env.PATH = path;
    }
  });

  describe("with Windows' reg.exe, in a key of the test's own", function () {
    this.timeout(30_000);
    const key = `HKCU\\Software\\Motion Scripting tests\\${randomUUID()}`;
    const expected = `${key}\\expected`;
    const folder = 'C:\\Users\\Zoë O’Neil\\AppData\\Local\\Programs\\Motion Scripting\\bin';
    before(function () {
      if (process.platform !== 'win32') this.skip();
    });
    after(async () => {
      if (process.platform === 'win32') await run('reg.exe', ['delete', key, '/f']).catch(() => undefined);
    });

    const set = (where: string, kind: string, value: string) =>
      run('reg.exe', ['add', where, '/v', 'Path', '/t', kind, '/d', value, '/f']);
    /** The values of a key as `reg export` writes them (the oracle: reg.exe itself, not our reading of it). */
    async function values(where: string): Promise<string> {
      const file = join(tmpdir(), `motion-test-${randomUUID()}.reg`);
      await run('reg.exe', ['export', where, file, '/y']);
      const text = (await readFile(file)).toString('utf16le');
      await rm(file);
      return text
        .slice(text.indexOf(']') + 1)
        .split(/\r?\n\r?\n\[/)[0]
        .trimEnd();
    }

    it('adds the folder to an expandable PATH, unexpanded and unmangled, then takes it off to the PATH that was', async () => {
      const was = '%USERPROFILE%\\bin;C:\\Users\\Zoë\\tools;%JAVA_HOME%\\bin';
      await set(key, 'REG_EXPAND_SZ', was);
      const before = await values(key);
      assert.equal(await changeUserPath(folder, true, key), true);
      await set(expected, 'REG_EXPAND_SZ', `${was};${folder}`);
      assert.equal(await values(key), await values(expected));
      assert.equal(await changeUserPath(folder.toLowerCase(), true, key), false, 'there already');
      assert.equal(await values(key), await values(expected));
      assert.equal(await changeUserPath(folder, false, key), true);
      assert.equal(await values(key), before);
      assert.equal(await changeUserPath(folder, false, key), false, 'gone already');
    });

    it('keeps a plain REG_SZ PATH plain, and makes an absent one expandable', async () => {
      await set(key, 'REG_SZ', 'C:\\tools');
      await changeUserPath(folder, true, key);
      await set(expected, 'REG_SZ', `C:\\tools;${folder}`);
      assert.equal(await values(key), await values(expected));
      await run('reg.exe', ['delete', key, '/v', 'Path', '/f']);
      await changeUserPath(folder, true, key);
      await set(expected, 'REG_EXPAND_SZ', folder);
      assert.equal(await values(key), await values(expected));
    });

    it('writes nothing when the PATH cannot be read, and says so', async () => {
      const missing = `${key}\\missing`;
      await assert.rejects(changeUserPath(folder, true, missing), /^Error: the user's PATH could not be read: /);
      await assert.rejects(run('reg.exe', ['query', missing]), 'the key is not made');
    });
  });
});
