import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The `motion` package, the session driver and the reference server's host: dist/python beside a
 * bundle (the build copies it there), src/runner/python when run from the sources (tsx).
 */
export function pythonSupportDir(): string {
  for (const dir of [join(__dirname, 'python'), join(__dirname, '..', '..', 'runner', 'python')])
    if (existsSync(join(dir, 'motion_session.py'))) return dir;
  throw new Error('the motion Python package is missing from this installation');
}
