import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * A worker thread's script: built by esbuild next to the bundle that starts it (dist/), or, when
 * running from the sources (tests), in the repository's dist/ (npm test builds first). Worker
 * threads cannot load TypeScript themselves.
 */
export function bundledWorker(file: string): string {
  for (const dir of [__dirname, resolve(__dirname, '../../../dist'), resolve(__dirname, '../../dist')]) {
    const path = join(dir, file);
    if (existsSync(path)) return path;
  }
  throw new Error(`${file} is missing: run npm run build`);
}
