// Which files are the plain-Node tests: written once, for `npm run test:node` (scripts/test-node.mjs)
// and for mutation testing (stryker.config.mjs). `npx mocha <file>` runs one file.
export const NODE_TESTS = ['test/{unit,server,api,cli,language,runner,debug,extension-logic}/**/*.test.ts'];
