import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * `motion` in VS Code's terminals: a folder of two small launchers that VS Code puts first on the
 * terminals' PATH. They name nothing of this machine themselves (cmd reads a .cmd file in the
 * console's code page, which would garble a user folder such as C:\Users\Zoë): the runtime and
 * the CLI come from these variables, which VS Code sets in every terminal.
 */
export const SHIM_VARIABLES = {
  /** The runtime that runs the CLI: VS Code's own (Electron, run as Node), so no Node need be installed. */
  node: 'MOTION_NODE',
  /** The CLI's script, dist/motion.js of the installed extension. */
  cli: 'MOTION_CLI',
} as const;

/** The launchers: `motion` for POSIX shells (Git Bash on Windows too), `motion.cmd` for PowerShell and cmd. */
function motionShims(): { name: string; text: string; executable: boolean }[] {
  const { node, cli } = SHIM_VARIABLES;
  return [
    {
      name: 'motion',
      text: `#!/bin/sh\n# motion, in VS Code's terminals (Motion Scripting puts this folder on PATH).\nELECTRON_RUN_AS_NODE=1 exec "\${${node}:-node}" "$${cli}" "$@"\n`,
      executable: true,
    },
    {
      name: 'motion.cmd',
      text: [
        '@echo off',
        "rem motion, in VS Code's terminals (Motion Scripting puts this folder on PATH).",
        'setlocal',
        'set ELECTRON_RUN_AS_NODE=1',
        `if not defined ${node} set ${node}=node`,
        `"%${node}%" "%${cli}%" %*`,
        'exit /b %ERRORLEVEL%',
        '',
      ].join('\r\n'),
      executable: false,
    },
  ];
}

/** Writes the launchers into `dir` (once: a launcher already as it should be is left alone). */
export async function installMotionShims(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const shim of motionShims()) {
    const file = join(dir, shim.name);
    const now = await readFile(file, 'utf8').catch(() => undefined);
    if (now !== shim.text) await writeFile(file, shim.text);
    if (shim.executable) await chmod(file, 0o755);
  }
}
