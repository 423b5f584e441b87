import assert from 'node:assert/strict';
import { mock } from 'node:test';
import { DiagnosticsScheduler } from '../../server/language/service/diagnostics-scheduler';

/** Time moved by hand (node's mock timers): the scheduler's delays, tested without waiting on the clock. */
describe('when open documents are checked again (DiagnosticsScheduler)', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  const scheduler = () => {
    const done = { checks: [] as string[], refreshes: [] as string[] };
    const s = new DiagnosticsScheduler(
      (uri) => done.checks.push(uri),
      (uri) => done.refreshes.push(uri),
    );
    return { s, done };
  };

  it('checks once a burst of edits is over (a moment), and refreshes this thread’s tree once after a longer pause', () => {
    const { s, done } = scheduler();
    s.edited('a');
    mock.timers.tick(5);
    s.edited('a');
    s.edited('b');
    mock.timers.tick(5);
    assert.deepEqual(done.checks, [], 'nothing within the burst: each edit starts the moment again');
    mock.timers.tick(5);
    assert.deepEqual(done.checks, ['a', 'b'], 'each once, 10 ms after its last edit');
    assert.deepEqual(done.refreshes, [], 'the tree waits longer');
    mock.timers.tick(400);
    assert.deepEqual(done.refreshes, ['a', 'b']);
    mock.timers.tick(1_000);
    assert.deepEqual(done, { checks: ['a', 'b'], refreshes: ['a', 'b'] }, 'and no more');
  });

  it('checks a document as it opens, at once, and refreshes its tree after a pause', () => {
    const { s, done } = scheduler();
    s.opened('a');
    assert.deepEqual(done.checks, ['a']);
    mock.timers.tick(400);
    assert.deepEqual(done, { checks: ['a'], refreshes: ['a'] });
  });

  it('checks at once when asked (new documentation), and no more for what was pending', () => {
    const { s, done } = scheduler();
    s.edited('a');
    s.checkNow('a');
    assert.deepEqual(done.checks, ['a']);
    mock.timers.tick(1_000);
    assert.deepEqual(done.checks, ['a'], 'the pending check was dropped');
  });

  it('does nothing more for a closed document', () => {
    const { s, done } = scheduler();
    s.edited('a');
    s.forget('a');
    mock.timers.tick(1_000);
    assert.deepEqual(done, { checks: [], refreshes: [] });
  });
});
