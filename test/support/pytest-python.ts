import { execFileSync } from 'node:child_process';
import { DEBIAN_PYTHON } from './debug-fixture';

/**
 * An interpreter that has pytest: Debian's (python3-pytest, which npm test installs) when it does,
 * else python3 on PATH. Debian's first: the same pytest on every machine, started without a
 * version manager's shim (pyenv's costs 0.1 s a start, and `motion test` starts one per test).
 */
export function pythonWithPytest(): string {
  for (const python of [DEBIAN_PYTHON, 'python3']) {
    try {
      execFileSync(python, ['-c', 'import pytest'], { stdio: 'ignore' });
      return python;
    } catch {
      // no pytest there: the next
    }
  }
  throw new Error('no Python with pytest: install python3-pytest (npm test does) or pip install pytest');
}
