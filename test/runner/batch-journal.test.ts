import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { batchIdentity, BatchJournal, JOURNAL } from '../../src/runner/batch/batch-journal';
import { scratchFolder } from '../support/scratch-folder';

/** The journal --resume reads: what was done, kept whole through a kill, and only for the same batch. */
describe('a batch’s journal', () => {
  const scratch = scratchFolder('motion-test-batch-journal-');
  const head = { batch: batchIdentity('print(1)', ['/t/a.c3d', '/t/b.c3d']), script: '/t/s.py' };
  const path = () => join(scratch.path, 'out', JOURNAL);

  it('records the files done; --resume skips them, runs the failed again, and ignores a line a kill cut off', async () => {
    const journal = await BatchJournal.open(path(), head, false);
    await journal.record({ file: '/t/a.c3d', status: 'changed', seconds: 1, result: '/out/a.c3d' });
    await journal.record({ file: '/t/b.c3d', status: 'failed', seconds: 1 });
    appendFileSync(path(), '{"file":"/t/c.c3d","stat'); // the kill came mid-line
    const resumed = await BatchJournal.open(path(), head, true);
    assert.deepEqual([...resumed.done.keys()], ['/t/a.c3d']);
    assert.deepEqual(readdirSync(join(scratch.path, 'out')), [JOURNAL], 'no temporary file left');
  });

  it('refuses to resume another batch (another script or other files), or none', async () => {
    await BatchJournal.open(path(), head, false);
    const other = { ...head, batch: batchIdentity('print(2)', ['/t/a.c3d', '/t/b.c3d']) };
    await assert.rejects(BatchJournal.open(path(), other, true), /records another batch/);
    const fewer = { ...head, batch: batchIdentity('print(1)', ['/t/a.c3d']) };
    await assert.rejects(BatchJournal.open(path(), fewer, true), /records another batch/);
    await assert.rejects(
      BatchJournal.open(join(scratch.path, 'none', JOURNAL), head, true),
      /no earlier batch to continue/,
    );
  });

  it('starts afresh without --resume, and is gone once the batch finished', async () => {
    const first = await BatchJournal.open(path(), head, false);
    await first.record({ file: '/t/a.c3d', status: 'unchanged', seconds: 1 });
    const again = await BatchJournal.open(path(), head, false);
    assert.equal(again.done.size, 0);
    assert.equal((await BatchJournal.open(path(), head, true)).done.size, 0, 'the earlier run’s lines are gone');
    await again.finish();
    assert.equal(existsSync(path()), false);
  });
});
