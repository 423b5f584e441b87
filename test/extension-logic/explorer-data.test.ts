import assert from 'node:assert/strict';
import { backoff, describeConnection } from '../../src/extension/connection/connection-state';
import { ExplorerData, presentItem, type ExplorerItem } from '../../src/extension/skeletons-view/explorer-data';
import { referenceServer } from '../support/reference-server';

describe('Skeletons view data layer (plain Node, real server)', () => {
  let requests = 0;
  const app = referenceServer({ per: 'suite', client: { onRequest: () => requests++ } });

  it('shows three roots, then skeletons, then the real segment hierarchy', async () => {
    const data = new ExplorerData(() => app.client);
    const roots = await data.children();
    assert.deepEqual(
      roots.map((r) => presentItem(r).label),
      ['Project settings', 'Measurement settings', 'Data (read-only)'],
    );
    const project = await data.children(roots[0]);
    assert.deepEqual(
      project.map((s) => [presentItem(s).label, presentItem(s).description]),
      [
        ['FullBody', 'scale 1'],
        ['Wand', 'scale 1'],
      ],
    );
    const [hips] = await data.children(project[0]);
    assert.deepEqual(
      [presentItem(hips).label, presentItem(hips).description],
      ['Hips', 'global_optimization · 4 markers'],
    );
    const children = await data.children(hips);
    assert.deepEqual(
      children.map((c) => presentItem(c).label),
      ['Spine', 'LeftUpLeg', 'RightUpLeg', 'LASI', 'RASI', 'LPSI', 'RPSI'],
      'child segments, then markers',
    );
    const lasi = children[3];
    assert.deepEqual(
      [presentItem(lasi).description, presentItem(lasi).contextValue, presentItem(lasi).expandable],
      ['[120, 80, 0] mm · weight 1', 'marker', false],
    );
    const dataRoot = (await data.children(roots[2]))[0];
    assert.equal(presentItem(dataRoot).contextValue, 'skeleton.readonly', 'the data is read-only in menus');
    assert.equal(presentItem(project[0]).contextValue, 'skeleton.editable');
  });

  it('loads a skeleton once per expansion until refreshed', async () => {
    const data = new ExplorerData(() => app.client);
    const [project] = await data.children();
    const [fullBody] = await data.children(project);
    requests = 0;
    await data.children(fullBody);
    const first = requests;
    await data.children(fullBody);
    assert.equal(requests, first, 'the second expansion is served from the loaded tree');
    data.refresh();
    await data.children(fullBody);
    assert.equal(requests, first * 2);
  });

  it('describes leaves with their endpoint and segments solved with the parent', async () => {
    const data = new ExplorerData(() => app.client);
    let items: ExplorerItem[] = await data.children();
    items = await data.children(items[0]);
    let node = (await data.children(items[0]))[0];
    for (const name of ['Spine', 'Spine1', 'Spine2', 'Neck', 'Head'])
      node = (await data.children(node)).find((c) => presentItem(c).label === name)!;
    const head = presentItem(node);
    assert.equal(head.description, 'solved with parent · 4 markers');
    assert.match(head.tooltip!, /Endpoint \[0, 0, 190\] mm/);
    assert.equal(head.expandable, true, 'a leaf with markers expands to them');
    assert.deepEqual(
      (await data.children(node)).map((c) => c.kind),
      ['marker', 'marker', 'marker', 'marker'],
    );
  });

  it('stops loading a skeleton when cancelled', async () => {
    const data = new ExplorerData(() => app.client);
    const [fullBody] = await data.children((await data.children())[0]);
    assert.equal(fullBody.kind === 'skeleton' && (await data.segmentCount(fullBody.skeleton)), 22);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(data.children(fullBody, controller.signal), /cancelled/);
    assert.equal((await data.children(fullBody)).length, 1, 'a cancelled load is not remembered');
  });

  describe('on an application with nothing in it', () => {
    const empty = referenceServer({ empty: true });

    it('shows no roots when the application has no skeletons at all (the view’s welcome shows instead)', async () => {
      const data = new ExplorerData(() => empty.client);
      assert.deepEqual(await data.children(), []);
      await empty.client.settings.processing.skeleton.add_skeleton('measurement', 'First');
      assert.equal((await data.children()).length, 3);
    });
  });

  it('describes each connection state for the status bar, and backs off', () => {
    assert.match(
      describeConnection({
        kind: 'connected',
        url: 'http://127.0.0.1:7979',
        version: '0.1.0',
        embedded: true,
      }).text,
      /Motion: embedded/,
    );
    assert.match(
      describeConnection({ kind: 'offline', url: 'http://x', reason: 'nothing is listening', retryInMs: 5000 }).tooltip,
      /retrying in 5 s/,
    );
    const embedded = describeConnection({
      kind: 'connected',
      url: 'http://127.0.0.1:7979',
      version: '0.1.0',
      embedded: true,
    });
    assert.equal(embedded.summary, 'Connected to the embedded reference server (0.1.0) at http://127.0.0.1:7979.');
    assert.equal(embedded.tooltip, `${embedded.summary} Click for options.`, 'the hint to click only where one can');
    assert.equal(
      describeConnection({ kind: 'foreign', url: 'http://x', reason: 'it does not answer in JSON' }).tooltip,
      'http://x is not a motion application: it does not answer in JSON. Click to change the server.',
    );
    assert.deepEqual([0, 1, 2, 3, 4, 9].map(backoff), [1000, 2000, 5000, 10000, 30000, 30000]);
  });
});
