import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { commandLine, shellKind } from '../shell-command';

export interface DebugpyStatus {
  installed: boolean;
  /** The interpreter's own path (sys.executable), or what was given when it could not be run. */
  executable: string;
  /** The exact command that installs debugpy into this interpreter, written for the platform's default shell. */
  installCommand: string;
  /** The same command as a program and its arguments, to run with no shell in between. */
  installArgs: string[];
  /** Why the interpreter could not be asked at all (not found, not Python). */
  problem?: string;
}

// One line of JSON: where the interpreter is, whether it has debugpy, and whether pip may install
// into it (PEP 668: Debian's own Python is "externally managed", its packages come from apt).
const PROBE = `import json, os, sys, sysconfig, importlib.util
managed = os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) and sys.prefix == sys.base_prefix
print(json.dumps({"executable": sys.executable, "installed": importlib.util.find_spec("debugpy") is not None, "managed": managed}))`;

/** Asks the interpreter whether it can run debugpy, and how to install it if not. */
export function debugpyStatus(interpreter: string): Promise<DebugpyStatus> {
  return new Promise((resolve) => {
    execFile(interpreter, ['-c', PROBE], { timeout: 15_000 }, (error, stdout) => {
      if (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        return resolve({
          installed: false,
          executable: interpreter,
          ...pipInstall(interpreter),
          problem: missing
            ? `the Python interpreter "${interpreter}" was not found`
            : `"${interpreter}" could not be run as Python: ${error.message.split('\n')[0]}`,
        });
      }
      const answer = probeAnswer(stdout);
      if (!answer)
        return resolve({
          installed: false,
          executable: interpreter,
          ...pipInstall(interpreter),
          problem: `"${interpreter}" did not answer as Python does (it printed: ${JSON.stringify(stdout.trim().slice(-200))})`,
        });
      resolve({
        installed: answer.installed,
        executable: answer.executable,
        ...installCommand(answer.executable, answer.managed),
      });
    });
  });
}

/**
 * The probe's line among what the interpreter printed: the last line that is its JSON (a
 * sitecustomize or a wrapper may print lines of its own before it, or after).
 */
function probeAnswer(stdout: string): { executable: string; installed: boolean; managed: boolean } | undefined {
  for (const line of stdout.split('\n').reverse()) {
    try {
      const answer = JSON.parse(line) as { executable?: unknown; installed?: unknown; managed?: unknown };
      if (typeof answer?.executable === 'string' && typeof answer.installed === 'boolean')
        return { executable: answer.executable, installed: answer.installed, managed: answer.managed === true };
    } catch {
      // not the probe's line
    }
  }
  return undefined;
}

/** The install command for an interpreter: apt for Debian's own Python, pip into that interpreter otherwise. */
export function installCommand(
  executable: string,
  externallyManaged: boolean,
  platform: NodeJS.Platform = process.platform,
): Pick<DebugpyStatus, 'installCommand' | 'installArgs'> {
  if (externallyManaged && executable.startsWith('/usr/bin/') && existsSync('/usr/bin/apt-get'))
    return written(['sudo', 'apt-get', 'install', 'python3-debugpy'], platform);
  return pipInstall(executable, platform);
}

function pipInstall(executable: string, platform: NodeJS.Platform = process.platform) {
  return written([executable, '-m', 'pip', 'install', 'debugpy'], platform);
}

/** A command as its arguments, and as a line for the shell a terminal opens by default here. */
function written(installArgs: string[], platform: NodeJS.Platform) {
  return { installArgs, installCommand: commandLine(installArgs, shellKind(undefined, platform)) };
}

/** The message shown when debugpy is missing: what, where, and the command. */
export function missingDebugpyMessage(status: DebugpyStatus): string {
  if (status.problem) return `Cannot debug: ${status.problem}.`;
  return `Cannot debug: debugpy is not installed in ${status.executable}. Install it with: ${status.installCommand}`;
}
