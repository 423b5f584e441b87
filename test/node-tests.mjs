// Which files are the plain-Node tests: written once, for `npm run test:node` (scripts/test-node.mjs),
// the Windows leg (scripts/test-windows.mjs) and mutation testing (stryker.config.mjs).
// `npx mocha <file>` runs one file.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative, resolve, sep } from 'node:path';

export const NODE_TESTS = ['test/{unit,server,api,cli,language,runner,debug,extension-logic}/**/*.test.ts'];

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

/**
 * Every plain-Node test file, the slowest first: mocha's parallel mode hands the files to its
 * workers in the order given, and a minute-long file started last would run alone at the end
 * while the other worker idles.
 */
export function nodeTestFilesSlowestFirst() {
  const lookupFiles = createRequire(import.meta.url)('mocha/lib/cli/lookup-files');
  const root = resolve(import.meta.dirname, '..');
  for (const file of SLOWEST_FIRST)
    if (!existsSync(resolve(root, file)))
      throw new Error(`test/node-tests.mjs names ${file}, which is gone: update SLOWEST_FIRST`);
  // From the repository's root, with forward slashes: the same on Node for Windows.
  const every = NODE_TESTS.flatMap((glob) => lookupFiles(resolve(root, glob), ['ts'], false))
    .map((file) => relative(root, file).split(sep).join('/'))
    .sort();
  return [...SLOWEST_FIRST, ...every.filter((file) => !SLOWEST_FIRST.includes(file))];
}
