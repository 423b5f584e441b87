import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { debugpyStatus, installCommand, missingDebugpyMessage } from '../../src/runner/debug/debugpy-check';
import { debugpyExceptionOptions, debugpyLaunchArguments, programLanguage } from '../../src/runner/debug/motion-launch';
import { DEBIAN_PYTHON } from '../support/debug-fixture';

describe('debug launch: motion configurations in debugpy terms', () => {
  const base = { type: 'motion', request: 'launch', name: 'n', program: '/w/a.py' } as const;

  it('runs the script in the given interpreter with the motion package and the application URL', () => {
    const args = debugpyLaunchArguments(
      {
        ...base,
        python: '/usr/bin/python3',
        serverUrl: 'http://127.0.0.1:1',
        args: ['x'],
        cwd: '/w',
        stopOnEntry: true,
      },
      '/support',
      { PYTHONPATH: '/mine' },
    );
    assert.deepEqual(args, {
      request: 'launch',
      name: 'n',
      program: '/w/a.py',
      cwd: '/w',
      stopOnEntry: true,
      python: ['/usr/bin/python3'],
      args: ['x'],
      console: 'internalConsole',
      redirectOutput: true,
      justMyCode: true,
      rules: [{ path: join('/support', 'motion'), include: false }],
      env: { MOTION_URL: 'http://127.0.0.1:1', PYTHONPATH: `/support${delimiter}/mine`, PYTHONIOENCODING: 'utf-8' },
    });
  });

  it('keeps the configuration’s own environment and PYTHONPATH, and justMyCode when given', () => {
    const args = debugpyLaunchArguments(
      { ...base, python: 'p', serverUrl: 'u', env: { A: '1', PYTHONPATH: '/given' }, justMyCode: false },
      '/s',
      { PYTHONPATH: '/inherited' },
    );
    assert.deepEqual(args.env, {
      A: '1',
      PYTHONPATH: `/s${delimiter}/given`,
      MOTION_URL: 'u',
      PYTHONIOENCODING: 'utf-8',
    });
    assert.equal(args.justMyCode, false);
    assert.deepEqual(args.args, []);
    assert.equal(
      (debugpyLaunchArguments({ ...base, python: 'p', serverUrl: 'u' }, '/s', {}).env as any).PYTHONPATH,
      '/s',
    );
  });

  it('refuses a launch without an interpreter or an application URL, saying which', () => {
    assert.throws(() => debugpyLaunchArguments({ ...base, serverUrl: 'u' }, '/s'), /no Python interpreter/);
    assert.throws(() => debugpyLaunchArguments({ ...base, python: 'p' }, '/s'), /no application URL \(serverUrl\)/);
  });

  it('turns the exception filters into debugpy exception options', () => {
    const every = [{ names: ['Python Exceptions'] }];
    assert.deepEqual(debugpyExceptionOptions([]), { filters: [], exceptionOptions: [] });
    assert.deepEqual(debugpyExceptionOptions(['motionError']).exceptionOptions, [
      { path: [...every, { names: ['motion.MotionError'] }], breakMode: 'always' },
    ]);
    assert.deepEqual(debugpyExceptionOptions(['uncaught', 'motionError']).exceptionOptions, [
      { path: [...every, { names: ['motion.MotionError'] }], breakMode: 'always' },
      { path: every, breakMode: 'unhandled' },
    ]);
    // Raised exceptions of every type include MotionError.
    assert.deepEqual(debugpyExceptionOptions(['raised', 'motionError']).exceptionOptions, [
      { path: every, breakMode: 'always' },
    ]);
  });

  it('tells Python from Lua by the file name', () => {
    assert.equal(programLanguage('/a/b.py'), 'python');
    assert.equal(programLanguage('C:\\a\\B.PY'), 'python');
    assert.equal(programLanguage('x.pyw'), 'python');
    assert.equal(programLanguage('x.lua'), 'lua');
    assert.equal(programLanguage('x.txt'), undefined);
    assert.equal(programLanguage('x.py.txt'), undefined);
    assert.equal(programLanguage('x.lua.bak'), undefined);
    assert.equal(programLanguage('X.LUA'), 'lua');
  });
});

describe('debugpy: is it there, and how to install it', function () {
  this.timeout(20_000);
  it('finds debugpy in Debian’s Python, and would install it there with apt', async function () {
    if (!existsSync(DEBIAN_PYTHON)) this.skip();
    const status = await debugpyStatus(DEBIAN_PYTHON);
    assert.equal(status.installed, true);
    assert.match(status.executable, /^\/usr\/bin\/python3/);
    assert.equal(status.installCommand, 'sudo apt-get install python3-debugpy');
    assert.deepEqual(status.installArgs, ['sudo', 'apt-get', 'install', 'python3-debugpy']);
  });

  it('says how to install it into an interpreter without it, with pip into that interpreter', async function () {
    const status = await debugpyStatus('python3');
    if (status.installed) this.skip();
    assert.equal(status.installCommand, `${status.executable} -m pip install debugpy`);
    assert.equal(
      missingDebugpyMessage(status),
      `Cannot debug: debugpy is not installed in ${status.executable}. Install it with: ${status.executable} -m pip install debugpy`,
    );
  });

  it('says when the interpreter does not exist, or is no Python', async () => {
    const missing = await debugpyStatus('/no/such/python');
    assert.equal(missing.installed, false);
    assert.equal(
      missingDebugpyMessage(missing),
      'Cannot debug: the Python interpreter "/no/such/python" was not found.',
    );
    const notPython = await debugpyStatus('/bin/false');
    assert.match(
      missingDebugpyMessage(notPython),
      /^Cannot debug: "\/bin\/false" could not be run as Python: Command failed: \/bin\/false -c import json, os, sys, sysconfig, importlib\.util\.$/,
      'the first line of what failed',
    );
  });

  it('writes the pip command for the shell a terminal opens by default, and keeps it as arguments to run without one', () => {
    assert.deepEqual(installCommand('/opt/my python/bin/python', false, 'linux'), {
      installArgs: ['/opt/my python/bin/python', '-m', 'pip', 'install', 'debugpy'],
      installCommand: "'/opt/my python/bin/python' -m pip install debugpy",
    });
    assert.equal(
      installCommand('/usr/local/bin/python3', true, 'linux').installCommand,
      '/usr/local/bin/python3 -m pip install debugpy',
    );
    assert.equal(
      installCommand('/opt/a "b"/python', false, 'linux').installCommand,
      `'/opt/a "b"/python' -m pip install debugpy`,
    );
    // PowerShell, VS Code's default shell on Windows, refuses a quoted path followed by arguments.
    assert.equal(
      installCommand('C:\\Users\\Zoë\\AppData\\Local\\Programs\\Python\\Python312\\python.exe', false, 'win32')
        .installCommand,
      'C:\\Users\\Zoë\\AppData\\Local\\Programs\\Python\\Python312\\python.exe -m pip install debugpy',
    );
    assert.equal(
      installCommand('C:\\Program Files\\Python312\\python.exe', false, 'win32').installCommand,
      "& 'C:\\Program Files\\Python312\\python.exe' -m pip install debugpy",
    );
  });
});
