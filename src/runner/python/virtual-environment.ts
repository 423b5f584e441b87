import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * A script's own Python environment, as the Python extension finds one in a workspace: a folder
 * named .venv, venv or env that `python -m venv` made (it holds pyvenv.cfg), or .conda that
 * `conda create -p .conda` made (it holds conda-meta), in the script's folder or one above it, up
 * to the workspace folder. The nearest wins. No `vscode` import.
 */
interface VirtualEnvironment {
  /** The interpreter to run. */
  python: string;
  /** The environment's folder. */
  folder: string;
  kind: 'venv' | 'conda';
}

const NAMES = ['.venv', 'venv', 'env', '.conda'];

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The interpreter inside an environment's folder on `platform`. */
export function environmentPython(folder: string, kind: 'venv' | 'conda', platform: NodeJS.Platform): string {
  if (platform !== 'win32') return join(folder, 'bin', 'python');
  return kind === 'conda' ? join(folder, 'python.exe') : join(folder, 'Scripts', 'python.exe');
}

/** The environment of the script at `file` (or a folder), looked for up to `root`, its workspace folder. */
export async function findVirtualEnvironment(
  file: string,
  root: string,
  platform: NodeJS.Platform = process.platform,
): Promise<VirtualEnvironment | undefined> {
  const top = resolve(root);
  let dir = (await stat(file).then(
    (s) => s.isDirectory(),
    () => false,
  ))
    ? resolve(file)
    : dirname(resolve(file));
  // Only folders inside the workspace folder: a script outside it has no environment of the
  // workspace's. On Windows a script on another drive is relative to it only as an absolute path.
  const fromTop = relative(top, dir);
  if (isAbsolute(fromTop) || fromTop === '..' || fromTop.startsWith(`..${sep}`)) return undefined;
  for (;;) {
    for (const name of NAMES) {
      const folder = join(dir, name);
      const kind = (await exists(join(folder, 'pyvenv.cfg')))
        ? 'venv'
        : (await exists(join(folder, 'conda-meta')))
          ? 'conda'
          : undefined;
      if (!kind) continue;
      const python = environmentPython(folder, kind, platform);
      if (await exists(python)) return { python, folder, kind };
    }
    if (dir === top || dirname(dir) === dir) return undefined;
    dir = dirname(dir);
  }
}

/** The environment's name as a person knows it: its folder relative to the workspace folder (".venv", "tools/.venv"). */
export function environmentName(environment: VirtualEnvironment, root: string): string {
  return relative(resolve(root), environment.folder).split(sep).join('/') || environment.folder;
}
