import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  commandFolder,
  commandLauncher,
  installMotionCommand,
  refreshMotionCommand,
  uninstallMotionCommand,
  type CommandPlace,
  type UserPath,
} from '../../src/runner/install-motion-command';
import { onPath } from '../../src/runner/path-entries';
import { startMotionServer, type MotionServer } from '../../server/scripting/motion-server';
import { CLI_BIN } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';

const run = promisify(execFile);

// "Motion: Install 'motion' Command": a launcher in the user's bin folder, run from a shell that
// VS Code did not start (no MOTION_* variables, only PATH and the system's own).
describe("motion outside VS Code: the launcher Install 'motion' Command writes", function () {
  this.timeout(30_000);
  const scratch = scratchFolder('motion-command-');
  const windows = process.platform === 'win32';
  let server: MotionServer;
  before(async () => (server = await startMotionServer({ port: 0, logLevel: 'silent' })));
  after(() => server.close());

  /** A home of its own, with a space, an apostrophe and a letter beyond ASCII in its name. */
  function place(overrides: Partial<CommandPlace> = {}): CommandPlace {
    const home = join(scratch.path, 'Zoë O’Neil');
    return {
      platform: process.platform,
      env: windows ? { LOCALAPPDATA: join(home, 'AppData', 'Local') } : { PATH: '/usr/bin:/bin' },
      home,
      runtime: process.execPath,
      cli: CLI_BIN,
      ...overrides,
    };
  }

  /** The user's PATH, each change recorded; `announced` is what telling running programs gives. */
  function recordedPath(announced = true): UserPath & { calls: [string, boolean][]; announced: number } {
    const path = {
      calls: [] as [string, boolean][],
      announced: 0,
      change: async (folder: string, add: boolean) => (path.calls.push([folder, add]), true),
      announce: async () => (path.announced++, announced),
    };
    return path;
  }

  /** A shell started by nobody but this test: the system's PATH with the launcher's folder, nothing of VS Code. */
  function shell(folder: string, line: string) {
    // Windows: the system's own environment (Winsock needs several of its variables), without Motion's.
    const system = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^MOTION_/i.test(name)));
    const env: NodeJS.ProcessEnv = windows
      ? { ...system, PATH: `${folder};${process.env.PATH}`, MOTION_URL: server.url }
      : { PATH: `${folder}:/usr/bin:/bin`, HOME: place().home, MOTION_URL: server.url };
    return windows
      ? run('cmd.exe', ['/d', '/c', line], { env, encoding: 'utf8' })
      : run('/bin/sh', ['-c', line], { env, encoding: 'utf8' });
  }

  it('goes to the user’s own bin folder: $XDG_BIN_HOME or ~/.local/bin; on Windows under %LOCALAPPDATA%\\Programs', () => {
    assert.equal(commandFolder({ platform: 'linux', env: {}, home: '/home/zoe' }), join('/home/zoe', '.local', 'bin'));
    assert.equal(
      commandFolder({ platform: 'darwin', env: { XDG_BIN_HOME: '/opt/zoe/bin' }, home: '/Users/zoe' }),
      '/opt/zoe/bin',
    );
    assert.equal(
      commandFolder({
        platform: 'win32',
        env: { LOCALAPPDATA: 'C:\\Users\\Zoë\\AppData\\Local' },
        home: 'C:\\Users\\Zoë',
      }),
      join('C:\\Users\\Zoë\\AppData\\Local', 'Programs', 'Motion Scripting', 'bin'),
    );
  });

  it(`runs the installed extension's CLI by the name "motion" from ${windows ? 'cmd' : 'a POSIX shell'}: its help, a tree, and its exit codes`, async () => {
    const path = recordedPath();
    const installed = await installMotionCommand(place(), path);
    assert.equal(installed.file, join(commandFolder(place()), windows ? 'motion.cmd' : 'motion'));
    if (!windows) assert.equal(statSync(installed.file).mode & 0o111, 0o111, 'executable');
    const { stdout } = await shell(installed.folder, 'motion docs --help');
    assert.match(stdout, /^Usage: motion docs/);
    const tree = await shell(installed.folder, 'motion tree --source project');
    assert.match(tree.stdout, /FullBody/);
    const failed = await shell(installed.folder, 'motion no-such-command').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failed?.code, 2);
    assert.match(failed?.stderr ?? '', /unknown command "no-such-command"/);
    // Windows: the folder goes on the user's PATH; elsewhere PATH is the person's own.
    assert.deepEqual(path.calls, windows ? [[installed.folder, true]] : []);
    assert.equal(path.announced, windows ? 1 : 0);
    if (windows) assert.equal(installed.advice, undefined, 'the PATH changed and was announced');
  });

  it('on Windows, says when running programs could not be told of the new PATH, and takes the launcher back when the PATH cannot be changed', async () => {
    const windowsPlace = place({ platform: 'win32', env: { LOCALAPPDATA: join(scratch.path, 'local') } });
    const told = recordedPath(false);
    const unannounced = await installMotionCommand(windowsPlace, told);
    assert.deepEqual(told.calls, [[commandFolder(windowsPlace), true]], 'the folder added to the PATH');
    assert.equal(unannounced.onPath, true);
    assert.match(
      unannounced.advice ?? '',
      /^Programs started before \(Explorer, open terminals\) see the new PATH once you sign out and in again\.$/,
    );
    const already = { ...recordedPath(false), change: async () => false };
    const again = await installMotionCommand(windowsPlace, already);
    assert.deepEqual(
      [again.onPath, again.advice, already.announced],
      [true, undefined, 0],
      'nothing changed, nothing to tell',
    );
    const removed = recordedPath();
    await uninstallMotionCommand(windowsPlace, removed);
    assert.deepEqual([removed.calls, removed.announced], [[[commandFolder(windowsPlace), false]], 1]);
    // Uninstalled twice (or never installed): nothing to remove, no error, and nobody told of a PATH unchanged.
    const unchanged = { ...recordedPath(), change: async () => false };
    await uninstallMotionCommand(windowsPlace, unchanged);
    assert.equal(unchanged.announced, 0);
    const refused: UserPath = {
      change: () => Promise.reject(new Error("the user's PATH could not be changed: ERROR: Access is denied.")),
      announce: async () => true,
    };
    await assert.rejects(installMotionCommand(windowsPlace, refused), /Access is denied/);
    assert.equal(existsSync(join(commandFolder(windowsPlace), 'motion.cmd')), false, 'nothing half-installed');
    // A launcher there before (an update's) stays when the PATH cannot be changed.
    await installMotionCommand(windowsPlace, recordedPath());
    await assert.rejects(installMotionCommand(windowsPlace, refused));
    assert.equal(existsSync(join(commandFolder(windowsPlace), 'motion.cmd')), true);
  });

  it('says how to put the folder on PATH when it is not there, and nothing when it is', async function () {
    if (windows) this.skip();
    const absent = await installMotionCommand(place({ env: { PATH: '/usr/bin:/bin' } }));
    assert.equal(absent.onPath, false);
    assert.match(
      absent.advice ?? '',
      /is not on PATH: add it \(for example `export PATH=".*\/\.local\/bin:\$PATH"` in ~\/\.profile\)/,
    );
    const present = await installMotionCommand(place({ env: { PATH: `/usr/bin:${commandFolder(place())}/` } }));
    assert.deepEqual([present.onPath, present.advice], [true, undefined]);
  });

  it('is written again naming the new CLI after an update, and is not brought back once removed', async () => {
    await installMotionCommand(place(), recordedPath());
    const moved = place({ cli: join(scratch.path, 'motion-scripting-0.2.0', 'dist', 'motion.js') });
    assert.equal(await refreshMotionCommand(moved), true);
    assert.equal(
      readFileSync(join(commandFolder(moved), commandLauncher(moved).name), 'utf8'),
      commandLauncher(moved).text,
    );
    assert.equal(await refreshMotionCommand(moved), false, 'already current');
    const path = recordedPath();
    const removed = await uninstallMotionCommand(moved, path);
    assert.equal(existsSync(removed), false);
    assert.deepEqual(path.calls, windows ? [[commandFolder(moved), false]] : []);
    assert.equal(path.announced, windows ? 1 : 0);
    assert.equal(await refreshMotionCommand(moved), false);
    assert.equal(existsSync(removed), false, 'an update does not bring back what the person removed');
  });

  it('knows a folder on PATH however it is written: a trailing separator, and on Windows any case', () => {
    assert.equal(onPath('/usr/bin:/home/zoe/.local/bin/', '/home/zoe/.local/bin', 'linux'), true);
    assert.equal(onPath('/usr/bin:/home/zoe/.local/bin//', '/home/zoe/.local/bin', 'linux'), true);
    assert.equal(onPath('/usr/bin:/home/zoe/.local/bin2', '/home/zoe/.local/bin', 'linux'), false);
    assert.equal(onPath('/usr/bin:/HOME/zoe/.local/bin', '/home/zoe/.local/bin', 'linux'), false);
    assert.equal(
      onPath(
        'C:\\Windows;c:\\users\\zoë\\appdata\\local\\programs\\motion scripting\\bin\\',
        'C:\\Users\\Zoë\\AppData\\Local\\Programs\\Motion Scripting\\bin',
        'win32',
      ),
      true,
    );
    assert.equal(onPath(undefined, '/x', 'linux'), false);
  });

  it('keeps working when an update moves the extension, and says what to do once it is gone', async () => {
    // The extension as VS Code keeps it: a folder per version; the launcher was written for 0.1.0.
    const extensions = join(scratch.path, 'extensions');
    const version = (v: string) => join(extensions, `motion.motion-scripting-${v}`, 'dist', 'motion.js');
    mkdirSync(dirname(version('0.2.0')), { recursive: true });
    writeFileSync(version('0.2.0'), 'console.log("motion 0.2.0", process.argv.slice(2).join(" "));\n');
    const installed = await installMotionCommand(place({ cli: version('0.1.0') }), recordedPath());
    const moved = await shell(installed.folder, 'motion --version');
    assert.equal(moved.stdout.trim(), 'motion 0.2.0 --version', 'the version an update put beside it runs');
    rmSync(extensions, { recursive: true, force: true });
    const gone = await shell(installed.folder, 'motion --version').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(gone?.code, 127);
    assert.match(
      gone?.stderr ?? '',
      /Motion Scripting is not where this command expects it \(updated or uninstalled\)\. Open VS Code with the extension once/,
    );
  });

  it('quotes the paths it names for sh, whatever they hold', () => {
    const { text } = commandLauncher(
      place({ platform: 'linux', runtime: "/opt/it's here/code", cli: '/a b/$HOME/motion.js' }),
    );
    assert.match(text, /^#!\/bin\/sh\n/);
    assert.ok(text.includes(`cli='/a b/$HOME/motion.js'\nruntime='/opt/it'\\''s here/code'\n`), text);
    assert.ok(text.includes('ELECTRON_RUN_AS_NODE=1 exec "$runtime" "$cli" "$@"'), text);
  });

  it('reads the paths as UTF-8 in cmd, putting the console’s code page back', () => {
    const { name, text } = commandLauncher(
      place({ platform: 'win32', runtime: 'C:\\Code\\Code.exe', cli: 'C:\\Users\\Zoë\\motion.js' }),
    );
    assert.equal(name, 'motion.cmd');
    const lines = text.split('\r\n');
    assert.ok(lines.indexOf('chcp 65001 >nul') < lines.indexOf('set "MOTION_CLI=C:\\Users\\Zoë\\motion.js"'));
    assert.ok(
      lines.indexOf('set "MOTION_RUNTIME=C:\\Code\\Code.exe"') < lines.indexOf('"%MOTION_RUNTIME%" "%MOTION_CLI%" %*'),
    );
    assert.equal(lines.at(-2), 'exit /b %MOTION_EXIT%');
    assert.ok(lines.includes('chcp %MOTION_CODE_PAGE% >nul'));
  });
});
