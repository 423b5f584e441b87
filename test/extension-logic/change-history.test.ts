import assert from 'node:assert/strict';
import type { MotionClient } from '../../src/api/client/motion-client';
import * as edits from '../../src/extension/skeletons-view/edit-operations';
import type { Prompts } from '../../src/extension/questions';
import type { ExplorerData } from '../../src/extension/skeletons-view/explorer-data';
import { exportSkeleton } from '../../src/api/skeletons/skeleton-definition';
import {
  ChangeHistory,
  HISTORY_LIMIT,
  describeUndo,
  describeWhen,
  type Change,
  type ChangeRecord,
  type Undo,
} from '../../src/extension/history/change-history';
import { undoSegmentFields } from '../../src/extension/history/undo-steps';
import { applySegmentFields } from '../../src/extension/segment-editor/segment-document';
import type { MotionServer } from '../../server/scripting/motion-server';
import { demoApplicationPerTest } from '../support/demo-application';
import { encodeState } from '../../src/api/state/state-document';
import { explorerPath } from '../support/explorer-path';
import { scriptedPrompts } from '../../src/extension/scripted-answers';

/** Prompts that answer from a list and take every action offered (or the one named). */
const answering = (inputs: string[], decision?: string, pick?: unknown): Prompts =>
  scriptedPrompts({ inputs, decisions: decision === undefined ? [] : [decision], confirm: true, pick });

/** Every skeleton definition of the settings, by source and name: equal after an undo even where ids are new. */
async function definitions(client: MotionClient): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const source of ['project', 'measurement'] as const) {
    for (const id of await client.settings.processing.skeleton.get_skeleton_ids(source)) {
      const doc = await exportSkeleton(client, source, id);
      out[`${source}/${doc.name}`] = doc;
    }
  }
  return out;
}

describe('change history and undo (logic, against the real server)', () => {
  const app = demoApplicationPerTest();
  let server: MotionServer;
  let client: MotionClient;
  let data: ExplorerData;
  beforeEach(() => ({ server, client, data } = app));
  const find = (labels: string[]) => explorerPath(data, labels);
  const state = () => encodeState(server.model.snapshot());
  /** The state without the id counter: field changes and their undo create no ids, but compare everything else. */
  const fields = () => JSON.stringify({ ...JSON.parse(state()).state, nextId: undefined });

  /** Runs an edit, checks it changed something, undoes it, and returns the record. */
  async function editAndUndo(edit: Promise<edits.EditOutcome>): Promise<ChangeRecord> {
    const outcome = await edit;
    assert.equal(outcome.changed, true);
    assert.ok(outcome.change, 'the edit says how to undo it');
    assert.equal(await outcome.change.undo.check(client), undefined);
    await outcome.change.undo.run(client);
    return outcome.change;
  }

  it('undoes field changes exactly: scale, skeleton and segment names, solver, endpoint', async () => {
    const before = state();
    await editAndUndo(edits.setScale(client, answering(['2.5']), await find(['Project settings', 'FullBody'])));
    await editAndUndo(edits.renameSkeleton(client, answering(['Body']), await find(['Project settings', 'FullBody'])));
    await editAndUndo(
      edits.renameSegment(client, answering(['Torso']), await find(['Project settings', 'FullBody', 'Hips', 'Spine'])),
    );
    await editAndUndo(
      edits.setSolver(
        client,
        answering([], undefined, 'none'),
        await find(['Project settings', 'FullBody', 'Hips', 'Spine']),
      ),
    );
    const tip = await find(['Project settings', 'Wand', 'Handle', 'Tip']);
    const record = await editAndUndo(edits.setEndpoint(client, answering(['1, 2, 3']), tip));
    assert.equal(record.description, 'Set the endpoint of "Tip" to [1, 2, 3] mm');
    assert.equal(record.where, 'Project settings › Wand › Tip');
    assert.equal(state(), before, 'the state is exactly as before, down to the id counter');
  });

  it('undoes an added segment, giving its parent back the endpoint it had as a leaf', async () => {
    const before = fields();
    await editAndUndo(
      edits.addSegment(client, answering(['Grip']), await find(['Project settings', 'Wand', 'Handle', 'Tip'])),
    );
    assert.equal(fields(), before);
  });

  it('undoes deletes by creating the skeleton or subtree again, and says the ids are new', async () => {
    const before = await definitions(client);
    const spine = await editAndUndo(
      edits.deleteSegment(client, answering([]), await find(['Project settings', 'FullBody', 'Hips', 'Spine'])),
    );
    assert.match(
      spine.undo.caveat ?? '',
      /"Spine" and what was below it comes back with new identifiers, as the last child of "Hips"/,
    );
    const hipsChildren = (await data.children(await find(['Project settings', 'FullBody', 'Hips']))).filter(
      (c) => c.kind === 'segment',
    );
    assert.deepEqual(
      hipsChildren.map((c) => (c.kind === 'segment' ? c.node.name : '')),
      ['LeftUpLeg', 'RightUpLeg', 'Spine'],
    );
    const wand = await editAndUndo(
      edits.deleteSkeleton(client, answering([]), await find(['Project settings', 'Wand'])),
    );
    assert.match(wand.undo.caveat ?? '', /"Wand" comes back with new identifiers/);
    const after = await definitions(client);
    // The order of children under Hips changed (Spine is last now); everything else is the same.
    const order = (d: any) => ({
      ...d,
      root: { ...d.root, children: [...d.root.children].sort((a: any, b: any) => a.name.localeCompare(b.name)) },
    });
    assert.deepEqual(order(after['project/FullBody']), order(before['project/FullBody']));
    assert.deepEqual(after['project/Wand'], before['project/Wand']);
  });

  it('undoes a skeleton that replaced another: deletes it and brings the replaced one back', async () => {
    const before = await definitions(client);
    const added = await editAndUndo(
      edits.addSkeleton(client, answering(['Wand'], 'Replace'), await find(['Project settings'])),
    );
    assert.match(added.description, /Add skeleton "Wand" \(replacing the one of that name\)/);
    assert.deepEqual(await definitions(client), before);
    const renamed = await editAndUndo(
      edits.renameSkeleton(client, answering(['Wand']), await find(['Project settings', 'FullBody'])),
    );
    assert.match(renamed.undo.caveat ?? '', /"Wand", which the rename replaced, comes back with new identifiers/);
    assert.deepEqual(await definitions(client), before);
  });

  it('offers another name instead of replacing a skeleton of the same name', async () => {
    const outcome = await edits.addSkeleton(
      client,
      answering(['Wand', 'Wand 2'], 'Use Another Name…'),
      await find(['Project settings']),
    );
    assert.equal(outcome.message?.startsWith('Added skeleton Wand 2'), true);
    assert.equal(
      server.model.skeletons('project').filter((s) => s.name === 'Wand').length,
      1,
      'the existing Wand is untouched',
    );
    const cancelled = await edits.addSkeleton(
      client,
      answering(['Wand'], 'none of them'),
      await find(['Project settings']),
    );
    assert.equal(cancelled.changed, false);
  });

  it('undoes a segment document applied as a whole, all fields at once', async () => {
    const before = state();
    const head = (await client.settings.processing.skeleton.find_segment(
      'project',
      (await client.settings.processing.skeleton.find_skeleton('project', 'FullBody'))!,
      'Head',
    ))!;
    const changes = await applySegmentFields(client, 'project', head, {
      name: 'Skull',
      endpoint: [0, 0, 250],
      markers: [],
    });
    assert.deepEqual(
      changes.map((c) => c.field),
      ['name', 'markers', 'endpoint'],
    );
    const undo = undoSegmentFields('project', head, 'Skull', changes);
    assert.equal(await undo.check(client), undefined);
    await undo.run(client);
    assert.equal(state(), before);
  });

  it('keeps a history per application, undoes back to a chosen change, newest first', async () => {
    const history = new ChangeHistory();
    const here = server.url;
    for (const scale of ['1.5', '2', '3']) {
      const outcome = await edits.setScale(client, answering([scale]), await find(['Project settings', 'Wand']));
      history.record(here, outcome.change!);
    }
    history.record('http://127.0.0.1:1', {
      description: 'elsewhere',
      where: '',
      undo: { check: async () => undefined, run: async () => assert.fail('never run on another application') },
    });
    assert.deepEqual(
      history.list(here).map((c) => c.description),
      [
        'Set the scale of "Wand" from 2 to 3',
        'Set the scale of "Wand" from 1.5 to 2',
        'Set the scale of "Wand" from 1 to 1.5',
      ],
    );
    const all = history.backTo(here, history.list(here)[2].id);
    assert.equal(all.length, 3);
    assert.match(
      describeUndo(all).message,
      /Undo the last 3 changes, back to: Set the scale of "Wand" from 1 to 1\.5\?/,
    );
    const { undone, failed } = await history.undo(client, all);
    assert.equal(failed, undefined);
    assert.equal(undone.length, 3);
    assert.equal(server.model.skeletons('project').find((s) => s.name === 'Wand')!.scale, 1);
    assert.deepEqual(history.list(here), []);
    assert.equal(history.list('http://127.0.0.1:1').length, 1, 'the other application’s history is kept, untouched');
  });

  it('refuses to undo what is gone or was renamed since, and stops there', async () => {
    const history = new ChangeHistory();
    const outcome = await edits.setScale(client, answering(['2']), await find(['Project settings', 'Wand']));
    history.record(server.url, outcome.change!);
    await client.settings.processing.skeleton.set_skeleton_name(
      'project',
      server.model.skeletons('project').find((s) => s.name === 'Wand')!.id,
      'Stick',
    );
    const result = await history.undo(client, history.list(server.url));
    assert.match(result.failed?.reason ?? '', /is now named "Stick", not "Wand": it was changed since/);
    assert.equal(server.model.skeletons('project').find((s) => s.name === 'Stick')!.scale, 2, 'nothing was undone');
    assert.equal(history.list(server.url).length, 1, 'the change stays in the history');
  });

  it('undoes only the newest change first, keeps at most the limit, and says when', async () => {
    const history = new ChangeHistory();
    const noop = { check: async () => undefined, run: async () => undefined };
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) history.record('app', { description: `c${i}`, where: '', undo: noop });
    assert.equal(history.list('app').length, HISTORY_LIMIT);
    assert.equal(history.list('app').at(-1)!.description, 'c5', 'the oldest went first');
    const oldest = history.list('app').at(-1)!;
    assert.match((await history.undo(client, [oldest])).failed?.reason ?? '', /a later change must be undone first/);
    const now = new Date('2026-11-21T12:00:00Z');
    assert.match(describeWhen(new Date(now.getTime() - 5_000), now), /^just now/);
    assert.match(describeWhen(new Date(now.getTime() - 5 * 60_000), now), /^5 min ago/);
    assert.match(describeWhen(new Date(now.getTime() - 3 * 3600_000), now), /^3 h ago/);
  });
});

describe('change history: its bookkeeping and its words (no application needed)', () => {
  /** The undos here never reach an application. */
  const nowhere = {} as MotionClient;
  const noop = { check: async () => undefined, run: async () => undefined };
  const record = (history: ChangeHistory, application: string, description: string, undo: Undo = noop) =>
    history.record(application, { description, where: `in ${application}`, undo });

  it('numbers changes in order and tells its listeners of each record and undo, until disposed', async () => {
    const history = new ChangeHistory();
    let told = 0;
    const listening = history.onDidChange(() => told++);
    const first = record(history, 'a', 'first');
    const second = record(history, 'a', 'second');
    assert.ok(second.id > first.id, 'a later change has a larger id');
    assert.equal(told, 2);
    await history.undo(nowhere, [second]);
    assert.equal(told, 3);
    listening.dispose();
    record(history, 'a', 'third');
    assert.equal(told, 3, 'not told after dispose');
  });

  it('keeps the limit per application: a busy one does not push out another’s changes', () => {
    const history = new ChangeHistory();
    for (let i = 0; i < HISTORY_LIMIT; i++) record(history, 'busy', `b${i}`);
    record(history, 'quiet', 'q0');
    assert.equal(history.list('busy').length, HISTORY_LIMIT);
    assert.equal(history.list('busy').at(-1)!.description, 'b0');
    assert.deepEqual(
      history.list('quiet').map((c) => c.description),
      ['q0'],
    );
  });

  it('goes back to a change: the newest alone, some, or nothing for an unknown one', () => {
    const history = new ChangeHistory();
    const [c1, c2, c3] = ['c1', 'c2', 'c3'].map((d) => record(history, 'a', d));
    const names = (changes: Change[]) => changes.map((c) => c.description);
    assert.deepEqual(names(history.backTo('a', c3.id)), ['c3']);
    assert.deepEqual(names(history.backTo('a', c2.id)), ['c3', 'c2']);
    assert.deepEqual(names(history.backTo('a', c1.id)), ['c3', 'c2', 'c1']);
    assert.deepEqual(history.backTo('a', 999), []);
    assert.deepEqual(history.backTo('b', c1.id), [], 'a change of another application is not found');
  });

  it('reports an undo check or run that throws as the reason, and keeps the change', async () => {
    const history = new ChangeHistory();
    const checkFails = record(history, 'a', 'check fails', {
      check: () => Promise.reject(new Error('the check could not read')),
      run: async () => assert.fail('not run after a failed check'),
    });
    assert.deepEqual((await history.undo(nowhere, [checkFails])).failed, {
      change: checkFails,
      reason: 'the check could not read',
    });
    const runFails = record(history, 'a', 'run fails', {
      check: async () => undefined,
      run: () => Promise.reject(new Error('refused by the application')),
    });
    const result = await history.undo(nowhere, [runFails]);
    assert.deepEqual(result, { undone: [], failed: { change: runFails, reason: 'refused by the application' } });
    assert.equal(history.list('a').length, 2, 'both stay in the history');
  });

  it('refuses to undo a change twice', async () => {
    const history = new ChangeHistory();
    const once = record(history, 'a', 'once');
    assert.equal((await history.undo(nowhere, [once])).undone.length, 1);
    assert.deepEqual(await history.undo(nowhere, [once]), {
      undone: [],
      failed: { change: once, reason: 'it is no longer in the history (undone already, or too old)' },
    });
  });

  it('says when, at each boundary, with the local clock and date', () => {
    const when = new Date(2026, 10, 21, 9, 5, 7); // local time
    const after = (seconds: number) => describeWhen(when, new Date(when.getTime() + seconds * 1000));
    assert.equal(after(-3), 'just now (09:05:07)', 'a clock running behind is "just now"');
    assert.equal(after(59), 'just now (09:05:07)');
    assert.equal(after(60), '1 min ago (09:05:07)');
    assert.equal(after(3599), '59 min ago (09:05:07)');
    assert.equal(after(3600), '1 h ago (09:05:07)');
    assert.equal(after(86_399), '23 h ago (09:05:07)');
    assert.equal(after(86_400), '2026-11-21 09:05:07');
    assert.equal(describeWhen(new Date(2026, 0, 2, 23, 59, 0), new Date(2026, 0, 9)), '2026-01-02 23:59:00');
  });

  it('words the confirmation of an undo: the change, every change, and every caveat after a blank line', () => {
    const history = new ChangeHistory();
    const plain = record(history, 'a', 'Set the scale of "Wand" from 1 to 2');
    const withCaveat = record(history, 'a', 'Deleted "Wand"', {
      ...noop,
      caveat: 'The skeleton "Wand" comes back with new identifiers.',
    });
    assert.deepEqual(describeUndo([plain]), {
      message: 'Undo: Set the scale of "Wand" from 1 to 2?',
      detail: '• Set the scale of "Wand" from 1 to 2 — in a',
    });
    assert.deepEqual(describeUndo([withCaveat, plain]), {
      message: 'Undo the last 2 changes, back to: Set the scale of "Wand" from 1 to 2?',
      detail: [
        '• Deleted "Wand" — in a',
        '• Set the scale of "Wand" from 1 to 2 — in a',
        '',
        'The skeleton "Wand" comes back with new identifiers.',
      ].join('\n'),
    });
  });
});
