import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The `motion` package and the session driver: the `python` folder beside the code, dist/python
 * beside a bundle (the build copies it there) and src/runner/python when run from the sources (tsx).
 */
export function pythonSupportDir(): string {
  const dir = join(__dirname, 'python');
  if (existsSync(join(dir, 'motion_session.py'))) return dir;
  throw new Error('the motion Python package is missing from this installation');
}
