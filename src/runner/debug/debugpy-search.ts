import { debugpyStatus, type DebugpyStatus } from './debugpy-check';

/**
 * Where else to look for a Python that has debugpy, when the one that runs scripts lacks it: the
 * interpreter on PATH, the system's own (Debian packages debugpy for /usr/bin/python3 only), and the
 * Windows launcher. `preferred` (the Python extension's selection) comes first.
 */
export function debugpyCandidates(preferred: string | undefined, platform = process.platform): string[] {
  const names = [preferred, 'python3', ...(platform === 'win32' ? ['py', 'python'] : ['/usr/bin/python3'])];
  return [...new Set(names.filter((name): name is string => !!name))];
}

/**
 * The first candidate that has debugpy, asked one at a time in order; interpreters already known
 * (by their own path, sys.executable) are not asked twice.
 */
export async function firstWithDebugpy(candidates: string[], known: string[] = []): Promise<DebugpyStatus | undefined> {
  const asked = new Set(known);
  for (const candidate of candidates) {
    if (asked.has(candidate)) continue;
    const status = await debugpyStatus(candidate);
    if (asked.has(status.executable)) continue;
    asked.add(candidate).add(status.executable);
    if (status.installed) return status;
  }
  return undefined;
}
