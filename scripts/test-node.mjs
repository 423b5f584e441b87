// npm run test:node: mocha over the plain-Node tests (test/node-tests.mjs names them), with any
// extra arguments passed on (`npm run test:node -- -g words`). The files run two at a time, one per
// core (mocha's parallel mode): each file's servers, ports, folders and processes are its own, and
// none depends on another's order; `-- --no-parallel` runs them one after another.
//
// The slowest files start first (mocha hands the files to its two workers in the order given):
// started last, a minute-long file would run alone at the end while the other worker idles.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { NODE_TESTS } from '../test/node-tests.mjs';

const require = createRequire(import.meta.url);
const mocha = require.resolve('mocha/bin/mocha.js');
const lookupFiles = require('mocha/lib/cli/lookup-files');

/** The slowest files on this machine kind, slowest first (the listing in CONTRIBUTING.md measures them). */
const SLOWEST_FIRST = [
  'test/cli/test-command.test.ts',
  'test/language/hardening.test.ts',
  'test/cli/snapshot-record.test.ts',
  'test/extension-logic/script-recorder.test.ts',
  'test/cli/run.test.ts',
  'test/unit/extension-package.test.ts',
  'test/cli/cli.test.ts',
  'test/runner/reference-server-process.test.ts',
  'test/runner/assistant/run-script-tests.test.ts',
  'test/cli/snapshot-command.test.ts',
];
for (const file of SLOWEST_FIRST)
  if (!existsSync(file)) throw new Error(`scripts/test-node.mjs names ${file}, which is gone: update SLOWEST_FIRST`);

const everyFile = NODE_TESTS.flatMap((glob) => lookupFiles(glob, ['ts'], false)).sort();
const first = SLOWEST_FIRST.map((file) => resolve(file));
const files = [...first, ...everyFile.map((file) => resolve(file)).filter((file) => !first.includes(file))];

// Arguments that name files of their own (`npm run test:node -- test/cli/run.test.ts`) run those alone.
const ownFiles = process.argv.slice(2).some((arg) => /\.test\.ts$/.test(arg));
const run = spawnSync(
  process.execPath,
  [mocha, '--parallel', '--jobs', '2', ...(ownFiles ? [] : files), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
