// npm run test:node: mocha over the plain-Node tests (test/node-tests.mjs names them), with any
// extra arguments passed on (`npm run test:node -- -g words`).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { NODE_TESTS } from '../test/node-tests.mjs';

const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
const run = spawnSync(process.execPath, [mocha, ...NODE_TESTS, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
