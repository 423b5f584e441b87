import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, descendants } from '../support/processes';
import { pythonWithPytest } from '../support/pytest-python';
import { CLI_BIN } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';
import { waitFor } from '../support/wait-for';

const gone = (pid: number) => commandLine(pid) === '';

/**
 * A CI job's time limit, or a person's kill, ends `motion test` however it ends: the private
 * server each test runs against, and the test's own process, go with it, where before they ran
 * on with no parent.
 */
describe('motion test, killed while a test runs', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-test-killed-');
  let python: string;
  before(() => (python = pythonWithPytest()));

  for (const signal of ['SIGKILL', 'SIGTERM'] as const)
    it(`by ${signal}: neither its private server nor the running test outlives it`, async () => {
      mkdirSync(join(scratch.path, 'tests'));
      writeFileSync(
        join(scratch.path, 'tests', 'test_waits.py'),
        // It says its process id once it runs (pytest is started through shims that exec it).
        'import os, time\nimport motion\n\ndef test_waits():\n    open("running", "w").write(str(os.getpid()))\n    time.sleep(20)\n',
      );
      const cli = spawn(process.execPath, [CLI_BIN, 'test', 'tests/test_waits.py', '--python', python], {
        cwd: scratch.path,
        stdio: 'ignore',
      });
      const below = () => descendants(cli.pid!);
      const privateServers = () => below().filter((pid) => commandLine(pid).includes(`motion-private-${cli.pid}-`));
      const runningFile = join(scratch.path, 'running');
      let pytest: number[] = [];
      let servers: number[] = [];
      try {
        // The test itself runs (collection, with a private server of its own, is over).
        await waitFor(
          () => existsSync(runningFile) && readFileSync(runningFile, 'utf8') !== '',
          'the test running',
          30_000,
        );
        pytest = [Number(readFileSync(runningFile, 'utf8'))];
        servers = privateServers();
        assert.equal(servers.length, 1, `one private server: ${servers.map(commandLine).join(' | ')}`);
        const exited = new Promise((done) => cli.once('exit', done));
        process.kill(cli.pid!, signal);
        await exited;
        await waitFor(() => servers.every(gone), `the private server gone after ${signal}`);
        // The test's own process too, though it sleeps for 20 s more: it watches its parent.
        await waitFor(() => pytest.every(gone), `the test's Python process gone after ${signal}`);
      } finally {
        // Whatever a failure here left running is stopped, not left to the next suite.
        for (const pid of [...pytest, ...servers, ...below()]) if (!gone(pid)) process.kill(pid, 'SIGKILL');
        if (cli.exitCode === null && cli.signalCode === null) cli.kill('SIGKILL');
      }
    });
});
