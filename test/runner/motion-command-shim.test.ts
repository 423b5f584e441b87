import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { installMotionShims, SHIM_VARIABLES } from '../../src/runner/motion-command-shim';
import { CLI_BIN } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';

// What VS Code's terminals get: the launchers' folder first on PATH, the runtime and the CLI named.
describe('motion in VS Code’s terminals: the launchers on PATH', function () {
  this.timeout(30_000);
  const scratch = scratchFolder('motion-shims-');
  const windows = process.platform === 'win32';

  async function installed(): Promise<NodeJS.ProcessEnv> {
    // A user folder with a space, an apostrophe and a letter beyond ASCII.
    const bin = join(scratch.path, 'Zoë O’Neil', 'bin');
    mkdirSync(bin, { recursive: true });
    await installMotionShims(bin);
    await installMotionShims(bin); // a second activation changes nothing
    return {
      ...process.env,
      PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
      [SHIM_VARIABLES.node]: process.execPath,
      [SHIM_VARIABLES.cli]: CLI_BIN,
    };
  }

  it(`runs the CLI by the name "motion" in ${windows ? 'cmd (motion.cmd, as PowerShell finds it too)' : 'a POSIX shell'}, passing its arguments and exit code`, async () => {
    const env = await installed();
    const shell = windows ? ['cmd.exe', ['/d', '/c', 'motion docs --help']] : ['sh', ['-c', 'motion docs --help']];
    const { stdout } = await promisify(execFile)(shell[0] as string, shell[1] as string[], { env, encoding: 'utf8' });
    assert.match(stdout, /^Usage: motion docs/);
    const failed = await promisify(execFile)(
      shell[0] as string,
      windows ? ['/d', '/c', 'motion no-such-command'] : ['-c', 'motion no-such-command'],
      {
        env,
        encoding: 'utf8',
      },
    ).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failed?.code, 2);
    assert.match(failed?.stderr ?? '', /unknown command "no-such-command"/);
  });
});
