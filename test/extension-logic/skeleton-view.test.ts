import assert from 'node:assert/strict';
import { MotionClient } from '../../src/api/client/motion-client';
import { ExplorerData, presentItem, type ExplorerItem } from '../../src/extension/skeletons-view/explorer-data';
import { makeNonce, viewHtml } from '../../src/extension/skeletons-in-3d/view-html';
import { loadViewScene } from '../support/view-scene';
import { sendViewScene, viewKey } from '../../src/extension/skeletons-in-3d/view-scene';
import type { ToView } from '../../src/protocol/skeleton-view';
import { referenceServer } from '../support/reference-server';

describe('3D view data (plain Node, real server)', () => {
  const app = referenceServer({ per: 'suite' });
  const skeletons = () => app.client.settings.processing.skeleton;

  it('loads every skeleton of a source in both poses, or the chosen ones, titled in the user’s words', async () => {
    const all = await loadViewScene(app.client, { source: 'project' });
    assert.equal(all.title, 'Skeletons · Project settings');
    assert.deepEqual(
      all.skeletons.map((s) => s.name),
      ['FullBody', 'Wand'],
    );
    const fullBody = all.skeletons[0];
    const ids = await skeletons().get_segment_ids('project', fullBody.id);
    assert.equal(fullBody.calibrated.segments.length, ids.length);
    assert.equal(fullBody.default!.segments.length, ids.length);
    assert.equal(fullBody.scale, 1);
    const head = fullBody.calibrated.segments.find((s) => s.name === 'Head')!;
    assert.equal(head.origin[2], 1570);

    const wandId = (await skeletons().find_skeleton('project', 'Wand'))!;
    const wand = await loadViewScene(app.client, { source: 'project', skeletonIds: [wandId] });
    assert.equal(wand.title, 'Wand · Project settings');
    assert.deepEqual(
      wand.skeletons.map((s) => s.id),
      [wandId],
    );
  });

  it('a skeleton deleted since the view opened is left out, and the title says so when none is left', async () => {
    const id = await skeletons().add_skeleton('project', 'Short-lived');
    await skeletons().delete_skeleton('project', id);
    const scene = await loadViewScene(app.client, { source: 'project', skeletonIds: [id] });
    assert.deepEqual(scene.skeletons, []);
    assert.equal(scene.title, 'Deleted skeleton · Project settings');
  });

  it('the default pose places segments by their default transforms', async () => {
    const id = await skeletons().add_skeleton('project', 'Posed');
    try {
      const root = await skeletons().get_skeleton_root_id('project', id);
      const child = await skeletons().add_segment('project', root, 'Child');
      const up = (z: number) => [
        [1, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 1, z],
        [0, 0, 0, 1],
      ];
      await skeletons().set_segment_transform('project', child, up(100));
      await skeletons().set_segment_default_transform('project', child, up(300));
      const [posed] = (await loadViewScene(app.client, { source: 'project', skeletonIds: [id] })).skeletons;
      const origin = (pose: 'calibrated' | 'default') => posed[pose]!.segments.find((s) => s.name === 'Child')!.origin;
      assert.deepEqual(origin('calibrated'), [0, 0, 100]);
      assert.deepEqual(origin('default'), [0, 0, 300]);
    } finally {
      await skeletons().delete_skeleton('project', id);
    }
  });

  it('sends every skeleton placed first, then each whole, the default pose after, and asks only what it draws, once', async () => {
    const asked: string[] = [];
    const counting = new MotionClient({
      url: app.server.url,
      onRequest: ({ operation }) => asked.push(operation.split('.').pop()!),
    });
    const sent: string[] = [];
    try {
      const kind = (message: ToView) =>
        message.type === 'skeleton'
          ? `skeleton${message.skeleton.placedOnly ? ' placed' : ''}${message.skeleton.default ? '+default' : ''}`
          : message.type;
      await sendViewScene(counting, { source: 'project' }, (message) => {
        sent.push(kind(message));
        if (message.type === 'skeleton') asked.push(`(sent ${kind(message)})`);
      });
      assert.deepEqual(sent, [
        'outline',
        'skeleton placed',
        'skeleton placed',
        'skeleton',
        'skeleton',
        'defaultPose',
        'defaultPose',
      ]);
      const lastPlaced = asked.lastIndexOf('(sent skeleton placed)');
      const firstName = asked.indexOf('get_segment_name');
      assert.ok(firstName > lastPlaced, 'no name is read before every skeleton is placed');
      const lastSkeleton = asked.lastIndexOf('(sent skeleton)');
      const firstDefault = asked.indexOf('get_segment_default_transform');
      assert.ok(firstDefault > lastSkeleton, 'no default transform is read before every skeleton is shown whole');
      // Endpoints of leaves only: a segment with children has none.
      const segments = Object.values(app.server.model.skeletons('project')).flatMap((s) => Object.values(s.segments));
      const leaves = segments.filter((s) => s.children.length === 0);
      const count = (operation: string) => asked.filter((a) => a === operation).length;
      assert.equal(count('get_segment_endpoint'), leaves.length);
      assert.equal(count('get_segment_default_transform'), segments.length);
      for (const operation of [
        'get_segment_transform',
        'get_segment_parent_id',
        'get_segment_name',
        'get_segment_markers',
        'get_segment_rigid_bodies',
      ])
        assert.equal(count(operation), segments.length, `${operation}: once per segment`);

      sent.length = 0;
      await sendViewScene(counting, { source: 'project' }, (message) => void sent.push(kind(message)), {
        pose: 'default',
      });
      assert.deepEqual(
        sent,
        ['outline', 'skeleton placed+default', 'skeleton placed+default', 'skeleton+default', 'skeleton+default'],
        'a view in the default pose gets it at once',
      );
    } finally {
      await counting.close();
    }
  });

  it('stops reading when cancelled, and sends nothing more', async () => {
    const cancel = new AbortController();
    const sent: string[] = [];
    await sendViewScene(
      app.client,
      { source: 'project' },
      (message) => {
        sent.push(message.type);
        if (message.type === 'skeleton') cancel.abort();
      },
      { signal: cancel.signal },
    ).catch(() => undefined);
    assert.deepEqual(sent, ['outline', 'skeleton']);
  });

  it('one view per source, or per set of skeletons', () => {
    assert.equal(viewKey({ source: 'project' }), 'project:all');
    assert.equal(viewKey({ source: 'measurement', skeletonIds: [3, 7] }), 'measurement:3,7');
    assert.notEqual(viewKey({ source: 'project' }), viewKey({ source: 'measurement' }));
  });

  it('finds a segment’s item and every item’s parent, so that the view can reveal it in the tree', async () => {
    const data = new ExplorerData(() => app.client);
    const fullBodyId = (await skeletons().find_skeleton('project', 'FullBody'))!;
    const headId = (await skeletons().find_segment('project', fullBodyId, 'Head'))!;
    const head = (await data.segmentItem('project', fullBodyId, headId))!;
    assert.equal(presentItem(head).label, 'Head');
    const path: string[] = [];
    for (let item: ExplorerItem | undefined = head; item; item = await data.parent(item))
      path.unshift(presentItem(item).label);
    assert.deepEqual(path, ['Project settings', 'FullBody', 'Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head']);
    const hips = (await data.segmentItem(
      'project',
      fullBodyId,
      await skeletons().get_skeleton_root_id('project', fullBodyId),
    ))!;
    assert.equal(hips.kind === 'segment' && hips.isRoot, true, 'the root is known as the root');
    const [marker] = (await data.children(head)).filter((c) => c.kind === 'marker');
    assert.equal(presentItem((await data.parent(marker))!).label, 'Head', "a marker's parent is its segment");
    assert.equal(await data.segmentItem('project', fullBodyId, 999_999), undefined, 'a segment that is gone');
    assert.equal(await data.segmentItem('project', 999_999, headId), undefined, 'a skeleton that is gone');
    await skeletons().delete_skeleton('project', fullBodyId);
    assert.equal(await data.parent(head), undefined, 'a segment of a skeleton that is gone has no parent');
    assert.equal(await data.parent(hips), undefined, 'nor has its root');
  });
});

describe('3D view page', () => {
  it('runs only its own bundled script (a nonce), loads nothing remote, and each page has a fresh nonce', () => {
    const nonce = makeNonce();
    const html = viewHtml({
      scriptUri: 'https://file+.vscode-resource/dist/webview/skeleton-view.js',
      cspSource: 'vscode-webview:',
      nonce,
    });
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, new RegExp(`script-src 'nonce-${nonce.replace(/[+/]/g, '\\$&')}'`));
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    assert.equal(scripts.length, 1);
    assert.ok(scripts[0].includes(`nonce="${nonce}"`));
    assert.ok(nonce.length >= 22 && makeNonce() !== nonce);
  });
});
