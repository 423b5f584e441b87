import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliAssistantContext } from '../../../src/cli/mcp/cli-assistant-context';
import { runScriptTests } from '../../../src/runner/assistant/run-script-tests';
import { ToolRefusal } from '../../../src/runner/assistant/tool-answer';
import { scratchFolder } from '../../support/scratch-folder';

const SERVER_SCRIPT = resolve(__dirname, '../../../dist/motion-server.js');

describe('running script tests for an assistant, at their edges', function () {
  this.timeout(120_000);
  const scratch = scratchFolder('motion-tests-tool-', { per: 'test' });
  let context: ReturnType<typeof cliAssistantContext> & { serverScript: string };
  beforeEach(() => {
    // No application at all: tests never need it. No interpreter named: python3.
    context = {
      ...cliAssistantContext(
        { url: 'http://127.0.0.1:9', timeoutMs: 1000, json: false },
        { folder: scratch.path, allowApply: false },
      ),
      serverScript: SERVER_SCRIPT,
    };
  });
  afterEach(() => context.close());

  it('every outcome counted, a failure where it failed, the first failure in full', async () => {
    writeFileSync(
      join(scratch.path, 'test_outcomes.py'),
      [
        'import pytest',
        '',
        'def test_passes():',
        '    assert True',
        '',
        'def test_fails():',
        '    assert 1 == 2, "one is not two"',
        '',
        '@pytest.mark.skip(reason="later")',
        'def test_skipped():',
        '    pass',
        '',
        '@pytest.fixture',
        'def broken():',
        '    raise RuntimeError("no fixture")',
        '',
        'def test_errored(broken):',
        '    pass',
        '',
      ].join('\n'),
    );
    const { text, data } = await runScriptTests(context, {});
    const lines = text.split('\n');
    assert.equal(
      lines[0],
      '4 tests: 1 passed, 1 failed, 1 errored, 1 skipped (each against an application of its own; the application was not touched).',
    );
    assert.deepEqual(lines.slice(1, 10), [
      '✓ test_outcomes.py::test_passes passed',
      '✗ test_outcomes.py::test_fails failed',
      '    AssertionError: one is not two (test_outcomes.py:7)',
      '    expected 2, got 1',
      '- test_outcomes.py::test_skipped skipped',
      '    later (test_outcomes.py:9)',
      '! test_outcomes.py::test_errored errored',
      '    failed on setup with "RuntimeError: no fixture" (test_outcomes.py:15)',
      'The first failure in full (test_outcomes.py::test_fails):',
    ]);
    assert.match(text, /\nThe first failure in full \(\S*test_fails\):\n[^]*one is not two/);
    assert.doesNotMatch(text, /The first failure in full \(\S*test_errored/);
    assert.deepEqual(
      (data?.results as { outcome: string }[]).map((r) => r.outcome),
      ['passed', 'failed', 'skipped', 'errored'],
    );
  });

  it('one test is one; nothing found names the folder; an unreadable snapshot is refused', async () => {
    const none = await runScriptTests(context, {});
    assert.match(none.text, /^No tests found in .*motion-tests-tool-[^:]*: tests are/);
    assert.deepEqual(none.data, { results: [] });
    mkdirSync(join(scratch.path, 'a'));
    mkdirSync(join(scratch.path, 'b'));
    assert.match((await runScriptTests(context, { paths: ['a', 'b'] })).text, /^No tests found in a, b: tests are/);
    writeFileSync(join(scratch.path, 'one_spec.lua'), 'describe("one", function() it("runs", function() end) end)\n');
    const one = await runScriptTests(context, { paths: ['one_spec.lua'] });
    assert.match(one.text, /^1 test: 1 passed \(/);
    assert.doesNotMatch(one.text, /first failure/);
    await assert.rejects(
      runScriptTests(context, { snapshot: 'none.motion.json' }),
      (error: Error) =>
        error instanceof ToolRefusal && error.message === 'Cannot read the snapshot none.motion.json (ENOENT).',
    );
  });

  it('a test that errs is a failure: the first shown in full', async () => {
    writeFileSync(
      join(scratch.path, 'test_errs.py'),
      'import pytest\n\n@pytest.fixture\ndef broken():\n    raise RuntimeError("no fixture")\n\ndef test_errored(broken):\n    pass\n',
    );
    const { text } = await runScriptTests(context, {});
    assert.match(text, /^1 test: 1 errored \(/);
    assert.match(text, /\nThe first failure in full \(test_errs\.py::test_errored\):\n[^]*no fixture/);
  });
});
