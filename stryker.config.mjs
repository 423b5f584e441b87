// @ts-check
import { NODE_TESTS } from './test/node-tests.mjs';

// Tests that measure resources rather than answers (the 200,000-line script) skip themselves in
// mutation runs: Stryker forks its test runners from this process, so they see this variable.
process.env.MOTION_MUTATION_RUN = '1';

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: 'mocha',
  buildCommand: 'node scripts/build.mjs',
  mochaOptions: {
    config: '.mocharc.json',
    spec: NODE_TESTS,
  },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: {
    prioritizePerformanceOverAccuracy: true,
  },
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: '.stryker-tmp/incremental.json',
  concurrency: 2,
  timeoutMS: 30000,
  // The JSON report keeps, for each mutant, the tests that killed it and those that ran it:
  // `npm run mutation:survivors` lists each survivor with those, its neighbourhood.
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: {
    fileName: '.stryker-tmp/report/index.html',
  },
  jsonReporter: {
    fileName: '.stryker-tmp/report/mutation.json',
  },
  mutate: [
    'server/scripting/model/**/*.ts',
    'server/scripting/operations/**/*.ts',
    'server/scripting/persistence/**/*.ts',
    'server/scripting/measurement/**/*.ts',
    'server/scripting/settings/**/*.ts',
    'src/api/c3d/**/*.ts',
    'server/scripting/http/**/*.ts',
    'src/api/types/**/*.ts',
    'src/api/client/**/*.ts',
    'src/api/docs/**/*.ts',
    'src/api/catalogue/**/*.ts',
    'src/api/state/**/*.ts',
    'server/language/service/**/*.ts',
    'src/runner/**/*.ts',
    'src/extension/segment-editor/segment-document.ts',
    'src/extension/segment-editor/apply-plan.ts',
    'src/extension/skeletons-view/edit-operations.ts',
    'src/extension/skeletons-view/explorer-data.ts',
    'src/extension/history/change-history.ts',
    'src/extension/history/undo-steps.ts',
    'src/extension/history/undo-script.ts',
    'src/extension/dry-run/change-tree.ts',
    'src/extension/dry-run/changes-in-3d.ts',
    'src/extension/connection/embedded-port.ts',
    'src/extension/connection/embedded-server-early.ts',
    'src/extension/connection/application-watcher.ts',
    'src/extension/connection/switch-resets.ts',
    'src/extension/commands/command-needs.ts',
    'src/extension/failure-text.ts',
    'src/api/text/uses-motion.ts',
    'server/language/lsp/**/*.ts',
    '!src/api/client/motion-api.generated.ts',
    '!**/*.lua.ts',
  ],
  disableTypeChecks: false,
  ignoreStatic: true,
};
