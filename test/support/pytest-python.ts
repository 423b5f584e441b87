import { execFileSync } from 'node:child_process';
import { DEBIAN_PYTHON } from './debug-fixture';

/** An interpreter that has pytest: python3 on PATH when it does, else Debian's (python3-pytest, installed by npm test). */
export function pythonWithPytest(): string {
  for (const python of ['python3', DEBIAN_PYTHON]) {
    try {
      execFileSync(python, ['-c', 'import pytest'], { stdio: 'ignore' });
      return python;
    } catch {
      // no pytest there: the next
    }
  }
  throw new Error('no Python with pytest: install python3-pytest (npm test does) or pip install pytest');
}
