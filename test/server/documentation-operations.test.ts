import assert from 'node:assert/strict';
import { WHOLE_INTERFACE } from '../../src/api/catalogue';
import { assertAllExercised, DOCS, startTestServer, type TestServer } from '../support/test-server';

describe('HTTP: motion.utilities.documentation', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(async () => {
    assertAllExercised(t, 'motion.utilities.documentation', DOCS);
    await t.close();
  });

  it('returns the whole package documentation: the application’s whole interface, generated from the catalogue and the interface’s facts', async () => {
    assert.equal(await t.ok(DOCS, 'get_package_name'), 'motion');
    const pkg = await t.ok(DOCS, 'get_package_documentation');
    assert.equal(pkg.name, 'motion');
    assert.deepEqual(
      pkg.modules.map((m: { path: string }) => m.path),
      WHOLE_INTERFACE.map((m) => m.path),
    );
    assert.equal(await t.ok(DOCS, 'get_module_count'), WHOLE_INTERFACE.length);
  });

  it('agrees, getter by getter and index by index, with the package documentation', async () => {
    const pkg = await t.ok(DOCS, 'get_package_documentation');
    for (let i = 0; i < pkg.modules.length; i++) {
      const m = pkg.modules[i];
      assert.equal(
        await t.ok(DOCS, 'get_module_path', [i]),
        m.path,
        'rule: the module index is the position of its path',
      );
      assert.equal(await t.ok(DOCS, 'get_module_brief', [i]), m.brief);
      assert.equal(await t.ok(DOCS, 'get_module_details', [i]), m.details);
      assert.deepEqual(await t.ok(DOCS, 'get_module_documentation', [i]), m);
      assert.equal(await t.ok(DOCS, 'get_method_count', [i]), m.methods.length);
      for (let j = 0; j < m.methods.length; j++) {
        const method = m.methods[j];
        assert.equal(
          await t.ok(DOCS, 'get_method_name', [i, j]),
          method.name,
          'rule: the method index is the position of its name',
        );
        assert.deepEqual(await t.ok(DOCS, 'get_method_documentation', [i, j]), method);
        assert.equal(await t.ok(DOCS, 'get_parameter_count', [i, j]), method.parameters.length);
        assert.deepEqual(await t.ok(DOCS, 'get_return_value_documentation', [i, j]), method.return_value);
      }
    }
  });

  it('answers every remaining getter for one method', async () => {
    const i = WHOLE_INTERFACE.findIndex((m) => m.path === 'motion.settings.processing.skeleton');
    const j = WHOLE_INTERFACE[i].operations.findIndex((op) => op.name === 'set_skeleton_scale');
    assert.equal(await t.ok(DOCS, 'get_method_brief', [i, j]), 'Sets the scale of a skeleton.');
    assert.match(await t.ok(DOCS, 'get_method_details', [i, j]), /0\.01 to 100\.0/);
    assert.equal(
      await t.ok(DOCS, 'get_method_signature', [i, j]),
      'set_skeleton_scale(source: "project"|"measurement", skeleton_id: integer, scale: float)',
    );
    assert.equal(await t.ok(DOCS, 'get_parameter_name', [i, j, 2]), 'scale');
    assert.equal(await t.ok(DOCS, 'get_parameter_type', [i, j, 2]), 'float');
    assert.match(await t.ok(DOCS, 'get_parameter_description', [i, j, 2]), /0\.01/);
    assert.deepEqual(Object.keys(await t.ok(DOCS, 'get_parameter_documentation', [i, j, 0])), [
      'name',
      'type',
      'description',
    ]);
    assert.equal(await t.ok(DOCS, 'get_return_value_type', [i, j]), null);
    assert.equal(await t.ok(DOCS, 'get_return_value_description', [i, j]), null);
    const k = WHOLE_INTERFACE[i].operations.findIndex((op) => op.name === 'add_skeleton');
    assert.equal(
      await t.ok(DOCS, 'get_method_signature', [i, k]),
      'add_skeleton(source: "project"|"measurement", name: string) -> integer',
    );
    assert.equal(await t.ok(DOCS, 'get_return_value_type', [i, k]), 'integer');
    assert.equal(await t.ok(DOCS, 'get_return_value_description', [i, k]), 'Identifier of the new skeleton.');
  });

  it('refuses indices outside 0..count-1 with out_of_range', async () => {
    const n = WHOLE_INTERFACE.length;
    const e = await t.fails(DOCS, 'get_module_path', [n], 'out_of_range');
    assert.equal(e.parameter, 'module_index');
    await t.fails(DOCS, 'get_module_brief', [-1], 'out_of_range');
    await t.fails(DOCS, 'get_method_name', [0, 99], 'out_of_range');
    await t.fails(DOCS, 'get_parameter_name', [1, 0, 9], 'out_of_range');
    await t.fails(DOCS, 'get_method_name', [0], 'invalid_argument');
  });

  it('gives a help text for every topic, and for null', async () => {
    assert.match(await t.ok(DOCS, 'get_help_text', ['overview']), /\/api\/scripting\/motion/);
    assert.match(await t.ok(DOCS, 'get_help_text', ['modules']), /motion\.gui\.selection/);
    assert.match(await t.ok(DOCS, 'get_help_text', ['types']), /mat4x4f/);
    const signatures = await t.ok(DOCS, 'get_help_text', ['signatures']);
    for (const m of WHOLE_INTERFACE)
      for (const op of m.operations) assert.ok(signatures.includes(`  ${op.name}(`), `${m.path}.${op.name}`);
    assert.match(await t.ok(DOCS, 'get_help_text', ['changelog']), /Changelog/);
    const topics = await t.ok<string>(DOCS, 'get_help_text', [null]);
    assert.match(topics, /help\(topic\)/);
    // The table the application's own example scripts read their Help menu from.
    assert.deepEqual(
      topics.split('\n').filter((line) => line.startsWith('| "')),
      [
        '| "overview" | what the package is and how to call it |',
        '| "modules" | every module with a one-line description |',
        '| "types" | how to read the type strings in signatures |',
        '| "signatures" | every method of every module |',
        '| "changelog" | what changed in each version |',
      ],
    );
    assert.equal(await t.ok(DOCS, 'get_help_text'), await t.ok(DOCS, 'get_help_text', [null]));
    await t.fails(DOCS, 'get_help_text', ['everything'], 'invalid_argument');
    assert.match(await t.ok(DOCS, 'help', ['get_help_text']), /get_help_text/);
  });
});
