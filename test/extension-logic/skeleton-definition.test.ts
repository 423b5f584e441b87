import assert from 'node:assert/strict';
import { MotionClient } from '../../src/api/client/motion-client';
import {
  checkSkeletonDefinition,
  copySkeleton,
  exportSkeleton,
  importSkeleton,
} from '../../src/extension/explorer/skeleton-definition';
import { startMotionServer, type MotionServer } from '../../server/scripting/motion-server';
import type { SkeletonRecord } from '../../server/scripting/model/records';

/** A skeleton's segments without ids, by name: what a copy must reproduce. */
function shape(skeleton: SkeletonRecord) {
  const byId = skeleton.segments;
  return Object.values(byId)
    .map(({ id: _id, parentId, children, ...rest }) => ({
      ...rest,
      parent: parentId === null ? null : byId[parentId].name,
      children: children.map((c) => byId[c].name),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('skeleton definitions: export, import, copy (against the real server)', () => {
  let server: MotionServer;
  let client: MotionClient;
  beforeEach(async () => {
    server = await startMotionServer({ port: 0, logLevel: 'silent' });
    client = new MotionClient({ url: server.url });
  });
  afterEach(async () => {
    await client.close();
    await server.close();
  });
  const skeleton = (source: 'project' | 'measurement', name: string) =>
    server.model.skeletons(source).find((s) => s.name === name)!;

  it('copies a skeleton from the measurement to the project settings, every field of every segment', async () => {
    const [id] = await client.settings.processing.skeleton.get_skeleton_ids('measurement');
    const reported: number[] = [];
    await copySkeleton(client, 'measurement', id, 'project', {
      report: (done) => reported.push(done),
      cancelled: () => false,
    });
    assert.deepEqual(shape(skeleton('project', 'Actor1')), shape(skeleton('measurement', 'Actor1')));
    assert.equal(skeleton('project', 'Actor1').scale, 1.05);
    assert.equal(reported.at(-1), 22, 'progress counted every segment');
  });

  it('exports a document that imports back as the same skeleton', async () => {
    const [fullBody] = await client.settings.processing.skeleton.get_skeleton_ids('project');
    const doc = JSON.parse(JSON.stringify(await exportSkeleton(client, 'project', fullBody)));
    doc.name = 'Imported';
    await importSkeleton(client, 'measurement', checkSkeletonDefinition(doc));
    assert.deepEqual(shape(skeleton('measurement', 'Imported')), shape(skeleton('project', 'FullBody')));
  });

  it('refuses a malformed document, naming where', async () => {
    const [wand] = await client.settings.processing.skeleton.get_skeleton_ids('project').then((ids) => ids.slice(1));
    const doc = JSON.parse(JSON.stringify(await exportSkeleton(client, 'project', wand)));
    assert.throws(() => checkSkeletonDefinition({ ...doc, format: 'other' }), /not a skeleton definition/);
    const broken = structuredClone(doc);
    broken.root.children[0].markers[0].position = [1, 2];
    assert.throws(
      () => checkSkeletonDefinition(broken),
      /skeleton\.root\.children\[0\]\.markers\[0\]\.position: expected a vec3f/,
    );
    const twice = structuredClone(doc);
    twice.root.children[0].name = 'Handle';
    assert.throws(() => checkSkeletonDefinition(twice), /"Handle" appears twice/);
  });

  it('leaves nothing behind when the application refuses a field or the user cancels', async () => {
    const [wand] = await client.settings.processing.skeleton.get_skeleton_ids('project').then((ids) => ids.slice(1));
    const doc = JSON.parse(JSON.stringify(await exportSkeleton(client, 'project', wand)));
    doc.name = 'Half';
    doc.scale = 500;
    await assert.rejects(importSkeleton(client, 'project', doc), /scale 500 is outside/);
    assert.equal(await client.settings.processing.skeleton.find_skeleton('project', 'Half'), null);
    doc.scale = 1;
    await assert.rejects(
      importSkeleton(client, 'project', doc, { report: () => undefined, cancelled: () => true }),
      /cancelled/,
    );
    assert.equal(await client.settings.processing.skeleton.find_skeleton('project', 'Half'), null);
  });
});
