import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { askReference } from '../../src/api/client/reference-controls';
import { dryRunTool } from '../../src/runner/dry-run/dry-run-tool';
import { scratchFolder } from '../support/scratch-folder';

const SERVER_SCRIPT = resolve(__dirname, '../../dist/motion-server.js');

const TOOLS = resolve(__dirname, '../fixtures/tools');

/**
 * Dry Run Command as VS Code makes it: the application's start-up scripts loaded in a private
 * server, then one command sent as a click sends it, its dialog answered by the person there. Its
 * changes are its own: what the scripts add as they load is not counted.
 */
describe('Dry Run Command: a command of the loaded start-up scripts, its dialog answered by the person', function () {
  this.timeout(90_000);
  const scratch = scratchFolder('motion-test-dry-command-', { per: 'suite' });
  before(() => cpSync(TOOLS, scratch.path, { recursive: true }));

  /** The person at the private server: answers the first dialog with `value`, and says what it asked. */
  function person(value: unknown) {
    const asked: string[] = [];
    const attend = async (url: string) => {
      const looking = new AbortController();
      void (async () => {
        while (!looking.signal.aborted) {
          const dialog = await askReference<{ id: number; args: unknown[] } | null>(url, 'dialogs', [
            'wait',
            500,
          ]).catch(() => null);
          if (!dialog) continue;
          asked.push(JSON.stringify(dialog.args));
          await askReference(url, 'dialogs', ['reply', dialog.id, value]);
        }
      })();
      return { dispose: () => looking.abort() };
    };
    return { asked, attend };
  }

  it('fills the gaps of the answer given, and shows only the command’s changes', async () => {
    const { asked, attend } = person('100');
    let said = '';
    const outcome = await dryRunTool({
      serverScript: SERVER_SCRIPT,
      snapshot: undefined,
      script: { path: join(scratch.path, 'startup_tools.py') },
      scripts: [join(scratch.path, 'startup_tools.py'), join(scratch.path, 'lua', 'startup_tools.lua')],
      command: 'fill_gaps',
      attend,
      onOutput: (_stream, text) => (said += text),
    });
    assert.equal(outcome.result.ok, true, JSON.stringify(outcome.result));
    assert.match(asked.join('\n'), /Longest gap/);
    assert.match(said, /fill gaps: \d+ filled/);
    assert.ok(outcome.changes.length > 0, 'the gaps filled are shown');
    assert.ok(
      outcome.changes.every((c) => !/added command|added menu/.test(c.text)),
      `only the command's changes: ${JSON.stringify(outcome.changes.map((c) => c.text))}`,
    );
  });

  it('with nobody there, the dialog is answered as Cancel, and nothing changes', async () => {
    let said = '';
    const outcome = await dryRunTool({
      serverScript: SERVER_SCRIPT,
      snapshot: undefined,
      script: { path: join(scratch.path, 'startup_tools.py') },
      command: 'fill_gaps',
      onOutput: (_stream, text) => (said += text),
    });
    assert.equal(outcome.result.ok, true);
    assert.deepEqual(outcome.changes, []);
    assert.match(said, /answered as Cancel/);
  });
});
