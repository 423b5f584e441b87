import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, descendants } from '../support/processes';
import { pythonWithPytest } from '../support/pytest-python';
import { CLI_BIN } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';
import { waitFor } from '../support/wait-for';

const gone = (pid: number) => commandLine(pid) === '';

/**
 * A CI job's time limit, or a person's kill, ends `motion test` however it ends: the private
 * server each test runs against goes with it, where before it ran on with no parent.
 */
describe('motion test, killed while a test runs', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-test-killed-');
  let python: string;
  before(() => (python = pythonWithPytest()));

  for (const signal of ['SIGKILL', 'SIGTERM'] as const)
    it(`by ${signal}: its private server does not outlive it`, async () => {
      mkdirSync(join(scratch.path, 'tests'));
      writeFileSync(
        join(scratch.path, 'tests', 'test_waits.py'),
        'import time\nimport motion\n\ndef test_waits():\n    time.sleep(20)\n',
      );
      const cli = spawn(process.execPath, [CLI_BIN, 'test', 'tests/test_waits.py', '--python', python], {
        cwd: scratch.path,
        stdio: 'ignore',
      });
      const below = () => descendants(cli.pid!);
      const privateServers = () => below().filter((pid) => commandLine(pid).includes(`motion-private-${cli.pid}-`));
      const running = () => below().filter((pid) => commandLine(pid).includes('test_waits.py::test_waits'));
      let pytest: number[] = [];
      let servers: number[] = [];
      try {
        // The test itself runs (collection, with a private server of its own, is over).
        await waitFor(() => (pytest = running()).length > 0, 'the test running', 30_000);
        servers = privateServers();
        assert.equal(servers.length, 1, `one private server: ${servers.map(commandLine).join(' | ')}`);
        const exited = new Promise((done) => cli.once('exit', done));
        process.kill(cli.pid!, signal);
        await exited;
        await waitFor(() => servers.every(gone), `the private server gone after ${signal}`);
      } finally {
        // The test's own Python process sleeps on; it is not what this test is about. A server left
        // by a failure here is stopped too, not left to the next suite.
        for (const pid of [...pytest, ...servers, ...below()]) if (!gone(pid)) process.kill(pid, 'SIGKILL');
        if (cli.exitCode === null && cli.signalCode === null) cli.kill('SIGKILL');
      }
    });
});
