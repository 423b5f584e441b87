import assert from 'node:assert/strict';
import type { MotionClient } from '../../src/api/client/motion-client';
import { MotionError } from '../../src/api/client/motion-error';
import * as edits from '../../src/extension/skeletons-view/edit-operations';
import type { Prompts } from '../../src/extension/questions';
import { describeFailure } from '../../src/extension/failure-text';
import { presentItem, type ExplorerData } from '../../src/extension/skeletons-view/explorer-data';
import { explorerPath } from '../support/explorer-path';
import type { MotionServer } from '../../server/scripting/motion-server';
import { demoApplicationPerTest } from '../support/demo-application';
import { scriptedPrompts } from '../../src/extension/scripted-answers';

/** Prompts answered from a script; records what was asked. */
function answering(inputs: string[], confirm = true, pick?: unknown): Prompts & { asked: string[] } {
  const asked: string[] = [];
  const scripted = scriptedPrompts({ inputs, confirm, pick });
  return {
    asked,
    input: (question) => (asked.push(question.prompt), scripted.input(question)),
    decide: (message, actions, detail) => (asked.push(message), scripted.decide(message, actions, detail)),
    pick: (placeholder, items) => (asked.push(placeholder), scripted.pick(placeholder, items)),
  };
}

describe('explorer edit commands (logic, against the real server)', () => {
  const app = demoApplicationPerTest();
  let server: MotionServer;
  let client: MotionClient;
  let data: ExplorerData;
  const find = (labels: string[]) => explorerPath(data, labels);

  beforeEach(() => ({ server, client, data } = app));

  it('adds, renames, rescales and deletes a skeleton, confirming overwrites', async () => {
    const project = await find(['Project settings']);
    assert.equal((await edits.addSkeleton(client, answering(['Bob']), project)).changed, true);
    const prompts = answering(['Bob'], false);
    assert.equal((await edits.addSkeleton(client, prompts, project)).changed, false, 'replacing was declined');
    assert.match(prompts.asked[1], /A skeleton named "Bob" is already in the project settings/);
    await edits.renameSkeleton(client, answering(['Robert']), await find(['Project settings', 'Bob']));
    await edits.setScale(client, answering(['1.25']), await find(['Project settings', 'Robert']));
    assert.equal(presentItem(await find(['Project settings', 'Robert'])).description, 'scale 1.25');
    await edits.deleteSkeleton(client, answering([]), await find(['Project settings', 'Robert']));
    assert.deepEqual(
      (await data.children(await find(['Project settings']))).map((s) => presentItem(s).label),
      ['FullBody', 'Wand'],
    );
  });

  it('refuses bad input before anything is sent', async () => {
    const wand = await find(['Project settings', 'Wand']);
    await assert.rejects(edits.setScale(client, answering(['1000']), wand), /must be within 0\.01 and 100/);
    await assert.rejects(edits.setScale(client, answering(['big']), wand), /Type a number/);
    await assert.rejects(
      edits.addSkeleton(client, answering(['  ']), await find(['Project settings'])),
      /must not be empty/,
    );
    await assert.rejects(
      edits.addSegment(client, answering(['Tip']), await find(['Project settings', 'Wand', 'Handle'])),
      /already has a segment named "Tip"/,
    );
    await assert.rejects(
      edits.setEndpoint(client, answering(['1, 2']), await find(['Project settings', 'Wand', 'Handle', 'Tip'])),
      /Type three numbers/,
    );
    await assert.rejects(edits.addSkeleton(client, answering(['X']), await find(['Data (read-only)'])), /read-only/);
    assert.equal(server.model.skeletons('project').find((s) => s.name === 'Wand')!.scale, 1, 'nothing changed');
  });

  it('edits segments: add, rename, solver, endpoint, delete with the subtree counted', async () => {
    await edits.addSegment(client, answering(['Grip']), await find(['Project settings', 'Wand', 'Handle']));
    await edits.renameSegment(client, answering(['Hilt']), await find(['Project settings', 'Wand', 'Handle', 'Grip']));
    await edits.setSolver(
      client,
      answering([], true, 'none'),
      await find(['Project settings', 'Wand', 'Handle', 'Hilt']),
    );
    await edits.setEndpoint(
      client,
      answering(['0, 0, 42.5']),
      await find(['Project settings', 'Wand', 'Handle', 'Hilt']),
    );
    const hilt = presentItem(await find(['Project settings', 'Wand', 'Handle', 'Hilt']));
    assert.equal(hilt.description, 'none · 0 markers');
    assert.match(hilt.tooltip!, /Endpoint \[0, 0, 42\.5\] mm/);
    const prompts = answering([]);
    await edits.deleteSegment(client, prompts, await find(['Project settings', 'FullBody', 'Hips', 'Spine']));
    assert.match(prompts.asked[0], /Delete segment "Spine" and the 12 segments below it\?/);
    assert.deepEqual(
      (await data.children(await find(['Project settings', 'FullBody', 'Hips'])))
        .filter((c) => c.kind === 'segment')
        .map((c) => presentItem(c).label),
      ['LeftUpLeg', 'RightUpLeg'],
    );
  });

  it('keeps the root’s solver and refuses to delete the root or set an endpoint on a parent', async () => {
    const root = await find(['Project settings', 'Wand', 'Handle']);
    const prompts = answering([], true, null);
    assert.equal((await edits.setSolver(client, prompts, root)).changed, false, 'null is not offered for the root');
    await assert.rejects(edits.deleteSegment(client, answering([]), root), /root segment: delete the skeleton instead/);
    await assert.rejects(edits.setEndpoint(client, answering(['1,2,3']), root), /has children/);
  });

  it('names the operation and the application’s message when it refuses', () => {
    assert.equal(describeFailure(new MotionError(400, 'invalid_argument', 'motion.x.y', 'bad')), 'motion.x.y: bad');
  });
});
