import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The `motion` package and the session driver: next to the bundle in dist/python, or in the sources. */
export function pythonSupportDir(): string {
  // dist/python beside a bundle; src/runner/python when run from the sources (tsx).
  for (const dir of [join(__dirname, 'python'), resolve(__dirname, '../src/runner/python')]) {
    if (existsSync(join(dir, 'motion_session.py'))) return dir;
  }
  throw new Error('the motion Python package is missing from this installation');
}
