import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** A Python found: the command it was found by, and its own path (sys.executable), which is what is run. */
interface FoundPython {
  command: string;
  executable: string;
}

/** What a command printed and how it ended, or that it could not be started (`missing`). */
export type ProbeOutcome = { missing: true } | { missing?: false; code: number; stdout: string; stderr: string };

/** Runs `command` with `args` as a person's shell would find it; never rejects. */
export type Probe = (command: string, args: string[]) => Promise<ProbeOutcome>;

/**
 * The commands that start Python when nobody chose one, in order. On Windows the python.org
 * installer puts the launcher `py` on PATH; `python3` there is often the Microsoft Store's alias,
 * which starts no Python at all.
 */
export function defaultPythonCommands(platform: NodeJS.Platform = process.platform): string[] {
  return platform === 'win32' ? ['py', 'python', 'python3'] : ['python3', 'python'];
}

/** The command to show and keep when nobody chose one: the first of the defaults. */
export function defaultPythonCommand(platform: NodeJS.Platform = process.platform): string {
  return defaultPythonCommands(platform)[0];
}

// No double quotes, so that cmd.exe (for a .bat or .cmd shim) passes it on as it is once quoted.
const ASK_MARK = 'motion-python:';
const PROBE_CODE = `import sys;print('${ASK_MARK}'+sys.executable)`;

/** What the Microsoft Store's alias prints and exits with when no Python is installed. */
const STORE_ALIAS_EXIT = 9009;
const STORE_ALIAS_TEXT = /Python was not found/i;

/** Why a command is not a usable Python, or the Python it starts. */
export function judgeProbe(command: string, outcome: ProbeOutcome): FoundPython | string {
  if (outcome.missing) return `"${command}" was not found`;
  const said = `${outcome.stdout}\n${outcome.stderr}`;
  if (outcome.code === STORE_ALIAS_EXIT || STORE_ALIAS_TEXT.test(said))
    return `"${command}" is the Microsoft Store's alias, not an installed Python`;
  const line = outcome.stdout.split(/\r?\n/).find((text) => text.startsWith(ASK_MARK));
  if (outcome.code !== 0 || !line)
    return `"${command}" did not answer as Python does (exit ${outcome.code}${outcome.stderr.trim() ? `: ${outcome.stderr.trim().split(/\r?\n/)[0]}` : ''})`;
  const executable = line.slice(ASK_MARK.length).trim();
  return { command, executable: executable || command };
}

/** A Python that could not be found, with every command tried and why it was passed over. */
export class PythonNotFound extends Error {
  override name = 'PythonNotFound';
}

const found = new Map<string, Promise<FoundPython>>();

/**
 * The Python that `command` starts. Without a command, or with the first default one, each default
 * is tried in turn, passing over a missing one and the Store's alias. On Windows each command is
 * asked for its own sys.executable, so that a launcher such as `py` or a pyenv-win `.bat` shim is
 * run once and the real interpreter thereafter; elsewhere a command is run as it is. Answers are
 * kept for the life of this process; a failure is not, so an install made meanwhile is seen.
 */
export function findPython(
  command?: string,
  probe: Probe = probeCommand,
  platform = process.platform,
): Promise<FoundPython> {
  const chosen = !!command && command !== defaultPythonCommand(platform);
  // Elsewhere than Windows a chosen command runs as it is: a wrapper script's flags and environment apply.
  if (chosen && platform !== 'win32') return Promise.resolve({ command, executable: command });
  const commands = chosen ? [command] : defaultPythonCommands(platform);
  // PATH too: a command is found on it, and a terminal's or a test's PATH may differ.
  const key = `${platform}\0${process.env.PATH ?? ''}\0${commands.join('\0')}`;
  const known = probe === probeCommand ? found.get(key) : undefined;
  if (known) return known;
  const search = (async () => {
    const reasons: string[] = [];
    for (const candidate of commands) {
      // Elsewhere than Windows there is no alias nor shim to see through: a look along PATH finds
      // the command without starting a Python (that took ~110 ms of every `motion run`).
      if (platform !== 'win32' && probe === probeCommand) {
        if (await onPath(candidate)) return { command: candidate, executable: candidate };
        reasons.push(`"${candidate}" was not found`);
        continue;
      }
      const judged = judgeProbe(candidate, await probe(candidate, ['-c', PROBE_CODE]));
      // On Windows the interpreter itself is run, not `py` (whose child would outlive a kill, and
      // would not get the session's own pipes) nor a shim; elsewhere the command found, as before.
      if (typeof judged !== 'string')
        return platform === 'win32' ? judged : { command: candidate, executable: candidate };
      reasons.push(judged);
    }
    throw new PythonNotFound(
      commands.length === 1 && reasons[0].endsWith('was not found')
        ? `the Python interpreter ${reasons[0]}`
        : `no Python was found: ${reasons.join('; ')}. Install Python (on Windows, from python.org, which adds the "py" launcher) or set motion.python.path`,
    );
  })();
  if (probe === probeCommand) {
    found.set(key, search);
    search.catch(() => found.delete(key));
  }
  return search;
}

/** Whether a command is an executable file in a folder of PATH (POSIX: what a shell would run). */
async function onPath(command: string): Promise<boolean> {
  for (const folder of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const file = join(folder, command);
    try {
      await access(file, constants.X_OK);
      if ((await stat(file)).isFile()) return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

/**
 * Runs a command directly, and on Windows through cmd.exe when that finds what a direct start does
 * not (a `.bat` or `.cmd` shim, as pyenv-win installs: Node starts only `.exe` and `.com` files).
 */
export const probeCommand: Probe = async (command, args) => {
  const direct = await run(command, args, false);
  if (!direct.missing || process.platform !== 'win32') return direct;
  return run(command, args, true);
};

function run(command: string, args: string[], shell: boolean): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const file = shell ? `"${command}"` : command;
    const given = shell ? args.map((arg) => (/\s/.test(arg) ? `"${arg}"` : arg)) : args;
    const answered = (error: (Error & { code?: string | number | null }) | null, stdout: string, stderr: string) => {
      const code = error?.code;
      if (code === 'ENOENT' || code === 'EINVAL') return resolve({ missing: true });
      // Found but not startable (EACCES: not executable): said as the system says it.
      if (typeof code === 'string') return resolve({ code: -1, stdout, stderr: error!.message });
      // cmd.exe says a command is unknown in its own words, with exit code 9009: the Store's alias
      // exits so too, but says "Python was not found".
      if (shell && code === 9009 && !STORE_ALIAS_TEXT.test(`${stdout}${stderr}`)) return resolve({ missing: true });
      resolve({ code: typeof code === 'number' ? code : error ? 1 : 0, stdout, stderr });
    };
    try {
      execFile(file, given, { timeout: 15_000, shell, windowsHide: true, encoding: 'utf8' }, answered);
    } catch (error) {
      // Node refuses at once to start a .bat or .cmd file without a shell (EINVAL).
      answered(error as Error & { code?: string }, '', '');
    }
  });
}
