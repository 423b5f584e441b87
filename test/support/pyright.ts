import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

/** Runs the real pyright (from node_modules) on one file of a project folder: its exit code and report. */
export function pyright(cwd: string, file: string): Promise<{ code: number; stdout: string }> {
  const bin = resolve(__dirname, '../../node_modules/pyright/index.js');
  return new Promise((done) => {
    execFile(process.execPath, [bin, file], { cwd, timeout: 60_000 }, (error, stdout) =>
      done({ code: error ? Number(error.code) : 0, stdout }),
    );
  });
}
