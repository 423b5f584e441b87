import assert from 'node:assert/strict';
import { join } from 'node:path';
import { WHOLE_INTERFACE } from '../../src/api/catalogue';
import { validateValue } from '../../src/api/types/validate';
import { DECIDED_DEFAULTS } from '../../server/scripting/settings/setting-defaults';
import { settingsOf, type Setting } from '../../server/scripting/settings/settings-layout';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';
import { valueOfType } from '../support/type-values';

const SETTINGS = settingsOf(WHOLE_INTERFACE);
const url = (module: string) => module.split('.').slice(1).join('/');

/** Arguments naming a setting's place: the source, then index 0 of each list, the first model, a variant's last value. */
function placeOf(setting: Setting, source: string): unknown[] {
  const args: unknown[] = setting.sourced ? [source] : [];
  for (const where of setting.where)
    args.push(where.kind === 'index' ? 0 : where.kind === 'named' ? 'C:\\Models\\walk.qam' : 'batch');
  return args;
}

describe('HTTP: the settings modules, typed values with their ranges and enumerations', () => {
  let t: TestServer;
  beforeEach(async () => {
    t = await startTestServer();
  });
  afterEach(() => t.close());

  /** Makes the items the settings with lists need: a rigid body with a point, an AIM model, in both sources. */
  async function makeItems(): Promise<void> {
    for (const source of ['project', 'measurement']) {
      assert.equal(await t.ok('settings/processing/_6d', 'add_body', [source]), 0);
      assert.equal(await t.ok('settings/processing/_6d', 'add_point', [source, 0]), 0);
      await t.ok('settings/processing/aim', 'add_model', [source, 'C:\\Models\\walk.qam']);
    }
  }

  it('reads each setting’s default, of its type and in its range; a set value reads back; the other source keeps its own', async () => {
    await makeItems();
    assert.ok(SETTINGS.length >= 120, `${SETTINGS.length} settings`);
    for (const setting of SETTINGS) {
      const module = url(setting.module);
      const name = `${setting.module}.${setting.field}`;
      const project = placeOf(setting, 'project');
      const before = await t.ok(module, setting.getter, project);
      assert.equal(validateValue(before, setting.type, name), undefined, `${name}'s default ${JSON.stringify(before)}`);
      if (setting.range && typeof before === 'number')
        assert.ok(before >= setting.range[0] && before <= setting.range[1], `${name}'s default is in its range`);
      let value = valueOfType(setting.type, setting.range);
      if (/angle_range$/.test(setting.field)) value = { start: 0, end: 360 };
      if (setting.field === 'bounding_box') value = { min_x: -1, max_x: 1, min_y: -2, max_y: 2, min_z: 0, max_z: 3 };
      if (setting.field === 'body_coordinate_system')
        value = { type: 'relative', relative_body_index: 0, fixed_transform: null };
      await t.ok(module, setting.setter, [...project, value]);
      assert.deepEqual(await t.ok(module, setting.getter, project), value, name);
      if (setting.sourced)
        assert.deepEqual(
          await t.ok(module, setting.getter, placeOf(setting, 'measurement')),
          before,
          `${name}: the measurement's settings are their own`,
        );
    }
  });

  it('decides each default the documentation leaves open within its setting’s type and range', () => {
    for (const [name, value] of Object.entries(DECIDED_DEFAULTS)) {
      const setting = SETTINGS.find((s) => `${s.module}.${s.field}` === name);
      assert.ok(setting, `${name} is a setting`);
      assert.equal(validateValue(value, setting.type, name), undefined, name);
      if (setting.range && typeof value === 'number') assert.ok(value >= setting.range[0] && value <= setting.range[1]);
    }
  });

  it('refuses a value outside the range the interface states, or not of its enumeration, changing nothing', async () => {
    const length = (n: number) => ['project', n];
    for (const n of [2, 100]) await t.ok('settings/processing/_3d', 'set_min_trajectory_length', length(n));
    for (const n of [1, 101]) {
      const error = await t.fails(
        'settings/processing/_3d',
        'set_min_trajectory_length',
        length(n),
        'invalid_argument',
      );
      assert.equal(error.message, `length ${n} is outside 2 to 100`);
      assert.equal(error.parameter, 'length');
    }
    await t.fails('settings/processing/_3d', 'set_min_ray_count', ['project', 6], 'invalid_argument');
    await t.fails('settings/euler', 'set_sequence', ['abc'], 'invalid_argument');
    await t.fails('settings/export/c3d', 'set_length_units', ['km'], 'invalid_argument');
    await t.fails('settings/processing/_3d', 'set_max_residual', ['project', 'ten'], 'invalid_argument');
    await t.fails('settings/processing', 'set_fill_gaps', ['nightly', true], 'invalid_argument');
    assert.equal(await t.ok('settings/processing/_3d', 'get_min_trajectory_length', ['project']), 100);
  });

  it('keeps a processing step’s setting per kind of processing (real time, capture, batch…)', async () => {
    await t.ok('settings/processing', 'set_fill_gaps', ['batch', true]);
    assert.equal(await t.ok('settings/processing', 'get_fill_gaps', ['batch']), true);
    assert.equal(await t.ok('settings/processing', 'get_fill_gaps', ['capture']), false);
    assert.equal(await t.ok('settings/processing', 'get_track_3d', ['realtime']), true, 'decided: on');
  });

  it('holds the rules the interface writes in words: an angle’s two ranges, a box’s minimum below its maximum', async () => {
    const angle = await t.fails(
      'settings/euler',
      'set_first_angle_range',
      [{ start: -90, end: 90 }],
      'invalid_argument',
    );
    assert.match(angle.message, /\{"start": -180, "end": 180\} or \{"start": 0, "end": 360\}, not -90 to 90$/);
    const box = { min_x: 5, max_x: 1, min_y: 0, max_y: 1, min_z: 0, max_z: 1 };
    const refused = await t.fails('settings/processing/_3d', 'set_bounding_box', ['project', box], 'invalid_argument');
    assert.equal(refused.message, "the box's min_x 5 is above its max_x 1");
    await t.fails('settings/export/c3d', 'set_zero_force_baseline_range', [{ start: 9, end: 0 }], 'invalid_argument');
  });

  it('rigid bodies and their points, AIM models: counted, added, named, deleted; an index outside them refused', async () => {
    const six = 'settings/processing/_6d';
    assert.equal(await t.ok(six, 'get_body_count', ['project']), 0);
    await t.fails(six, 'get_body_name', ['project', 0], 'out_of_range');
    assert.equal(await t.ok(six, 'add_body', ['project']), 0);
    assert.equal(await t.ok(six, 'add_body', ['project']), 1);
    await t.ok(six, 'set_body_name', ['project', 1, 'Wand']);
    assert.equal(await t.ok(six, 'get_body_name', ['project', 0]), 'Rigid body');
    assert.equal(await t.ok(six, 'add_point', ['project', 1]), 0);
    await t.ok(six, 'set_point_position', ['project', 1, 0, [10, 20, 30]]);
    assert.deepEqual(await t.ok(six, 'get_point_position', ['project', 1, 0]), [10, 20, 30]);
    await t.fails(six, 'get_point_name', ['project', 1, 1], 'out_of_range');
    await t.fails(six, 'add_point', ['project', 2], 'out_of_range');
    await t.ok(six, 'delete_body', ['project', 0]);
    assert.equal(await t.ok(six, 'get_body_count', ['project']), 1);
    assert.equal(await t.ok(six, 'get_body_name', ['project', 0]), 'Wand', 'the later body moved up');
    assert.equal(await t.ok(six, 'get_point_count', ['project', 0]), 1);
    await t.ok(six, 'delete_point', ['project', 0, 0]);
    assert.equal(await t.ok(six, 'get_point_count', ['project', 0]), 0);
    assert.equal(await t.ok(six, 'get_body_count', ['measurement']), 0);
    const loading = await t.fails(six, 'load_bodies', ['project', 'C:\\bodies.xml'], 'not_modelled');
    assert.match(
      loading.message,
      /^motion\.settings\.processing\._6d\.load_bodies is not modelled by the reference server/,
    );

    const aim = 'settings/processing/aim';
    await t.ok(aim, 'add_model', ['project', 'C:\\Models\\walk.qam']);
    await t.ok(aim, 'add_model', ['project', 'C:\\Models\\run.qam']);
    await t.fails(aim, 'add_model', ['project', 'C:\\Models\\run.qam'], 'invalid_argument');
    assert.deepEqual(await t.ok(aim, 'get_model_paths', ['project']), ['C:\\Models\\walk.qam', 'C:\\Models\\run.qam']);
    assert.equal(await t.ok(aim, 'get_model_path', ['project', 1]), 'C:\\Models\\run.qam');
    await t.ok(aim, 'set_model_is_applied', ['project', 'C:\\Models\\run.qam', false]);
    assert.equal(await t.ok(aim, 'get_model_is_applied', ['project', 'C:\\Models\\run.qam']), false);
    assert.equal(await t.ok(aim, 'get_model_is_applied', ['project', 'C:\\Models\\walk.qam']), true);
    const missing = await t.fails(aim, 'get_model_is_applied', ['project', 'C:\\x.qam'], 'not_found');
    assert.equal(missing.message, 'no AIM model with path "C:\\x.qam"');
    await t.fails(aim, 'delete_model', ['project', 'C:\\x.qam'], 'not_found');
    await t.ok(aim, 'delete_model', ['project', 'C:\\Models\\walk.qam']);
    assert.equal(await t.ok(aim, 'get_model_count', ['project']), 1);
    await t.ok(aim, 'clear_models', ['project']);
    assert.deepEqual(await t.ok(aim, 'get_model_paths', ['project']), []);
  });

  it('has no cameras; circularity filtering is one value for both sources', async () => {
    assert.equal(await t.ok('settings/camera', 'get_camera_count', ['project', null]), 0);
    const error = await t.fails('settings/camera', 'get_serial_number', ['project', 0], 'out_of_range');
    assert.match(error.message, /there are no cameras: the reference server has no camera system$/);
    await t.ok('settings/camera', 'set_use_circularity_filtering', [true]);
    assert.equal(await t.ok('settings/camera', 'get_use_circularity_filtering', ['measurement']), true);
  });

  it('makes colours as the interface writes them, 0xbbggrr', async () => {
    assert.equal(await t.ok('utilities/color', 'rgb', [1, 0, 0]), 0x0000ff);
    assert.equal(await t.ok('utilities/color', 'rgb', [0, 0.5, 1]), 0xff8000);
    assert.equal(await t.ok('utilities/color', 'hsl', [120, 1, 0.5]), 0x00ff00);
    assert.equal(await t.ok('utilities/color', 'hsl', [240, 1, 0.5]), 0xff0000);
    await t.fails('utilities/color', 'rgb', [1.5, 0, 0], 'invalid_argument');
  });
});

describe('the settings in the state file: kept, checked when read, reset with the state', () => {
  const scratch = scratchFolder('motion-settings-');

  it('keeps what was set across a restart, and a new state has every default', async () => {
    const state = join(scratch.path, 'state.json');
    let t = await startTestServer({ state });
    await t.ok('settings/processing/_3d', 'set_max_residual', ['measurement', 4.5]);
    await t.ok('settings/processing/_6d', 'add_body', ['project']);
    await t.close();
    t = await startTestServer({ state });
    assert.equal(await t.ok('settings/processing/_3d', 'get_max_residual', ['measurement']), 4.5);
    assert.equal(await t.ok('settings/processing/_6d', 'get_body_count', ['project']), 1);
    await t.close();
    t = await startTestServer({ state: join(scratch.path, 'other.json') });
    assert.equal(await t.ok('settings/processing/_3d', 'get_max_residual', ['measurement']), 10);
    await t.close();
  });
});
