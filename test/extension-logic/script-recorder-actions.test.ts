import assert from 'node:assert/strict';
import type { MotionClient } from '../../src/api/client/motion-client';
import { ScriptRecorder } from '../../src/extension/recording/script-recorder';

// What counts as a user action in a recording: the status bar's count and the script's comments.

const client = {} as MotionClient;

describe('the actions of a recording', () => {
  it('an action that made no call is no action, unless it changed the application another way (a script applied for real)', () => {
    const recorder = new ScriptRecorder('python', 'the embedded reference server', new Date('2026-11-26T09:05:00Z'));
    recorder.action('Refresh');
    assert.equal(recorder.actionCount, 0);
    recorder.action('Apply for Real: tidy.py', true);
    assert.equal(recorder.actionCount, 1);
    assert.equal(
      recorder.text(),
      [
        '# Recorded with Motion Scripting on 2026-11-26 09:05 UTC, from the embedded reference server.',
        '# Run against the application as it was then, it makes the same changes again.',
        'import motion',
        '',
        '# Apply for Real: tidy.py',
        '# Not recorded: the change was made by a script run, not by calls from VS Code; run that script here.',
        '',
      ].join('\n'),
    );
  });

  it('an action ends where it is said to: the calls before go under its comment, in Lua in a block', async () => {
    const recorder = new ScriptRecorder('lua', 'a test', new Date('2026-11-26T09:05:00Z'));
    const write = (operation: string, args: unknown[]) =>
      recorder.write(client, { module: 'motion.gui.selection', operation, args }, async () => null);
    await write('clear_selections', [null]);
    recorder.action('Clear Selection');
    recorder.action('Clear Selection');
    await write('clear_selections', [null]);
    recorder.action('Apply for Real: tidy.lua', true);
    assert.equal(recorder.actionCount, 2);
    assert.equal(
      recorder.text().split('\n').slice(2).join('\n'),
      [
        '',
        'local selection = motion.gui.selection',
        '',
        '-- Clear Selection',
        'do',
        '  selection.clear_selections(nil)',
        'end',
        '',
        '-- Apply for Real: tidy.lua',
        'do',
        '  selection.clear_selections(nil)',
        'end',
        '',
      ].join('\n'),
    );
  });
});
