import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageModelToolContributions } from '../../src/extension/assistant/tool-contributions';

describe("package.json's language-model tools", () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
    contributes: { languageModelTools: Record<string, unknown>[] };
  };

  it('are the assistant tools’ table, as npm run generate writes them', () => {
    assert.deepEqual(manifest.contributes.languageModelTools, languageModelToolContributions());
  });

  it('show only where Motion started, each with a name to reference and a first sentence for people', () => {
    for (const tool of languageModelToolContributions()) {
      assert.equal(tool.when, 'motion.active');
      assert.match(String(tool.toolReferenceName), /^motion[A-Z][A-Za-z]+$/);
      assert.match(String(tool.userDescription), /^[A-Z].*\.$/);
      assert.doesNotMatch(String(tool.userDescription), /\. [A-Z]/, 'one sentence');
      assert.ok(String(tool.modelDescription).startsWith(String(tool.userDescription)));
    }
    const check = languageModelToolContributions().find((t) => t.name === 'motion_check_script')!;
    assert.equal(
      check.userDescription,
      "Checks a Python or Lua script's motion.* calls against the application's documentation, as the editor does: unknown modules and operations, argument counts, literal values of the wrong type or out of range.",
      'a dot inside a name ends no sentence',
    );
    const dryRun = languageModelToolContributions().find((t) => t.name === 'motion_dry_run_script')!;
    assert.equal(dryRun.toolReferenceName, 'motionDryRunScript');
  });
});
