import assert from 'node:assert/strict';
import { demoState } from '../../server/scripting/model/demo-data';
import { Transaction } from '../../server/scripting/model/motion-model';
import { DurableModel } from '../../server/scripting/persistence/durable-model';
import { decodeState } from '../../server/scripting/persistence/state-format';

/** A state file whose writes the test finishes (or fails) one at a time. */
class HeldWrites {
  readonly texts: string[] = [];
  private readonly pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  write(text: string): Promise<void> {
    this.texts.push(text);
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  }
  finish(): void {
    this.pending.shift()!.resolve();
  }
  fail(message: string): void {
    this.pending.shift()!.reject(new Error(message));
  }
}

/** A change made on the model's head: selects one trajectory. */
function select(durable: DurableModel, id: number): Promise<void> {
  const change = new Transaction(durable.head);
  change.setSelection([{ type: 'trajectory', id, part_index: null }]);
  return durable.saved(change.commit());
}

const selected = (model: DurableModel['visible']) => model.selection().map((item) => item.id);

describe('durable model: a change is visible only once saved (in process)', () => {
  it('saves changes that arrive during a write together in the next one, and shows each once saved', async () => {
    const writes = new HeldWrites();
    const durable = new DurableModel(demoState(), writes);
    const first = select(durable, 73);
    const second = select(durable, 74);
    const third = select(durable, 75);
    assert.equal(writes.texts.length, 1, 'one write under way; the others wait for it');
    assert.deepEqual(selected(durable.visible), [], 'nothing visible before it is saved');
    writes.finish();
    await first;
    assert.deepEqual(selected(durable.visible), [73]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writes.texts.length, 2, 'the two waiting changes share the next write');
    assert.deepEqual(
      decodeState(writes.texts[1]).selection.map((item) => item.id),
      [75],
      'the second write holds the last change',
    );
    writes.finish();
    await Promise.all([second, third]);
    assert.deepEqual(selected(durable.visible), [75]);
    await durable.settled();
  });

  it('refuses a failed write and every change waiting on it, goes back to what was saved, and goes on', async () => {
    const writes = new HeldWrites();
    const durable = new DurableModel(demoState(), writes);
    const first = select(durable, 73);
    const waiting = select(durable, 74);
    writes.fail('disk full');
    await assert.rejects(first, (error: Error & { code?: string }) => {
      assert.equal(error.code, 'unavailable');
      assert.match(error.message, /not saved: disk full; nothing changed/);
      return true;
    });
    await assert.rejects(waiting, /not saved: disk full/);
    assert.deepEqual(selected(durable.head), [], 'head is back to what was saved');
    assert.deepEqual(selected(durable.visible), []);
    assert.equal(writes.texts.length, 1, 'the waiting change was never written');
    const later = select(durable, 75);
    writes.finish();
    await later;
    assert.deepEqual(selected(durable.visible), [75]);
  });
});
