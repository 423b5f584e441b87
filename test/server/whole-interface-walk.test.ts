import assert from 'node:assert/strict';
import { join } from 'node:path';
import { parseType } from '../../src/api/types/parse-type';
import { requiredArgumentCount } from '../../src/api/types/required-arguments';
import { applicationInterface } from '../support/application-interface';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';
import { valueOfType } from '../support/type-values';

/**
 * What the reference server cannot do, by its own account (docs/reference-server.md): its camera
 * system, its rigid-body files, and a kinematic fill (the walk gives each enumeration its last
 * value: `kinematic`). Every other operation is answered by behaviour, the GUI modules included.
 */
const NOT_MODELLED =
  /^motion\.settings\.camera\.get_system_type$|^motion\.settings\.processing\._6d\.(load|save)_bodies$|^motion\.data\.object\.trajectory\.fill_trajectory$/;

/** The codes a call with values of the right types may be refused with: the contract's, never a bug's. */
const REFUSALS = new Set(['invalid_argument', 'out_of_range', 'not_found', 'not_modelled']);

describe('the whole interface walked: every operation of the application’s documentation, called with values of its types', function () {
  this.timeout(120_000);
  const scratch = scratchFolder('motion-walk-', { per: 'suite', stopFirst: () => t?.close() });
  let t: TestServer;
  before(async () => {
    t = await startTestServer({ state: join(scratch.path, 'state.json') });
  });

  /** Arguments by name where the state has such an object: so that most calls find what they name. */
  async function knownIds(): Promise<Record<string, unknown>> {
    const first = async (module: string, op: string, args: unknown[] = []) =>
      ((await t.ok<number[]>(module, op, args)) ?? [])[0];
    const trajectory = await first('data/object/trajectory', 'get_trajectory_ids');
    const skeleton = await first('settings/processing/skeleton', 'get_skeleton_ids', ['project']);
    const segment = await first('settings/processing/skeleton', 'get_segment_ids', ['project', skeleton]);
    return {
      id: trajectory,
      id_1: trajectory,
      id_2: await t.ok('data/object/trajectory', 'get_trajectory_id', [1]),
      id_from: trajectory,
      id_to: await t.ok('data/object/trajectory', 'get_trajectory_id', [2]),
      trajectory_id_1: trajectory,
      trajectory_id_2: await t.ok('data/object/trajectory', 'get_trajectory_id', [3]),
      skeleton_id: skeleton,
      segment_id: segment,
      parent_id: segment,
      bone_id: await first('data/object/bone', 'get_bone_ids'),
      board_id: await first('data/object/analog', 'get_board_ids'),
      channel_id: await first('data/object/analog', 'get_channel_ids'),
      source: 'project',
      module_index: 0,
      method_index: 0,
      parameter_index: 0,
      index: 0,
      board_index: 0,
      channel_index: 0,
      body_index: 0,
      point_index: 0,
      sample_index: 10,
      frame: 10,
      time: 0.5,
      range: { start: 10, end: 20 },
      part_indices: [0],
      part_indices_1: [0],
      part_indices_2: [0],
      path: join(scratch.path, 'walk.c3d'),
      method: null,
      selection: { type: 'trajectory', id: trajectory, part_index: null },
      selections: [{ type: 'trajectory', id: trajectory, part_index: null }],
      label: 'NEW',
      name: 'New',
    };
  }

  /** Where a module's ids are of other objects than the trajectories and the project's skeletons. */
  async function idsOfModule(): Promise<Record<string, Record<string, unknown>>> {
    const data = (await t.ok<number[]>('data/object/skeleton', 'get_skeleton_ids'))[0];
    const dataSegment = (await t.ok<number[]>('data/object/skeleton', 'get_segment_ids', [data]))[0];
    return {
      'motion.data.object.skeleton': { skeleton_id: data, segment_id: dataSegment },
      'motion.data.series.analog': { id: (await t.ok<number[]>('data/series/analog', 'get_series_ids'))[0] },
      'motion.data.series.force': { id: (await t.ok<number[]>('data/series/force', 'get_series_ids'))[0] },
      'motion.utilities.documentation': { module_index: 1, method_index: 1 },
    };
  }

  it('answers each one, or refuses it as the contract says; only what it does not model says so', async () => {
    const known = await knownIds();
    const ofModule = await idsOfModule();
    // The rigid body and its point, and the AIM model, that the settings' indices name.
    await t.ok('settings/processing/_6d', 'add_body', ['project']);
    await t.ok('settings/processing/_6d', 'add_point', ['project', 0]);
    await t.ok('settings/processing/aim', 'add_model', ['project', known.path]);
    const answered: string[] = [];
    const refused: Record<string, string[]> = {};
    const notModelled: string[] = [];
    const operations = applicationInterface().modules.flatMap((m) =>
      m.methods.map((method) => ({ module: m.path, method })),
    );
    assert.equal(operations.length, 677);
    for (const { module, method } of operations) {
      const name = `${module}.${method.name}`;
      // A call that closes or replaces the measurement, or clears what the others name, comes in its own test.
      if (/^motion\.file\.(open|close)$|clear_|delete_(trajectory|skeleton|bone|body|model)$/.test(name)) continue;
      const types = method.parameters.map((p) => parseType(p.type));
      const ids = { ...known, ...ofModule[module] };
      const args = method.parameters.map((p, i) =>
        p.name in ids && types[i].kind !== 'any' ? ids[p.name] : valueOfType(types[i]),
      );
      const path = module.split('.').slice(1).join('/');
      for (const given of [args, args.slice(0, requiredArgumentCount(types))]) {
        const reply = await t.call(path, method.name, given);
        if (reply.status === 200) {
          answered.push(name);
          continue;
        }
        const code = (reply.body as { error: { code: string } }).error.code;
        assert.ok(
          REFUSALS.has(code),
          `${name}(${JSON.stringify(given)}): ${reply.status} ${JSON.stringify(reply.body)}`,
        );
        if (code === 'not_modelled') notModelled.push(name);
        else (refused[code] ??= []).push(name);
      }
    }
    for (const name of notModelled) assert.match(name, NOT_MODELLED, `${name} is modelled, yet answered not_modelled`);
    const unique = new Set(answered);
    assert.ok(unique.size >= 500, `${unique.size} operations answered with a value`);
    const gui = operations.filter(({ module, method }) => NOT_MODELLED.test(`${module}.${method.name}`)).length;
    assert.ok(new Set(notModelled).size <= gui, 'only what it does not model says so');
  });

  it('opens, saves and closes a measurement with the operations the walk left out', async () => {
    const path = join(scratch.path, 'again.c3d');
    await t.ok('file', 'save_as', [path]);
    await t.ok('file', 'close');
    await t.ok('file', 'open', [path]);
    assert.equal(await t.ok('file', 'get_path'), path);
    await t.ok('data/object/trajectory', 'clear_trajectories');
    await t.ok('data/object/event', 'clear_events');
    assert.equal(await t.ok('data/object/trajectory', 'get_trajectory_count'), 0);
  });
});
