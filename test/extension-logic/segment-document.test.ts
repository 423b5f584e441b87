import assert from 'node:assert/strict';
import { describeFieldChange } from '../../src/api/state/field-change-text';
import { MotionClient } from '../../src/api/client/motion-client';
import {
  parseSegmentDocument,
  readSegmentDocument,
  applySegmentFields,
  type FieldChange,
} from '../../src/extension/segment-editor/segment-document';
import { planSegmentApply } from '../../src/extension/segment-editor/apply-plan';
import { demoApplicationPerTest } from '../support/demo-application';
import type { MotionServer } from '../../server/scripting/motion-server';
import { encodeState } from '../../src/api/state/state-document';

/** A document applied as Apply does it: parsed whole, then all or nothing; the fields it changed. */
async function saveSegmentDocument(
  client: MotionClient,
  source: 'project' | 'measurement',
  segmentId: number,
  text: string,
): Promise<{ changed: string[] }> {
  const changes = await applySegmentFields(client, source, segmentId, parseSegmentDocument(text));
  return { changed: changes.map((c) => c.field) };
}

describe('segment editor documents (logic, against the real server)', () => {
  const app = demoApplicationPerTest();
  let server: MotionServer;
  let client: MotionClient;
  let headId: number;
  beforeEach(async () => {
    ({ server, client } = app);
    const sk = await client.settings.processing.skeleton.find_skeleton('project', 'FullBody');
    headId = (await client.settings.processing.skeleton.find_segment('project', sk!, 'Head'))!;
  });

  it('reads every editable field of a segment as JSON', async () => {
    const doc = JSON.parse(await readSegmentDocument(client, 'project', headId));
    assert.deepEqual(Object.keys(doc), [
      'name',
      'solver',
      'transform',
      'default_transform',
      'degrees_of_freedom',
      'markers',
      'rigid_bodies',
      'endpoint',
    ]);
    assert.equal(doc.name, 'Head');
    assert.deepEqual(doc.endpoint, [0, 0, 190]);
    assert.equal(doc.markers.length, 4);
  });

  it('saves changed fields through the setters', async () => {
    const doc = JSON.parse(await readSegmentDocument(client, 'project', headId));
    doc.name = 'Skull';
    doc.markers[0].weight = 0.5;
    doc.endpoint = [0, 0, 200];
    const { changed } = await saveSegmentDocument(client, 'project', headId, JSON.stringify(doc));
    assert.deepEqual(changed, ['name', 'markers', 'endpoint']);
    const after = JSON.parse(await readSegmentDocument(client, 'project', headId));
    assert.deepEqual([after.name, after.markers[0].weight, after.endpoint], ['Skull', 0.5, [0, 0, 200]]);
  });

  it('refuses a document that does not fit before sending anything', async () => {
    const before = encodeState(server.model.snapshot());
    for (const [text, message] of [
      ['{', /not valid JSON/],
      ['[]', /must be a JSON object/],
      [
        '{"colour": "red"}',
        /^Error: unknown field "colour" \(the fields are name, solver, transform, default_transform, degrees_of_freedom, markers, rigid_bodies, endpoint\)$/,
      ],
      ['{"transform": [[1,0,0]]}', /transform: expected a mat4x4f/],
      ['{"markers": [{"name": "A", "position": [1, 2], "weight": 1}]}', /markers\[0\]\.position: expected a vec3f/],
      ['{"solver": "fast"}', /solver: expected one of/],
    ] as const) {
      await assert.rejects(saveSegmentDocument(client, 'project', headId, text), message);
    }
    assert.equal(encodeState(server.model.snapshot()), before);
  });

  it('sets back every field it changed when the application refuses the last one', async () => {
    const sk = await client.settings.processing.skeleton.find_skeleton('project', 'FullBody');
    const neckId = (await client.settings.processing.skeleton.find_segment('project', sk!, 'Neck'))!;
    const before = encodeState(server.model.snapshot());
    const doc = JSON.parse(await readSegmentDocument(client, 'project', neckId));
    // Every field changes; the endpoint, applied last, is refused (Neck has one child: Head).
    doc.name = 'Renamed';
    doc.solver = doc.solver === 'none' ? 'global_optimization' : 'none';
    doc.transform[0][3] += 5;
    doc.default_transform[1][3] += 5;
    doc.degrees_of_freedom.rotation_z.constraint = { lower_bound: -1, upper_bound: 1 };
    doc.markers = [{ name: 'NECK', position: [1, 2, 3], weight: 0.5 }];
    doc.rigid_bodies = [{ name: 'Collar', transform: doc.transform, weight: 0.5 }];
    doc.endpoint = [0, 0, 1];
    const planned = await planSegmentApply(client, 'project', neckId, JSON.stringify(doc));
    assert.deepEqual(
      planned.changes.map((c) => c.field),
      ['name', 'solver', 'transform', 'default_transform', 'degrees_of_freedom', 'markers', 'rigid_bodies', 'endpoint'],
    );
    await assert.rejects(
      saveSegmentDocument(client, 'project', neckId, JSON.stringify(doc)),
      /set_segment_endpoint refused it: .*has 1 child.*\. Nothing was changed\./,
    );
    assert.equal(encodeState(server.model.snapshot()), before, 'every field set back, the application as it was');
  });

  it('says which fields it could not set back, and a failure that is not a refusal in its own words', async () => {
    const sk = await client.settings.processing.skeleton.find_skeleton('project', 'FullBody');
    const neckId = (await client.settings.processing.skeleton.find_segment('project', sk!, 'Neck'))!;
    const doc = JSON.parse(await readSegmentDocument(client, 'project', neckId));
    doc.name = 'Renamed';
    doc.markers = [{ name: 'NECK', position: [1, 2, 3], weight: 0.5 }];
    doc.endpoint = [0, 0, 1]; // refused: Neck has a child
    // The connection is lost just as the markers and the name are set back (a failure injected into a real client).
    const losing = new (class extends MotionClient {
      private readonly sets = new Map<string, number>();
      override call(...args: Parameters<MotionClient['call']>): ReturnType<MotionClient['call']> {
        const times = (this.sets.get(args[1]) ?? 0) + 1;
        this.sets.set(args[1], times);
        if (/^set_segment_(name|markers)$/.test(args[1]) && times === 2)
          return Promise.reject(new Error('connection lost'));
        return super.call(...args);
      }
    })({ url: server.url });
    try {
      await assert.rejects(
        saveSegmentDocument(losing, 'project', neckId, JSON.stringify(doc)),
        (error: Error) => (
          assert.match(
            error.message,
            /^motion\.settings\.processing\.skeleton\.set_segment_endpoint refused it: .*\. Could not set back markers, name: check the segment in the application\.$/,
          ),
          true
        ),
      );
      assert.equal(await client.settings.processing.skeleton.get_segment_name('project', neckId), 'Renamed');
      assert.deepEqual(
        (await client.settings.processing.skeleton.get_segment_markers('project', neckId)).map((m) => m.name),
        ['NECK'],
      );

      // Not a refusal: the connection fails while the markers are set.
      await client.settings.processing.skeleton.set_segment_name('project', neckId, 'Neck');
      await client.settings.processing.skeleton.set_segment_markers('project', neckId, []);
      const failing = new (class extends MotionClient {
        override call(...args: Parameters<MotionClient['call']>): ReturnType<MotionClient['call']> {
          if (args[1] === 'set_segment_markers') return Promise.reject(new Error('connection lost'));
          return super.call(...args);
        }
      })({ url: server.url });
      await assert.rejects(
        saveSegmentDocument(failing, 'project', neckId, JSON.stringify(doc)),
        (error: Error) => (assert.equal(error.message, 'connection lost. Nothing was changed.'), true),
      );
      assert.equal(await client.settings.processing.skeleton.get_segment_name('project', neckId), 'Neck');
      await failing.close();
    } finally {
      await losing.close();
    }
  });

  it('describes each kind of change in a line', () => {
    const marker = (name: string, weight = 1) => ({ name, position: [0, 0, 0], weight });
    const identity = [
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ];
    const moved = identity.map((row, i) => (i === 0 ? [1, 0, 0, 5] : row));
    const lines = [
      { field: 'solver', before: null, after: 'none' },
      { field: 'endpoint', before: [0, 0, 50], after: null },
      { field: 'transform', before: identity, after: moved },
      { field: 'markers', before: [marker('A'), marker('B')], after: [marker('B'), marker('C'), marker('D')] },
      { field: 'markers', before: [marker('A')], after: [] },
      { field: 'markers', before: [], after: [marker('A')] },
      { field: 'rigid_bodies', before: [marker('R')], after: [marker('R', 0.5)] },
      { field: 'degrees_of_freedom', before: { x: 1 }, after: { x: 2 } },
    ] as const;
    assert.deepEqual(lines.map(describeFieldChange), [
      'solver: null → "none"',
      'endpoint: [0, 0, 50] → null',
      'transform: translation [0, 0, 0] → [5, 0, 0]',
      'markers: 2 → 3: added C, D; removed A',
      'markers: 1 → 0: removed A',
      'markers: 0 → 1: added A',
      'rigid_bodies: R weight 1 → 0.5',
      'degrees_of_freedom: x',
    ]);
  });

  it('says what changed inside a list, a transform and the degrees of freedom, naming at most three', () => {
    const marker = (name: string, position = [0, 0, 0], weight = 1) => ({ name, position, weight });
    const turned = [
      [0, -1, 0, 0],
      [1, 0, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ];
    const identity = turned.map((row, i) => row.map((_, j) => (i === j ? 1 : 0)));
    const free = { constraint: null, couplings: [], goal: null };
    const cases: [FieldChange, string][] = [
      [
        {
          field: 'markers',
          before: [marker('A'), marker('B')],
          after: [marker('A', [0, 0, 5]), marker('B', [0, 0, 0], 0.5)],
        },
        'markers: A position [0, 0, 0] → [0, 0, 5], B weight 1 → 0.5',
      ],
      [
        { field: 'markers', before: [marker('A'), marker('B')], after: [marker('B'), marker('A')] },
        'markers: order changed',
      ],
      [
        { field: 'markers', before: [], after: ['A', 'B', 'C', 'D', 'E'].map((n) => marker(n)) },
        'markers: 0 → 5: added A, B, C and 2 more',
      ],
      [{ field: 'default_transform', before: identity, after: turned }, 'default_transform: rotation changed'],
      [{ field: 'markers', before: [], after: ['A', 'B', 'C'].map((n) => marker(n)) }, 'markers: 0 → 3: added A, B, C'],
      [
        {
          field: 'transform',
          before: identity,
          after: [turned[0].map((v, j) => (j === 3 ? 5 : v)), turned[1], turned[2], [0, 0, 1, 1]],
        },
        'transform: translation [0, 0, 0] → [5, 0, 0]; rotation changed; last row [0, 0, 0, 1] → [0, 0, 1, 1]',
      ],
      [
        {
          field: 'rigid_bodies',
          before: [{ name: 'R', transform: identity, weight: 1 }],
          after: [{ name: 'R', transform: turned, weight: 1 }],
        },
        'rigid_bodies: R transform: rotation changed',
      ],
      [
        {
          field: 'degrees_of_freedom',
          before: { rotation_x: free, rotation_y: free },
          after: { rotation_x: { ...free, constraint: { lower_bound: -1, upper_bound: 1 } }, rotation_y: free },
        },
        'degrees_of_freedom: rotation_x (constraint)',
      ],
      [
        {
          field: 'degrees_of_freedom',
          before: { rotation_x: free },
          after: {
            rotation_x: { ...free, constraint: { lower_bound: -1, upper_bound: 1 }, goal: { value: 0, weight: 1 } },
          },
        },
        'degrees_of_freedom: rotation_x (constraint, goal)',
      ],
    ];
    for (const [change, line] of cases) assert.equal(describeFieldChange(change), line);
  });

  it('reads an empty document as no fields, and the fields given as given', () => {
    assert.deepEqual(parseSegmentDocument('{}'), {});
    assert.deepEqual(parseSegmentDocument('{"name": "A", "endpoint": null}'), { name: 'A', endpoint: null });
  });
});

describe('applying a segment document: the plan shown before anything changes', () => {
  const app = demoApplicationPerTest();
  let server: MotionServer;
  let client: MotionClient;
  let tipId: number;
  beforeEach(async () => {
    ({ server, client } = app);
    const sk = await client.settings.processing.skeleton.find_skeleton('project', 'Wand');
    tipId = (await client.settings.processing.skeleton.find_segment('project', sk!, 'Tip'))!;
  });

  it('lists exactly the fields that differ, in the order they are applied, and sends nothing', async () => {
    const before = encodeState(server.model.snapshot());
    const opened = await readSegmentDocument(client, 'project', tipId);
    const doc = JSON.parse(opened);
    doc.endpoint = [0, 0, 80];
    doc.name = 'Point';
    doc.markers.push({ name: 'WAND_D', position: [1, 2, 3], weight: 0.5 });
    const plan = await planSegmentApply(client, 'project', tipId, JSON.stringify(doc), opened);
    assert.deepEqual(plan.changes.map(describeFieldChange), [
      'name: "Tip" → "Point"',
      'markers: 1 → 2: added WAND_D',
      'endpoint: [0, 0, 50] → [0, 0, 80]',
    ]);
    assert.deepEqual(plan.changedSince, []);
    assert.equal(plan.currentText, opened);
    assert.equal(encodeState(server.model.snapshot()), before, 'planning changed nothing');
  });

  it('names what the application changed since the document was opened', async () => {
    const opened = await readSegmentDocument(client, 'project', tipId);
    await client.settings.processing.skeleton.set_segment_solver('project', tipId, 'none');
    await client.settings.processing.skeleton.set_segment_markers('project', tipId, []);
    const plan = await planSegmentApply(client, 'project', tipId, opened, opened);
    assert.deepEqual(plan.changedSince.map(describeFieldChange), [
      'solver: null → "none"',
      'markers: 1 → 0: removed WAND_C',
    ]);
    assert.deepEqual(
      plan.changes.map((c) => c.field),
      ['solver', 'markers'],
      'applying the document as opened would set them back',
    );
  });

  it('refuses a document that does not fit, naming the field', async () => {
    await assert.rejects(
      planSegmentApply(client, 'project', tipId, '{"endpoint": [1, 2]}'),
      /endpoint: expected a vec3f/,
    );
    assert.equal(describeFieldChange({ field: 'transform', before: [[1]], after: [[2]] }), 'transform: changed');
  });
});
