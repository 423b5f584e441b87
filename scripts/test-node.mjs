// npm run test:node: mocha over the plain-Node tests (test/node-tests.mjs names them, slowest
// first), with any extra arguments passed on (`npm run test:node -- -g words`). The files run two
// at a time, one per core (mocha's parallel mode): each file's servers, ports, folders and
// processes are its own, and none depends on another's order; `-- --no-parallel` runs them one
// after another.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { nodeTestFilesSlowestFirst } from '../test/node-tests.mjs';

const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');

// Arguments that name files of their own (`npm run test:node -- test/cli/run.test.ts`) run those alone.
const ownFiles = process.argv.slice(2).some((arg) => /\.test\.ts$/.test(arg));
const run = spawnSync(
  process.execPath,
  [mocha, '--parallel', '--jobs', '2', ...(ownFiles ? [] : nodeTestFilesSlowestFirst()), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
