import assert from 'node:assert/strict';
import { targetsOfScript } from '../../src/api/catalogue/target-versions';
import { targetsStatus } from '../../src/api/catalogue/targets-status';

const script = (targets: string) => `# motion: targets ${targets}\nimport motion\n`;
const status = (targets: string, application: string | undefined) =>
  targetsStatus(targetsOfScript(script(targets), undefined, application), application);

describe("a script's targets beside the connected application", () => {
  it('says the application is among them, older, newer, or between them', () => {
    assert.deepEqual(status('>=2025.1', '2026.2.0'), {
      text: 'Targets: 2025.1 and later',
      detail: 'the connected application (2026.2) is among them',
      severity: 'information',
    });
    assert.deepEqual(status('>=2025.1', '2024.3.7'), {
      text: 'Targets: 2025.1 and later',
      detail:
        "the connected application is 2024.3, older than this script's targets: a run here may fail where they would not",
      severity: 'warning',
    });
    assert.match(status('2023.2..2024.1', '2026.1')!.detail, /is 2026\.1, newer than this script's targets/);
    assert.match(status('2024.3, 2026.2', '2025.1')!.detail, /is 2025\.1, not one of this script's targets/);
  });

  it('says when the application is of no release the changelog knows, or none is connected', () => {
    assert.equal(
      status('>=2025.1', '0.1.0')!.detail,
      'the connected application (0.1.0) is of no release the changelog knows',
    );
    assert.equal(
      status('>=2025.1', undefined)!.detail,
      'the connected application (not connected) is of no release the changelog knows',
    );
    assert.equal(status('>=2025.1', undefined)!.severity, 'information');
  });

  it('names the application as the target when the script names none, and nothing without one', () => {
    const found = targetsOfScript('import motion\n', undefined, '2025.2.1');
    assert.deepEqual(targetsStatus(found, '2025.2.1'), {
      text: "Targets: 2025.2, the connected application's version",
      detail: 'none named: the connected application is the target',
      severity: 'information',
    });
    assert.equal(targetsStatus(targetsOfScript('import motion\n', undefined, '0.1.0'), '0.1.0'), undefined);
  });

  it('says what is wrong with targets it cannot read, as an error', () => {
    assert.deepEqual(status('newest', '2025.2'), {
      text: 'Targets: unreadable',
      detail:
        '"newest" is not a version: write a version (2025.1), a bound (>=2025.1, <2026.1) or a range (2025.1..2026.2), several joined by commas',
      severity: 'error',
    });
  });
});
