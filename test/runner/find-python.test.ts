import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import {
  defaultPythonCommands,
  findPython,
  judgeProbe,
  probeCommand,
  PythonNotFound,
  type Probe,
  type ProbeOutcome,
} from '../../src/api/runtime/find-python';
import { scratchFolder } from '../support/scratch-folder';

const STORE_ALIAS_WORDS =
  'Python was not found; run without arguments to install from the Microsoft Store, or disable this shortcut from Settings > Manage App Execution Aliases.';

/** A machine whose commands answer as given; every command asked is recorded. */
function machine(commands: Record<string, ProbeOutcome>): { probe: Probe; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    probe: async (command) => {
      asked.push(command);
      return commands[command] ?? { missing: true };
    },
  };
}

const python = (executable: string): ProbeOutcome => ({
  code: 0,
  stdout: `motion-python:${executable}\r\n`,
  stderr: '',
});

describe('finding the Python that runs scripts', () => {
  describe('what a command’s answer says', () => {
    it('the Microsoft Store’s alias, by its exit code 9009 or by its words', () => {
      assert.equal(
        judgeProbe('python3', { code: 9009, stdout: '', stderr: '' }),
        '"python3" is the Microsoft Store\'s alias, not an installed Python',
      );
      assert.equal(
        judgeProbe('python', { code: 49, stdout: '', stderr: STORE_ALIAS_WORDS }),
        '"python" is the Microsoft Store\'s alias, not an installed Python',
      );
    });

    it('a Python, by its own path, whatever else it printed first and whatever its line ends', () => {
      assert.deepEqual(
        judgeProbe('py', {
          code: 0,
          stdout: 'a sitecustomize says hello\r\nmotion-python:C:\\Python312\\python.exe\r\n',
          stderr: '',
        }),
        { command: 'py', executable: 'C:\\Python312\\python.exe' },
      );
    });

    it('a command that is missing, or that does not answer as Python', () => {
      assert.equal(judgeProbe('py', { missing: true }), '"py" was not found');
      assert.equal(
        judgeProbe('/bin/false', { code: 1, stdout: '', stderr: '' }),
        '"/bin/false" did not answer as Python does (exit 1)',
      );
      assert.equal(
        judgeProbe('node', { code: 9, stdout: '', stderr: 'node: bad option: -c\nmore' }),
        '"node" did not answer as Python does (exit 9: node: bad option: -c)',
      );
      assert.equal(
        judgeProbe('echo', { code: 0, stdout: 'something else\n', stderr: '' }),
        '"echo" did not answer as Python does (exit 0)',
      );
    });
  });

  describe('in what order', () => {
    it('on Windows: the py launcher, then python, then python3 (often the Store’s alias)', async () => {
      assert.deepEqual(defaultPythonCommands('win32'), ['py', 'python', 'python3']);
      const { probe, asked } = machine({
        python: { code: 9009, stdout: '', stderr: STORE_ALIAS_WORDS },
        python3: python('C:\\Users\\Zoë\\AppData\\Local\\Programs\\Python\\Python312\\python.exe'),
      });
      assert.deepEqual(await findPython(undefined, probe, 'win32'), {
        command: 'python3',
        executable: 'C:\\Users\\Zoë\\AppData\\Local\\Programs\\Python\\Python312\\python.exe',
      });
      assert.deepEqual(asked, ['py', 'python', 'python3']);
    });

    it('elsewhere: python3, then python; the default command named is searched the same way', async () => {
      assert.deepEqual(defaultPythonCommands('linux'), ['python3', 'python']);
      const { probe, asked } = machine({ python: python('/usr/local/bin/python') });
      assert.deepEqual(await findPython('python3', probe, 'linux'), { command: 'python', executable: 'python' });
      assert.deepEqual(asked, ['python3', 'python']);
    });

    it('stops at the first Python', async () => {
      const { probe, asked } = machine({ py: python('C:\\Python312\\python.exe'), python: python('C:\\other.exe') });
      assert.equal((await findPython(undefined, probe, 'win32')).executable, 'C:\\Python312\\python.exe');
      assert.deepEqual(asked, ['py']);
    });

    it('a chosen interpreter only, never another in its place', async () => {
      const { probe, asked } = machine({ python3: python('/usr/bin/python3') });
      await assert.rejects(findPython('C:\\tools\\python.exe', probe, 'win32'), {
        name: 'PythonNotFound',
        message: 'the Python interpreter "C:\\tools\\python.exe" was not found',
      });
      assert.deepEqual(asked, ['C:\\tools\\python.exe']);
    });

    it('none: every command tried, each with why it was passed over, and what to do', async () => {
      const { probe } = machine({ python3: { code: 9009, stdout: '', stderr: STORE_ALIAS_WORDS } });
      const error = await findPython(undefined, probe, 'win32').catch((e: unknown) => e);
      assert.ok(error instanceof PythonNotFound);
      assert.equal(
        error.message,
        'no Python was found: "py" was not found; "python" was not found; "python3" is the Microsoft Store\'s alias, not an installed Python. Install Python (on Windows, from python.org, which adds the "py" launcher) or set motion.python.path',
      );
    });
  });

  describe('real commands', function () {
    this.timeout(30_000);
    const scratch = scratchFolder('motion-find-python-');
    const windows = process.platform === 'win32';

    /** A command file: a shell script here, a .cmd file on Windows (which Node starts only through cmd.exe). */
    function command(name: string, posix: string, cmd: string): string {
      const file = join(scratch.path, windows ? `${name}.cmd` : name);
      writeFileSync(file, windows ? `@echo off\r\n${cmd}\r\n` : `#!/bin/sh\n${posix}\n`);
      chmodSync(file, 0o755);
      return file;
    }

    it('passes over the Store’s alias as it really answers', async () => {
      const alias = command(
        'python3',
        `echo '${STORE_ALIAS_WORDS}' >&2; exit 49`,
        // cmd.exe reads a bare '>' as a redirection (it made a file named "Manage"): '^>' prints it.
        `echo ${STORE_ALIAS_WORDS.replace('>', '^>')} 1>&2\r\nexit /b 9009`,
      );
      await assert.rejects(
        findPython(alias, probeCommand, 'win32'),
        /is the Microsoft Store's alias, not an installed Python/,
      );
    });

    it('on Windows, asks a launcher or a shim for the Python it starts (a .cmd file there), and runs that', async () => {
      const shim = command(
        'py',
        `exec "\${MOTION_TEST_PYTHON:-python3}" "$@"`,
        'echo motion-python:C:\\Python312\\python.exe',
      );
      const found = await findPython(shim, probeCommand, 'win32');
      assert.equal(found.command, shim);
      if (windows) assert.equal(found.executable, 'C:\\Python312\\python.exe');
      else assert.notEqual(found.executable, shim, 'the interpreter itself, not the launcher');
    });

    it('elsewhere, finds python3 along PATH without starting it; a folder without one, then python', async function () {
      if (windows) return this.skip(); // Windows asks each command for its interpreter
      const started = join(scratch.path, 'started');
      const bin = join(scratch.path, 'path-bin');
      const other = join(scratch.path, 'path-other');
      mkdirSync(bin, { recursive: true });
      mkdirSync(join(other, 'python3'), { recursive: true }); // a folder named python3 is no command
      for (const name of ['python3', 'python']) {
        writeFileSync(join(bin, name), `#!/bin/sh\necho ${name} >> "${started}"\n`);
        chmodSync(join(bin, name), 0o755);
      }
      writeFileSync(join(other, 'python'), '#!/bin/sh\n');
      chmodSync(join(other, 'python'), 0o755);
      const path = process.env.PATH;
      try {
        process.env.PATH = [other, bin].join(delimiter);
        assert.deepEqual(await findPython(), { command: 'python3', executable: 'python3' });
        process.env.PATH = other;
        assert.deepEqual(await findPython(), { command: 'python', executable: 'python' });
        process.env.PATH = join(scratch.path, 'nowhere');
        await assert.rejects(findPython(), /no Python was found: "python3" was not found; "python" was not found/);
      } finally {
        process.env.PATH = path;
      }
      assert.equal(existsSync(started), false, 'no Python was started to find it');
    });

    it('elsewhere, runs a chosen command as it is (a wrapper’s flags apply), and finds python3 by its name', async function () {
      if (windows) return this.skip(); // Windows' rules are the test above
      const wrapper = command('python-wrapper', 'exec python3 -S "$@"', '');
      assert.deepEqual(await findPython(wrapper), { command: wrapper, executable: wrapper });
      assert.deepEqual(await findPython(), { command: 'python3', executable: 'python3' });
    });
  });
});
