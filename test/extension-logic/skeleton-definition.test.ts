import assert from 'node:assert/strict';
import {
  checkSkeletonDefinition,
  exportSkeleton,
  importSkeleton,
  importSkeletons,
} from '../../src/api/skeletons/skeleton-definition';
import { referenceServer } from '../support/reference-server';
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
  const application = referenceServer({ per: 'test' });
  const skeleton = (source: 'project' | 'measurement', name: string) =>
    application.server.model.skeletons(source).find((s) => s.name === name)!;

  it('copies a skeleton from the measurement to the project settings, every field of every segment', async () => {
    const [id] = await application.client.settings.processing.skeleton.get_skeleton_ids('measurement');
    const reported: number[] = [];
    // What Copy to Project Settings does: the definition exported, imported into the other settings.
    await importSkeleton(application.client, 'project', await exportSkeleton(application.client, 'measurement', id), {
      report: (done) => reported.push(done),
      cancelled: () => false,
    });
    assert.deepEqual(shape(skeleton('project', 'Actor1')), shape(skeleton('measurement', 'Actor1')));
    assert.equal(skeleton('project', 'Actor1').scale, 1.05);
    assert.equal(reported.at(-1), 22, 'progress counted every segment');
  });

  it('exports a document that imports back as the same skeleton', async () => {
    const [fullBody] = await application.client.settings.processing.skeleton.get_skeleton_ids('project');
    const doc = JSON.parse(JSON.stringify(await exportSkeleton(application.client, 'project', fullBody)));
    doc.name = 'Imported';
    await importSkeleton(application.client, 'measurement', checkSkeletonDefinition(doc));
    assert.deepEqual(shape(skeleton('measurement', 'Imported')), shape(skeleton('project', 'FullBody')));
  });

  it('refuses a malformed document, naming where', async () => {
    const [wand] = await application.client.settings.processing.skeleton
      .get_skeleton_ids('project')
      .then((ids) => ids.slice(1));
    const doc = JSON.parse(JSON.stringify(await exportSkeleton(application.client, 'project', wand)));
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

  it('names the first problem of a document that is not a definition, before anything is sent', async () => {
    const [wand] = await application.client.settings.processing.skeleton
      .get_skeleton_ids('project')
      .then((ids) => ids.slice(1));
    const doc = JSON.parse(JSON.stringify(await exportSkeleton(application.client, 'project', wand)));
    const refused = (value: unknown, message: string) =>
      assert.throws(
        () => checkSkeletonDefinition(value),
        (error: Error) => (assert.equal(error.message, message), true),
      );
    const notDefinition = 'not a skeleton definition: "format" must be "motion-skeleton"';
    refused(null, notDefinition);
    refused('motion-skeleton', notDefinition);
    refused({ ...doc, format: undefined }, notDefinition);
    refused({ ...doc, version: 2 }, 'skeleton definition version 2 is not supported (1 is)');
    refused({ ...doc, version: undefined }, 'skeleton definition version undefined is not supported (1 is)');
    refused({ ...doc, name: '  ' }, 'skeleton.name must be a non-empty string');
    refused({ ...doc, name: 7 }, 'skeleton.name must be a non-empty string');
    refused({ ...doc, scale: '1' }, 'skeleton.scale must be a number');
    refused({ ...doc, root: null }, 'skeleton.root: expected an object, got null');
    refused(
      { ...doc, root: { ...doc.root, children: 'none' } },
      'skeleton.root.children: expected an array, got string "none"',
    );
    refused(
      { ...doc, root: { ...doc.root, children: [null] } },
      'skeleton.root.children[0].name: expected a string, got nothing',
    );
    const withChildren = structuredClone(doc);
    withChildren.root.endpoint = [0, 0, 100];
    refused(
      withChildren,
      'skeleton.root.endpoint: must be null, because the segment has children (only a leaf has an endpoint)',
    );
    assert.equal(checkSkeletonDefinition(doc), doc, 'a good document passes as it is');
  });

  it('imports leaves as given, a null endpoint too, and counts every segment in its progress', async () => {
    const [wand] = await application.client.settings.processing.skeleton
      .get_skeleton_ids('project')
      .then((ids) => ids.slice(1));
    const doc = JSON.parse(JSON.stringify(await exportSkeleton(application.client, 'project', wand)));
    doc.name = 'Leaves';
    const leaf = doc.root.children[0];
    assert.equal(leaf.children.length, 0, 'the first child of the wand is a leaf');
    leaf.endpoint = null;
    const reported: [number, number][] = [];
    await importSkeleton(application.client, 'project', checkSkeletonDefinition(doc), {
      report: (done, total) => reported.push([done, total]),
      cancelled: () => false,
    });
    const segments = 1 + doc.root.children.length;
    assert.deepEqual(
      reported.map(([done]) => done),
      Array.from({ length: segments }, (_, i) => i + 1),
    );
    assert.ok(
      reported.every(([, total]) => total === segments),
      `every report says ${segments} in all`,
    );
    const imported = skeleton('project', 'Leaves');
    const byName = Object.values(imported.segments).find((s) => s.name === leaf.name)!;
    assert.equal(byName.endpoint, null, 'a leaf whose endpoint was null stays null');
  });

  it('leaves nothing behind when the application refuses a field or the user cancels', async () => {
    const [wand] = await application.client.settings.processing.skeleton
      .get_skeleton_ids('project')
      .then((ids) => ids.slice(1));
    const doc = JSON.parse(JSON.stringify(await exportSkeleton(application.client, 'project', wand)));
    doc.name = 'Half';
    doc.scale = 500;
    await assert.rejects(importSkeleton(application.client, 'project', doc), /scale 500 is outside/);
    assert.equal(await application.client.settings.processing.skeleton.find_skeleton('project', 'Half'), null);
    doc.scale = 1;
    await assert.rejects(
      importSkeleton(application.client, 'project', doc, { report: () => undefined, cancelled: () => true }),
      /cancelled/,
    );
    assert.equal(await application.client.settings.processing.skeleton.find_skeleton('project', 'Half'), null);
  });

  it('replaces a skeleton of the same name only once the new one is complete: a refusal keeps the old one', async () => {
    const api = application.client.settings.processing.skeleton;
    const fullBody = (await api.find_skeleton('project', 'FullBody'))!;
    const before = JSON.stringify(application.server.model.skeletons('project'));
    const doc = JSON.parse(
      JSON.stringify(
        await exportSkeleton(application.client, 'measurement', (await api.get_skeleton_ids('measurement'))[0]),
      ),
    );
    doc.name = 'FullBody';
    const leaf = (segment: any): any => (segment.children.length ? leaf(segment.children.at(-1)) : segment);
    leaf(doc.root).markers = [{ name: 'M', position: [0, 0, 0], weight: -1 }]; // refused, at the very last segment
    await assert.rejects(importSkeleton(application.client, 'project', doc), /weight/);
    assert.equal(
      JSON.stringify(application.server.model.skeletons('project')),
      before,
      'the old FullBody, untouched, and nothing else',
    );
    leaf(doc.root).markers = [];
    const id = await importSkeleton(application.client, 'project', doc);
    assert.equal(await api.find_skeleton('project', 'FullBody'), id, 'replaced by the import');
    assert.notEqual(id, fullBody);
    assert.equal(application.server.model.skeletons('project').length, 2);
  });

  it('imports several skeletons all or nothing', async () => {
    const api = application.client.settings.processing.skeleton;
    const wand = await exportSkeleton(application.client, 'project', (await api.find_skeleton('project', 'Wand'))!);
    const before = JSON.stringify(application.server.model.skeletons('measurement'));
    const broken = { ...wand, name: 'Broken', scale: 1000 };
    await assert.rejects(
      importSkeletons(application.client, 'measurement', [{ ...wand, name: 'One' }, broken]),
      /scale 1000/,
    );
    assert.equal(JSON.stringify(application.server.model.skeletons('measurement')), before);
    const reported: [number, number][] = [];
    const ids = await importSkeletons(
      application.client,
      'measurement',
      [
        { ...wand, name: 'One' },
        { ...wand, name: 'Two' },
      ],
      {
        report: (done, total) => reported.push([done, total]),
        cancelled: () => false,
      },
    );
    assert.deepEqual(await Promise.all(ids.map((id) => api.get_skeleton_name('measurement', id))), ['One', 'Two']);
    assert.deepEqual(reported.at(-1), [4, 4], 'progress over both skeletons’ segments');
  });
});
