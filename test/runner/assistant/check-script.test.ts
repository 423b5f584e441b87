import assert from 'node:assert/strict';
import { cliAssistantContext } from '../../../src/cli/mcp/cli-assistant-context';
import { checkScript } from '../../../src/runner/assistant/check-script';
import { referenceServer } from '../../support/reference-server';
import { scratchFolder } from '../../support/scratch-folder';

describe('checking a script for an assistant, at its edges', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-check-tool-', { per: 'suite' });
  let context: ReturnType<typeof cliAssistantContext>;
  before(() => {
    context = cliAssistantContext(
      { url: app.server.url, timeoutMs: 5000, json: false },
      { folder: scratch.path, allowApply: false },
    );
  });
  after(() => context.close());
  const wrongCall = (n: number) => `motion.settings.processing.skeleton.set_skeleton_scal${n}("project", 1, 2)`;

  it('counts problems and errors, one or more, each with its place, severity, words and code', async () => {
    // Too deep to check is information, not an error.
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    const code = [
      'import motion',
      wrongCall(1),
      'motion.gui.selection.clear_selections(None, 1)',
      `motion.gui.selection.set_selections(${deep})`,
      '',
    ].join('\n');
    const { text, data } = await checkScript(context, { code, language: 'python' });
    const [head, ...lines] = text.split('\n');
    assert.match(head, /^3 problems \(2 errors\) in the given code; checked against the documentation live from /);
    assert.deepEqual(
      lines.map((line) => line.replace(/: [^:]*\[/, ': … [')),
      ['2:37: error: … [unknown-member]', '3:45: error: … [argument-count]', '4:70: info: not checked: … [too-deep]'],
    );
    assert.equal(data?.errors, 2);
    const one = await checkScript(context, { code: `import motion\n${wrongCall(1)}\n`, language: 'python' });
    assert.match(one.text, /^1 problem \(1 error\) in the given code; /);
  });

  it('shows 200 problems at most, and says what to do with the rest', async () => {
    const code = ['import motion', ...Array.from({ length: 201 }, (_, i) => wrongCall(i))].join('\n');
    const { text, data } = await checkScript(context, { code, language: 'python' });
    const lines = text.split('\n');
    assert.match(lines[0], /^201 problems \(201 errors\) in /);
    assert.equal(lines.length, 1 + 200 + 1);
    assert.match(lines[201], /fix these and check again/);
    assert.equal((data?.problems as unknown[]).length, 201, 'the data has them all');
  });
});
