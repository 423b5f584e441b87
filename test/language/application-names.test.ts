import assert from 'node:assert/strict';
import type { RequestEvent } from '../../src/api/client/motion-client';
import { findOperation } from '../../src/api/catalogue';
import { ApplicationNames } from '../../server/language/lsp/application-names';
import type { NamesQuery } from '../../server/language/service/live-names';
import { json, startFakeApplication } from '../support/fake-application';
import { MotionClient } from '../../src/api/client/motion-client';
import { referenceServer } from '../support/reference-server';
import { waitFor } from '../support/wait-for';

const SKELETONS = 'motion.settings.processing.skeleton';
const skeletonNames = findOperation(SKELETONS, 'find_skeleton')!.parameters[1].names!;
const segmentNames = findOperation(SKELETONS, 'find_segment')!.parameters[2].names!;
const project: NamesQuery = { module: SKELETONS, names: skeletonNames, scope: { source: { literal: 'project' } } };

/** How the names of the application's objects are fetched behind the requests that ask, and when again. */
describe('the names the connected application has (ApplicationNames)', function () {
  this.timeout(20_000);
  const requests: RequestEvent[] = [];
  const app = referenceServer({ client: { onRequest: (event) => requests.push(event) } });
  let changes = 0;
  const fetcher = (freshForMs?: number) =>
    new ApplicationNames({ client: () => app.client, onChange: () => changes++, freshForMs });
  beforeEach(() => {
    requests.length = 0;
    changes = 0;
  });

  it('answers nothing at first, the names once fetched, and says when they arrived', async () => {
    const names = fetcher();
    assert.equal(names.names(project), undefined);
    await waitFor(() => changes === 1, 'the names to arrive');
    assert.deepEqual(names.names(project), ['FullBody', 'Wand']);
  });

  it('asks once while a fetch is under way, and again only once the answer is older than freshForMs', async () => {
    const names = fetcher(200);
    names.names(project);
    names.names(project);
    await waitFor(() => changes === 1, 'the names to arrive');
    const asked = requests.length;
    assert.equal(asked, 3, 'the ids, then a name per skeleton: one fetch');
    names.names(project);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(requests.length, asked, 'fresh: nothing asked again');
    await new Promise((resolve) => setTimeout(resolve, 250));
    await app.client.settings.processing.skeleton.add_skeleton('project', 'Extra');
    requests.length = 0;
    assert.deepEqual(names.names(project), ['FullBody', 'Wand'], 'stale: the last answer, while asking again');
    await waitFor(() => changes === 2, 'the new names');
    assert.deepEqual(names.names(project), ['FullBody', 'Wand', 'Extra']);
  });

  it('says nothing changed when a fetch brings the same names, and forgets everything when cleared', async () => {
    const names = fetcher(0);
    names.names(project);
    await waitFor(() => changes === 1, 'the names to arrive');
    await new Promise((resolve) => setTimeout(resolve, 5));
    names.names(project); // stale at once: fetched again, the same
    await waitFor(() => requests.length === 6, 'the second fetch');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(changes, 1, 'the same names: no change told');
    names.clear();
    assert.equal(names.names(project), undefined);
  });

  it('reads nothing when the scope is open (a variable) or names nothing now', async () => {
    const names = fetcher();
    const open: NamesQuery = { module: SKELETONS, names: segmentNames, scope: { source: { literal: 'project' } } };
    const nowhere: NamesQuery = {
      module: SKELETONS,
      names: segmentNames,
      scope: {
        source: { literal: 'project' },
        skeleton_id: {
          read: {
            module: SKELETONS,
            operation: 'find_skeleton',
            args: [{ literal: 'project' }, { literal: 'Nobody' }],
          },
        },
      },
    };
    names.names(open);
    names.names(nowhere);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(
      requests.map((r) => r.operation),
      [`${SKELETONS}.find_skeleton`],
      'only the read that names the skeleton, which named none',
    );
    assert.equal(names.names(nowhere), undefined);
    assert.equal(changes, 0);
  });

  it('gives one object’s name by its identifier, null for one that has none, nothing for one the application refuses', async () => {
    const names = fetcher();
    const body = (await app.client.settings.processing.skeleton.find_skeleton('project', 'FullBody'))!;
    const trajectories = app.client.data.object.trajectory;
    const ids = await trajectories.get_trajectory_ids();
    const labels = await Promise.all(ids.map((id) => trajectories.get_label(id)));
    const unidentified = ids[labels.indexOf(null)];
    const labelled: NamesQuery = {
      module: 'motion.data.object.trajectory',
      names: findOperation('motion.data.object.trajectory', 'find_trajectory')!.parameters[0].names!,
      scope: {},
    };
    requests.length = 0;
    assert.equal(names.nameOf(project, body), undefined);
    assert.equal(names.nameOf(labelled, unidentified), undefined);
    assert.equal(names.nameOf(project, 999_999), undefined);
    await waitFor(() => changes === 2, 'the answers');
    assert.equal(names.nameOf(project, body), 'FullBody');
    assert.equal(names.nameOf(labelled, unidentified), null);
    assert.equal(names.nameOf(project, 999_999), undefined, 'no such skeleton: the application refused');
    assert.deepEqual([...new Set(requests.map((r) => r.operation.split('.').pop()))].sort(), [
      'get_label',
      'get_skeleton_name',
    ]);
  });

  it('keeps the answers of the last 200 questions: the oldest is asked again once a 201st came', async () => {
    const names = fetcher(60_000);
    const labelled: NamesQuery = {
      module: 'motion.data.object.trajectory',
      names: findOperation('motion.data.object.trajectory', 'find_trajectory')!.parameters[0].names!,
      scope: {},
    };
    // A refused request is told twice (its answer, then the error it became): counted once.
    const asked = () => requests.filter((r) => r.operation.endsWith('get_label') && !r.error).length;
    for (let id = 1; id <= 200; id++) names.nameOf(labelled, id);
    await waitFor(() => asked() === 200, 'the 200 answers');
    names.nameOf(labelled, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(asked(), 200, 'with 200 kept, the first is still known');
    names.nameOf(labelled, 201);
    await waitFor(() => asked() === 201, 'the 201st answer');
    names.nameOf(labelled, 2);
    names.nameOf(labelled, 1);
    await waitFor(() => asked() === 202, 'the first asked again');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(asked(), 202, 'only the oldest was let go');
  });

  it('does not fetch a list longer than 2,000 names (an absence from it would take too many reads to tell)', async () => {
    let length = 2_000;
    const many = await startFakeApplication((path, _body, _req, res) =>
      json(res, 200, path.includes('/get_skeleton_ids') ? Array.from({ length }, (_, i) => i) : 'A'),
    );
    const client2000 = new MotionClient({ url: many.url });
    const at2000 = new ApplicationNames({ client: () => client2000, onChange: () => changes++ });
    at2000.names(project);
    await waitFor(() => changes === 1, '2,000 names, fetched');
    assert.equal(at2000.names(project)?.length, 2_000);
    await client2000.close();
    many.requests.length = 0;
    length = 2_001;
    const client = new MotionClient({ url: many.url });
    try {
      const names = new ApplicationNames({ client: () => client, onChange: () => changes++ });
      names.names(project);
      await waitFor(() => many.requests.length >= 1, 'the ids asked');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(many.requests.length, 1, 'no name asked');
      assert.equal(names.names(project), undefined);
    } finally {
      await client.close();
      await many.close();
    }
  });
});
