import assert from 'node:assert/strict';
import { callKey, recordingOf, RecordedAnswers, withRecording } from '../../src/api/state/recorded-answers';
import { encodeSnapshot } from '../../src/api/state/state-document';
import { decodeState } from '../../server/scripting/persistence/state-format';
import { emptyState } from '../../server/scripting/model/records';

const ORIGIN = {
  application: { major: 3, minor: 1, build: 7 },
  url: 'http://127.0.0.1:7979',
  taken_at: '2026-11-25T10:00:00Z',
};

describe('the answers a snapshot records', () => {
  it('one call is one key, whatever order its objects’ keys came in; other arguments are other calls', () => {
    assert.equal(
      callKey('motion.a.b', [{ x: 1, y: { q: 1, p: 2 } }]),
      callKey('motion.a.b', [{ y: { p: 2, q: 1 }, x: 1 }]),
    );
    assert.notEqual(callKey('motion.a.b', [1]), callKey('motion.a.b', ['1']));
    assert.notEqual(callKey('motion.a.b', [[1, 2]]), callKey('motion.a.b', [[2, 1]]), 'a list keeps its order');
    assert.notEqual(callKey('motion.a.b', []), callKey('motion.a.c', []));
    assert.equal(
      callKey('motion.a.b', [{ c: 1, b: 2, a: 3, e: 4, d: 5 }]),
      'motion.a.b[{"a":3,"b":2,"c":1,"d":5,"e":4}]',
      'keys in order',
    );
  });

  it('keeps the first answer of a call (what the script saw), in the order calls were first made', () => {
    const answers = new RecordedAnswers('tool.py');
    answers.add({ operation: 'motion.a.get', args: [1], answer: 'first' });
    answers.add({ operation: 'motion.a.other', args: [], answer: 0 });
    answers.add({ operation: 'motion.a.get', args: [1], answer: 'second' });
    assert.equal(answers.size, 2);
    assert.deepEqual(answers.find('motion.a.get', [1]), { operation: 'motion.a.get', args: [1], answer: 'first' });
    assert.equal(answers.find('motion.a.get', [2]), undefined);
    assert.deepEqual(
      answers.list().map((a) => a.operation),
      ['motion.a.get', 'motion.a.other'],
    );
  });

  it('travels in the snapshot file beside the state, which the reference server still serves', () => {
    const snapshot = encodeSnapshot(emptyState(), ORIGIN);
    assert.equal(recordingOf(snapshot), undefined, 'a snapshot without a recording');
    const recorded = withRecording(snapshot, {
      script: 'tools/labeller.py',
      answers: [
        { operation: 'motion.gui.timeline.get_frequency', args: [], answer: 100 },
        { operation: 'motion.gui.x.get_y', args: [2], error: { code: 'not_found', message: 'no 2', status: 404 } },
      ],
    });
    const back = recordingOf(recorded)!;
    assert.equal(back.script, 'tools/labeller.py');
    assert.deepEqual(back.find('motion.gui.timeline.get_frequency', []), {
      operation: 'motion.gui.timeline.get_frequency',
      args: [],
      answer: 100,
    });
    assert.equal(back.size, 2);
    assert.deepEqual(decodeState(recorded), decodeState(snapshot), 'the server reads the same state');
    assert.deepEqual(
      recorded.split('\n').filter((line) => line.startsWith('  {"operation":')),
      [
        '  {"operation":"motion.gui.timeline.get_frequency","args":[],"answer":100},',
        '  {"operation":"motion.gui.x.get_y","args":[2],"error":{"code":"not_found","message":"no 2","status":404}}',
      ],
      'an answer a line, however large',
    );
    assert.equal(recordingOf(withRecording(recorded, { script: 'b.py', answers: [] }))!.size, 0, 'replaced whole');
    assert.equal(JSON.parse(withRecording(recorded, { answers: [] })).recorded.script, undefined);
    assert.equal(recordingOf('not json'), undefined, 'not JSON: the server says what is wrong');
    assert.equal(recordingOf('null'), undefined, 'JSON, but no snapshot: the server says what is wrong');
  });

  it('a recording that is not one (hand-edited) is an error naming the entry, never half read', () => {
    const snapshot = encodeSnapshot(emptyState(), ORIGIN);
    const edited = (recorded: unknown) => JSON.stringify({ ...JSON.parse(snapshot), recorded });
    assert.throws(() => recordingOf(edited({ script: 'a.py' })), /"recorded" has no list of "answers"/);
    assert.throws(() => recordingOf(edited(null)), /"recorded" has no list of "answers"/);
    assert.throws(
      () =>
        recordingOf(
          edited({
            answers: [
              { operation: 'motion.a.b', args: [], answer: 1 },
              { operation: 'motion.a.c', args: [] },
            ],
          }),
        ),
      /recorded answer 2 is not an \{"operation", "args", "answer" or "error"\}/,
    );
    assert.throws(
      () => recordingOf(edited({ answers: [{ operation: 'motion.a.b', args: 1, answer: 1 }] })),
      /recorded answer 1 /,
    );
    assert.throws(
      () => recordingOf(edited({ answers: [{ operation: 'motion.a.b', args: [], error: { code: 'x' } }] })),
      /recorded answer 1 /,
      'an error without its message',
    );
    assert.equal(recordingOf(edited({ answers: [] }))!.script, undefined, 'a script left out: none named');
    assert.throws(() => recordingOf(edited({ answers: [null] })), /recorded answer 1 /, 'null');
    assert.throws(() => recordingOf(edited({ answers: ['motion.a.b'] })), /recorded answer 1 /, 'a text');
  });
});
