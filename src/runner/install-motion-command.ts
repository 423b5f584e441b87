import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { onPath } from './path-entries';
import { announceEnvironmentChange, changeUserPath } from './windows-user-path';

/**
 * `motion` outside VS Code, in any shell, as editors offer their own command ("Install 'code'
 * command in PATH"): a launcher in the user's own bin folder that runs the installed extension's
 * CLI with VS Code's runtime, so that no Node need be installed. No `vscode` import: the extension
 * asks, and the tests run it in plain Node (and under Wine for Windows).
 */

/** Where it is installed, what runs it, and what this machine's PATH is. */
export interface CommandPlace {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
  /** VS Code's runtime (Electron, run as Node; plain Node in a server such as code-server). */
  runtime: string;
  /** The CLI's script: dist/motion.js of the installed extension. */
  cli: string;
}

/**
 * The user's own bin folder: $XDG_BIN_HOME or ~/.local/bin, where pipx and uv put commands too (on
 * PATH in most Linux distributions' default profiles); on Windows a folder of ours under
 * %LOCALAPPDATA%\Programs, as per-user installers use, added to the user's PATH.
 */
export function commandFolder(place: Pick<CommandPlace, 'platform' | 'env' | 'home'>): string {
  if (place.platform === 'win32')
    return join(place.env.LOCALAPPDATA ?? join(place.home, 'AppData', 'Local'), 'Programs', 'Motion Scripting', 'bin');
  return place.env.XDG_BIN_HOME || join(place.home, '.local', 'bin');
}

/** A word for sh: single-quoted, each ' written as '\''. */
function shQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Where the extension's versions lie: the folder holding its folder, and its folder's name without
 * the version (`publisher.motion-scripting` of `publisher.motion-scripting-0.1.0`), for the
 * launcher to find the version an update put beside the one it was written for.
 */
function extensionVersions(cli: string, separator: '/' | '\\'): { parent: string; prefix: string } {
  const split = (path: string) => path.split(separator === '\\' ? /[\\/]/ : /\//);
  const parts = split(cli);
  // .../extensions/publisher.motion-scripting-0.1.0/dist/motion.js
  const folder = parts.at(-3) ?? '';
  return { parent: parts.slice(0, -3).join(separator), prefix: folder.replace(/-\d[\w.+-]*$/, '') };
}

/** What the launcher says when neither the extension it names nor a newer one is there. */
const GONE =
  "Motion Scripting is not where this command expects it (updated or uninstalled). Open VS Code with the extension once: it updates this command. Or install the extension again; Motion: Uninstall 'motion' Command removes this command.";

/** The launcher's name and text on this platform. */
export function commandLauncher(place: CommandPlace): { name: string; text: string } {
  if (place.platform === 'win32') {
    const { parent, prefix } = extensionVersions(place.cli, '\\');
    return {
      name: 'motion.cmd',
      // cmd reads a .cmd file in the console's code page, line by line: after `chcp 65001` the
      // lines that name the paths are read as UTF-8 (a user folder such as C:\Users\Zoë), and the
      // console's own code page is put back before the exit.
      text: [
        '@echo off',
        "rem motion: installed by Motion Scripting (Motion: Install 'motion' Command). Runs its CLI with VS Code's runtime.",
        'setlocal',
        'for /f "tokens=2 delims=:." %%c in (\'chcp\') do set "MOTION_CODE_PAGE=%%c"',
        'chcp 65001 >nul',
        'set ELECTRON_RUN_AS_NODE=1',
        `set "MOTION_CLI=${place.cli}"`,
        `set "MOTION_RUNTIME=${place.runtime}"`,
        // An update moved the extension: the version beside the one named (the last by name).
        // (From its folder: Wine's cmd finds nothing with a quoted pattern; the name has no space.)
        `if not exist "%MOTION_CLI%" if exist "${parent}" (`,
        `  pushd "${parent}"`,
        `  for /d %%d in (${prefix}-*) do if exist "%%~fd\\dist\\motion.js" set "MOTION_CLI=%%~fd\\dist\\motion.js"`,
        '  popd',
        ')',
        // In a block, cmd reads a parenthesis of the message as the block's end unless escaped.
        `if not exist "%MOTION_CLI%" (echo motion: ${GONE.replace(/[()]/g, '^$&')} 1>&2& set MOTION_EXIT=127& goto :end)`,
        'if not exist "%MOTION_RUNTIME%" set "MOTION_RUNTIME=node"',
        '"%MOTION_RUNTIME%" "%MOTION_CLI%" %*',
        'set MOTION_EXIT=%ERRORLEVEL%',
        ':end',
        'chcp %MOTION_CODE_PAGE% >nul',
        'exit /b %MOTION_EXIT%',
        '',
      ].join('\r\n'),
    };
  }
  const { parent, prefix } = extensionVersions(place.cli, '/');
  return {
    name: 'motion',
    text: [
      '#!/bin/sh',
      "# motion: installed by Motion Scripting (Motion: Install 'motion' Command). Runs its CLI with VS Code's runtime.",
      `cli=${shQuoted(place.cli)}`,
      `runtime=${shQuoted(place.runtime)}`,
      '# An update moved the extension: the version beside the one named (the last by name).',
      `[ -f "$cli" ] || for found in ${shQuoted(parent)}/${shQuoted(prefix)}-*/dist/motion.js; do [ -f "$found" ] && cli=$found; done`,
      `[ -f "$cli" ] || { echo ${shQuoted(`motion: ${GONE}`)} >&2; exit 127; }`,
      '# VS Code updated too: its runtime moved; a node on PATH runs the CLI as well.',
      '[ -x "$runtime" ] || runtime=node',
      'ELECTRON_RUN_AS_NODE=1 exec "$runtime" "$cli" "$@"',
      '',
    ].join('\n'),
  };
}

interface Installed {
  /** The launcher written. */
  file: string;
  folder: string;
  /** Whether a new shell finds it: the folder on PATH (on Windows, put there now). */
  onPath: boolean;
  /** What the person still has to do, when the folder is not on PATH or running programs were not told. */
  advice?: string;
}

/** The user's PATH on Windows: changed where new sessions read it, then announced to running programs. */
export interface UserPath {
  /** `add` puts `folder` at the PATH's end, else takes it off; says whether the PATH changed. */
  change(folder: string, add: boolean): Promise<boolean>;
  /** Says whether running programs were told. */
  announce(): Promise<boolean>;
}

const WINDOWS_USER_PATH: UserPath = { change: changeUserPath, announce: announceEnvironmentChange };

/** What a person is told when the programs already running could not be told of the new PATH. */
const NOT_ANNOUNCED =
  'Programs started before (Explorer, open terminals) see the new PATH once you sign out and in again.';

/**
 * Writes the launcher (again, when the extension moved with an update: it names the CLI's path).
 * On Windows the folder is added to the user's PATH (the launcher is taken back when that fails, so
 * nothing is half-installed); elsewhere the person is told how, when the folder is not on it.
 */
export async function installMotionCommand(
  place: CommandPlace,
  userPath: UserPath = WINDOWS_USER_PATH,
): Promise<Installed> {
  const folder = commandFolder(place);
  const { name, text } = commandLauncher(place);
  const file = join(folder, name);
  await mkdir(folder, { recursive: true });
  const before = await readFile(file, 'utf8').catch(() => undefined);
  if (before !== text) await writeFile(file, text);
  if (place.platform !== 'win32') {
    await chmod(file, 0o755);
    if (onPath(place.env.PATH, folder, place.platform)) return { file, folder, onPath: true };
    return {
      file,
      folder,
      onPath: false,
      advice: `${folder} is not on PATH: add it (for example \`export PATH="${folder}:$PATH"\` in ~/.profile), then open a new shell.`,
    };
  }
  try {
    if (!(await userPath.change(folder, true)) || (await userPath.announce())) return { file, folder, onPath: true };
  } catch (error) {
    if (before === undefined) await rm(file, { force: true });
    throw error;
  }
  return { file, folder, onPath: true, advice: NOT_ANNOUNCED };
}

/** Removes the launcher (and, on Windows, its folder from the user's PATH). Nothing else is touched. */
export async function uninstallMotionCommand(
  place: CommandPlace,
  userPath: UserPath = WINDOWS_USER_PATH,
): Promise<string> {
  const folder = commandFolder(place);
  const file = join(folder, commandLauncher(place).name);
  await rm(file, { force: true });
  if (place.platform === 'win32' && (await userPath.change(folder, false))) await userPath.announce();
  return file;
}

/**
 * After an update the extension lives in another folder: a launcher installed before is written
 * again to name the new CLI. One not installed (or removed by the person) is left absent.
 */
export async function refreshMotionCommand(place: CommandPlace): Promise<boolean> {
  const { name, text } = commandLauncher(place);
  const file = join(commandFolder(place), name);
  const now = await readFile(file, 'utf8').catch(() => undefined);
  if (now === undefined || now === text) return false;
  await writeFile(file, text);
  return true;
}
