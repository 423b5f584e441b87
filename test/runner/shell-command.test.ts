import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { commandLine, shellKind } from '../../src/runner/shell-command';

const PIP = ['-m', 'pip', 'install', 'debugpy'];

describe('a command line for the shell a terminal runs', () => {
  it('knows the shell by its program, with or without a path and .exe; none: the platform’s default', () => {
    assert.equal(shellKind('C:\\Program Files\\PowerShell\\7\\pwsh.exe'), 'powershell');
    assert.equal(shellKind('C:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0\\powershell.exe'), 'powershell');
    assert.equal(shellKind('C:\\WINDOWS\\System32\\cmd.exe'), 'cmd');
    assert.equal(shellKind('C:\\Program Files\\Git\\bin\\bash.exe'), 'posix');
    assert.equal(shellKind('/bin/zsh'), 'posix');
    assert.equal(shellKind(undefined, 'win32'), 'powershell');
    assert.equal(shellKind('', 'linux'), 'posix');
  });

  it('PowerShell: the call operator before a quoted program, single quotes doubled inside', () => {
    assert.equal(
      commandLine(
        ["C:\\Users\\Zoë O'Neil\\AppData\\Local\\Programs\\Python\\Python312\\python.exe", ...PIP],
        'powershell',
      ),
      "& 'C:\\Users\\Zoë O''Neil\\AppData\\Local\\Programs\\Python\\Python312\\python.exe' -m pip install debugpy",
    );
    assert.equal(
      commandLine(['C:\\Python312\\python.exe', ...PIP], 'powershell'),
      'C:\\Python312\\python.exe -m pip install debugpy',
    );
  });

  it('cmd: double quotes around a path with spaces', () => {
    assert.equal(
      commandLine(['C:\\Program Files\\Python312\\python.exe', ...PIP], 'cmd'),
      '"C:\\Program Files\\Python312\\python.exe" -m pip install debugpy',
    );
  });

  it('POSIX shells: single quotes, a single quote inside closed and reopened; plain words as they are', () => {
    assert.equal(commandLine(['/usr/bin/python3', ...PIP], 'posix'), '/usr/bin/python3 -m pip install debugpy');
    assert.equal(
      commandLine(["/home/zoë/it's here/python", ...PIP], 'posix'),
      "'/home/zoë/it'\\''s here/python' -m pip install debugpy",
    );
  });

  it('bash runs the line it is given as the program and arguments they were', function () {
    if (process.platform === 'win32') return this.skip(); // bash is the shell tested here
    const argv = ['printf', '%s|', "it's", 'a b', '$HOME', '`x`', 'C:\\x y', ''];
    assert.equal(
      execFileSync('bash', ['-c', commandLine(argv, 'posix')], { encoding: 'utf8' }),
      "it's|a b|$HOME|`x`|C:\\x y||",
    );
  });

  it('cmd runs the line it is given as the program and arguments they were', function () {
    if (process.platform !== 'win32') return this.skip(); // cmd.exe: on Windows (the Windows leg)
    const line = commandLine(
      [process.execPath, '-e', 'console.log(process.argv.slice(1).join(String.fromCharCode(124)))', 'a b', 'c'],
      'cmd',
    );
    const ran = spawnSync('cmd.exe', ['/d', '/s', '/c', `"${line}"`], {
      encoding: 'utf8',
      windowsVerbatimArguments: true,
    });
    assert.equal(ran.stdout.trim(), 'a b|c');
  });
});
