import assert from 'node:assert/strict';
import type { MotionState } from '../../../src/api/state/motion-state';
import type { StateChange } from '../../../src/api/state/state-diff';
import { applyQuestion } from '../../../src/runner/assistant/apply-question';
import type { Rehearsal } from '../../../src/runner/assistant/rehearsals';

const scale = (skeleton: string, from: number, to: number): StateChange => ({
  kind: 'changed',
  object: { type: 'skeleton', source: 'project', skeletonId: 1 },
  path: ['Project settings', skeleton],
  field: 'scale',
  text: `scale: ${from} → ${to}`,
});

const rehearsal = (changes: StateChange[]): Rehearsal => ({
  id: '1a2b3c4d',
  script: { path: '/w/half.py', code: '', language: 'python', args: [] },
  label: 'half.py',
  startedFrom: { application: 'http://127.0.0.1:7979' },
  fromFile: true,
  ok: true,
  before: {} as MotionState,
  after: {} as MotionState,
  changes,
});

/** What VS Code's dialog shows: the text as it is, line breaks kept, runs of spaces (indentation) collapsed. */
const asTheDialogShowsIt = (message: string) => message.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());

describe('the question before an assistant applies a dry run', () => {
  it('lists each change on a line of its own, paragraphs apart, the same in the dialog (plain text) and the chat (Markdown)', () => {
    const { title, message } = applyQuestion(
      rehearsal([
        scale('FullBody', 1, 2.5),
        {
          ...scale('Wand', 1, 2),
          kind: 'added',
          path: ['Project settings', 'Wand'],
          text: 'added segment Tip under Root',
        },
      ]),
      '1a2b3c4d',
      undefined,
    );
    assert.equal(title, 'Apply half.py to the application?');
    assert.equal(
      message,
      [
        'The assistant asks to run half.py against the application. Its dry run 1a2b3c4d found 2 changes:',
        '',
        '- Project settings › FullBody: scale: 1 → 2.5',
        '- Project settings › Wand: added segment Tip under Root',
        '',
        'It runs only if the application is still as the dry run found it. Motion: Undo Last Change takes it back as one change.',
      ].join('\n'),
    );
    // Nothing rests on indentation (the dialog drops it); no sentence runs into a change's line.
    assert.deepEqual(asTheDialogShowsIt(message), message.split('\n'));
    assert.doesNotMatch(message, /\d[A-Z]/);
  });

  it('says one change in the singular, and what its undo cannot restore', () => {
    const { message } = applyQuestion(rehearsal([scale('FullBody', 1, 0.5)]), '1a2b3c4d', 'colours are not restored');
    assert.match(message, /found 1 change:\n\n- Project settings › FullBody: scale: 1 → 0\.5\n\n/);
    assert.match(message, /takes it back as one change \(colours are not restored\)\.$/);
  });

  it('lists twenty changes and counts the rest', () => {
    const many = Array.from({ length: 23 }, (_, i) => scale(`Skeleton${i}`, 1, i));
    const lines = applyQuestion(rehearsal(many), '1a2b3c4d', undefined).message.split('\n');
    const listed = lines.filter((line) => line.startsWith('- '));
    assert.equal(listed.length, 21);
    assert.equal(listed[19], '- Project settings › Skeleton19: scale: 1 → 19');
    assert.equal(listed[20], "- and 3 more (the dry run's answer lists them all)");
    const twenty = applyQuestion(rehearsal(many.slice(0, 20)), '1a2b3c4d', undefined).message;
    assert.doesNotMatch(twenty, /more/);
  });

  it('an unknown dry run: nothing will be applied, named', () => {
    assert.deepEqual(applyQuestion(undefined, 'feedbeef', undefined), {
      title: 'Apply a script to the application?',
      message: 'There is no dry run "feedbeef": nothing will be applied.',
    });
  });
});
