import assert from 'node:assert/strict';
import { scriptFixture } from '../support/script-fixture';
import { scriptOfLines } from '../../bench/ten-thousand-lines';
import { withFakeClock } from '../support/fake-clock';

/** A token that counts how often it was asked, and says "cancelled" from the n-th question on. */
function cancelledAfter(questions: number): { readonly isCancellationRequested: boolean; asked: number } {
  return {
    asked: 0,
    get isCancellationRequested() {
      return ++this.asked > questions;
    },
  };
}

describe('cancellation: a request the editor superseded answers nothing', () => {
  it('completion, hover and signature help answer nothing once cancelled, and answer otherwise', async () => {
    const { service, uri, position } = await scriptFixture('python', 'import motion\nmotion.gui.selection.select(|)\n');
    const live = cancelledAfter(Infinity);
    assert.ok(service.signatureHelp(uri, position, live), 'answers while not cancelled');
    assert.ok(live.asked > 0, 'the token was looked at');
    assert.equal(service.signatureHelp(uri, position, cancelledAfter(0)), null);
    assert.equal(service.hover(uri, { line: 1, character: 12 }, cancelledAfter(0)), null);
    assert.ok(service.hover(uri, { line: 1, character: 12 }));
    assert.deepEqual(service.complete(uri, { line: 1, character: 7 }, cancelledAfter(0)).items, []);
    assert.ok(service.complete(uri, { line: 1, character: 7 }).items.length > 0);
  });

  it('long diagnostics stop between slices once cancelled', async () => {
    const { service, uri } = await scriptFixture('python', scriptOfLines(10_000));
    const token = cancelledAfter(3);
    assert.equal(await service.diagnoseInSlices(uri, 1, token), undefined, 'no answer after cancellation');
    assert.ok(token.asked > 3, 'it kept asking until told');
    assert.ok(Array.isArray(await service.diagnoseInSlices(uri, 1)), 'and answers when not cancelled');
  });
});

describe('analysis in slices: nothing read once the answer is not wanted', () => {
  it('takes no step after a yield in which it was cancelled (the trees may have been freed meanwhile)', async () => {
    const { service, uri } = await scriptFixture('python', scriptOfLines(2_000));
    const document = service.documents.get(uri)!;
    // Each step reads one unit of the script (document.perUnit): counted once the answer is not wanted.
    const perUnit = document.perUnit.bind(document);
    let cancelled = false;
    let pulledAfter = 0;
    document.perUnit = (unit, purpose, compute) => {
      if (cancelled) pulledAfter++;
      return perUnit(unit, purpose, compute);
    };
    // Cancelled by the editor while the analysis yields to it, a few turns in.
    let turns = 0;
    const tick = () => (++turns === 5 ? (cancelled = true) : setImmediate(tick));
    setImmediate(tick);
    const token = {
      get isCancellationRequested() {
        return cancelled;
      },
    };
    assert.equal(await service.diagnoseInSlices(uri, 1, token), undefined);
    assert.ok(cancelled, 'it was cancelled while it ran');
    assert.equal(pulledAfter, 0, 'no unit was read after the cancellation');
  });
});

describe('analysis in slices: sharing the thread with requests', () => {
  /**
   * The event-loop turn each step of a slice-wise analysis ran in (other work ticks a counter each
   * turn), and its result. `eachStep` runs as each step asks whether it is cancelled.
   */
  async function turnsOfSteps(budgetMs: number, eachStep = () => {}): Promise<{ result: unknown; turns: number[] }> {
    const { service, uri } = await scriptFixture('python', scriptOfLines(400));
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    const token = {
      get isCancellationRequested() {
        seen.push(turns);
        eachStep();
        return false;
      },
    };
    const result = await service.diagnoseInSlices(uri, budgetMs, token);
    running = false;
    // The first question comes before the trees are refreshed: only the steps' questions count.
    return { result, turns: seen.slice(1) };
  }

  it('yields to other work between steps once its budget is spent, and not before', async () => {
    const spent = await turnsOfSteps(0);
    assert.ok(Array.isArray(spent.result));
    const spentTurns = new Set(spent.turns).size;
    assert.ok(spentTurns > 10, `other work ran between steps (${spentTurns} turns)`);
    const ample = await turnsOfSteps(1e9);
    assert.ok(Array.isArray(ample.result));
    assert.equal(new Set(ample.turns).size, 1, 'all steps in one turn within the budget');
  });

  it('each slice runs steps until its budget is spent, then yields: a budget of 4 ms and steps of 1 ms', async () => {
    const stepsPerTurn = await withFakeClock(
      async (clock) => {
        // Each step takes a millisecond of the analysis's own clock.
        const { result, turns } = await turnsOfSteps(4, () => clock.tick(1));
        assert.ok(Array.isArray(result));
        const counts = new Map<number, number>();
        for (const turn of turns) counts.set(turn, (counts.get(turn) ?? 0) + 1);
        return [...counts.values()];
      },
      ['performance'],
    );
    assert.ok(stepsPerTurn.length > 10, `${stepsPerTurn.length} turns`);
    // Every slice but the first (after the refresh) and the last (what was left) is the same length.
    assert.deepEqual(new Set(stepsPerTurn.slice(1, -1)), new Set([5]), stepsPerTurn.join(' '));
  });

  it('answers nothing when the document changes or closes while it runs', async () => {
    for (const act of ['change', 'close'] as const) {
      const { service, uri } = await scriptFixture('python', scriptOfLines(400));
      let asked = 0;
      const token = {
        get isCancellationRequested() {
          if (++asked === 20) {
            if (act === 'change') service.documents.change(uri, 2, [{ text: 'x = 1\n' }]);
            else service.documents.close(uri);
          }
          return false;
        },
      };
      assert.equal(await service.diagnoseInSlices(uri, 1e9, token), undefined, act);
      assert.ok(asked >= 20, act);
    }
  });
});
