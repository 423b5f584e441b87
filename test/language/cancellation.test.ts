import assert from 'node:assert/strict';
import { scriptFixture } from '../support/script-fixture';
import { scriptOfLines } from '../../bench/ten-thousand-lines';

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
