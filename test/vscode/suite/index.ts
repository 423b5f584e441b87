// The test runner VS Code loads in its extension host (extensionTestsPath): mocha over the suite.
import Mocha from 'mocha';
import { languageClientTests } from './language-client.test';
import { runTests } from './run.test';
import { connectionSwitchingTests } from './connection-switching.test';
import { explorerTests } from './explorer.test';
import { liveEditTests } from './live-edits.test';
import { connectionTruthTests } from './connection-truth.test';
import { untrustedWorkspaceTests } from './untrusted-workspace.test';
import { debuggingTests } from './debugging.test';
import { skeletonViewTests } from './skeleton-view.test';
import { walkthroughTests } from './walkthrough.test';

export function run(): Promise<void> {
  // MOTION_TEST_GREP runs only the tests whose titles match (for quick runs while developing).
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, grep: process.env.MOTION_TEST_GREP });
  mocha.suite.emit('pre-require', globalThis, 'suite', mocha);
  if (process.env.MOTION_TEST_SUITE === 'untrusted') untrustedWorkspaceTests();
  else {
    languageClientTests();
    runTests();
    liveEditTests();
    explorerTests();
    skeletonViewTests();
    connectionSwitchingTests();
    connectionTruthTests();
    debuggingTests();
    walkthroughTests();
  }
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      console.log(`${runner.stats?.passes ?? 0} passed, ${runner.stats?.failures ?? 0} failed`);
      if (failures > 0) reject(new Error(`${failures} tests failed`));
      else resolve();
    });
  });
}
