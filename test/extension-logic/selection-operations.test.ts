import assert from 'node:assert/strict';
import type { MotionClient } from '../../src/api/client/motion-client';
import type { ExplorerData } from '../../src/extension/skeletons-view/explorer-data';
import { describeSelection } from '../../src/api/state/selection-names';
import { markerNames, selectMarkers } from '../../src/extension/selection/selection-operations';
import { explorerPath } from '../support/explorer-path';
import type { MotionServer } from '../../server/scripting/motion-server';
import { demoApplicationPerTest } from '../support/demo-application';

describe('select in the application (logic, against the real server)', () => {
  const app = demoApplicationPerTest();
  let server: MotionServer;
  let client: MotionClient;
  let data: ExplorerData;
  const find = (labels: string[]) => explorerPath(data, labels);

  beforeEach(() => ({ server, client, data } = app));

  it('selects a segment’s markers through their trajectories, replacing or adding', async () => {
    const head = await find(['Data (read-only)', 'Actor1', 'Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head']);
    assert.deepEqual(await markerNames(client, head), ['LFHD', 'RFHD', 'LBHD', 'RBHD']);
    assert.deepEqual(await selectMarkers(client, head, 'replace'), { selected: 4, missing: [] });
    const hips = await find(['Measurement settings', 'Actor1', 'Hips']);
    await selectMarkers(client, hips, 'add');
    const shown = await describeSelection(client);
    assert.deepEqual(
      shown.map((s) => s.label),
      ['LFHD', 'RFHD', 'LBHD', 'RBHD', 'LASI', 'RASI', 'LPSI', 'RPSI'],
    );
    assert.match(shown[0].description, /^trajectory · id \d+ · whole trajectory$/);
    await selectMarkers(client, hips, 'replace');
    assert.equal((await describeSelection(client)).length, 4);
  });

  it('selects a whole skeleton’s markers and names those without a trajectory', async () => {
    const wand = await find(['Project settings', 'Wand']);
    assert.deepEqual(await selectMarkers(client, wand, 'replace'), {
      selected: 0,
      missing: ['WAND_A', 'WAND_B', 'WAND_C'],
    });
    const actor = await find(['Project settings', 'FullBody']);
    const outcome = await selectMarkers(client, actor, 'replace');
    assert.equal(outcome.selected, server.model.trajectories().filter((t) => t.label !== null).length);
  });

  it('selects a single marker’s trajectory', async () => {
    const rasi = await find(['Data (read-only)', 'Actor1', 'Hips', 'RASI']);
    assert.equal(rasi.kind, 'marker');
    assert.deepEqual(await selectMarkers(client, rasi, 'replace'), { selected: 1, missing: [] });
    assert.deepEqual(
      (await describeSelection(client)).map((s) => s.label),
      ['RASI'],
    );
  });

  it('shows bones by name', async () => {
    const trajectory = client.data.object.trajectory;
    const bone = await client.data.object.bone.find_bone(
      (await trajectory.find_trajectory('LASI'))!,
      (await trajectory.find_trajectory('RASI'))!,
    );
    await client.gui.selection.set_selections([{ type: 'bone', id: bone! }]);
    assert.deepEqual(
      (await describeSelection(client)).map((s) => [s.label, s.description]),
      [['LASI-RASI', `bone · id ${bone}`]],
    );
  });
});
