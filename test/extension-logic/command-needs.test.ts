import assert from 'node:assert/strict';
import { CATALOGUE } from '../../src/api/catalogue';
import { MotionClient } from '../../src/api/client/motion-client';
import { MotionError } from '../../src/api/client/motion-error';
import { loadDocumentation } from '../../src/api/docs/load-documentation';
import { missingOperations } from '../../src/extension/commands/command-needs';
import { lackingMessage } from '../../src/extension/failure-text';
import { isMissingOperation } from '../../src/api/client/motion-error';
import { startOtherVersion } from '../support/other-version';
import { startTestServer, type TestServer } from '../support/test-server';
import type { FakeApplication } from '../support/fake-application';

const SELECTION = 'motion.gui.selection';
const selectionOperations = CATALOGUE.find((m) => m.path === SELECTION)!.operations.map(
  (op) => `${SELECTION}.${op.name}`,
);

describe('what a command needs of the application', () => {
  it('a command that calls nothing of ours needs nothing; one that does needs its modules whole', () => {
    assert.deepEqual(
      missingOperations('motion.refreshExplorer', () => false),
      [],
    );
    assert.deepEqual(
      missingOperations('motion.clearSelection', () => false),
      selectionOperations,
    );
    assert.deepEqual(
      missingOperations('motion.clearSelection', () => true),
      [],
    );
    const lacking = `${SELECTION}.clear_selections`;
    assert.deepEqual(
      missingOperations('motion.clearSelection', (path) => path !== lacking),
      [lacking],
    );
    assert.ok(missingOperations('motion.selectMarkers', (path) => !path.startsWith(SELECTION)).length > 0);
    assert.deepEqual(
      missingOperations('motion.addSkeleton', (path) => !path.startsWith(SELECTION)),
      [],
    );
  });

  it('tells a missing operation from a refusal', () => {
    assert.equal(isMissingOperation(new MotionError(404, 'unknown_operation', 'm.o', 'no such operation')), true);
    assert.equal(isMissingOperation(new MotionError(404, 'http_404', 'm.o', 'Not Found')), true);
    assert.equal(isMissingOperation(new MotionError(400, 'unknown_operation', 'm.o', 'no such operation')), true);
    assert.equal(isMissingOperation(new MotionError(400, 'invalid_argument', 'm.o', 'scale')), false);
    assert.equal(isMissingOperation(new Error('unknown_operation')), false);
  });

  it('a view says which operation, of which application', () => {
    assert.equal(
      lackingMessage('Selection', `${SELECTION}.get_selection_count`, 'http://mocap-pc:7979 (2023.2)'),
      "The application at http://mocap-pc:7979 (2023.2) has no get_selection_count (of motion.gui.selection), which the Selection view reads: this view is empty, while completion, checks and runs go on from the application's own documentation.",
    );
  });

  describe('against an application of another version, without the selection module', () => {
    let reference: TestServer;
    let older: FakeApplication;
    before(async () => {
      reference = await startTestServer();
      older = await startOtherVersion(reference.url, [SELECTION]);
    });
    after(async () => {
      await older.close();
      await reference.close();
    });

    it('its documentation lacks what a selection command needs, and a call to it is a missing operation', async () => {
      const client = new MotionClient({ url: older.url });
      try {
        const index = await loadDocumentation(client);
        assert.equal(index.source.kind, 'live');
        const missing = missingOperations('motion.clearSelection', (path) => index.method(path) !== undefined);
        assert.deepEqual(missing, selectionOperations);
        assert.deepEqual(
          missingOperations('motion.addSkeleton', (path) => index.method(path) !== undefined),
          [],
        );
        await assert.rejects(client.gui.selection.get_selection_count(), (e) => isMissingOperation(e));
        assert.equal(typeof (await client.settings.processing.skeleton.get_skeleton_count('project')), 'number');
      } finally {
        await client.close();
      }
    });
  });
});
