// The test runner VS Code loads in its extension host (extensionTestsPath): mocha over every test
// file of this folder (found when the suite is bundled: a new file runs without being listed).
import Mocha from 'mocha';
import { suites } from 'motion-suite:files';
import { filesOfRun, type SuiteRun } from './run-order';

export function run(): Promise<void> {
  // MOTION_TEST_GREP runs only the tests whose titles match (for quick runs while developing).
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, grep: process.env.MOTION_TEST_GREP });
  mocha.suite.emit('pre-require', globalThis, 'suite', mocha);
  const order = filesOfRun(
    suites.map((s) => s.file),
    (process.env.MOTION_TEST_SUITE ?? 'trusted') as SuiteRun,
  );
  for (const file of order) {
    const declare = Object.values(suites.find((s) => s.file === file)!.module).filter((v) => typeof v === 'function');
    if (declare.length !== 1) throw new Error(`${file} must export one function that declares its tests`);
    (declare[0] as () => void)();
  }
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      console.log(`${runner.stats?.passes ?? 0} passed, ${runner.stats?.failures ?? 0} failed`);
      if (failures > 0) reject(new Error(`${failures} tests failed`));
      else resolve();
    });
  });
}
