import assert from 'node:assert/strict';
import { CATALOGUE, SPEC_MODULE_PATHS, findOperation, operationRequiredCount } from '../../src/api/catalogue';
import { catalogueDocumentation } from '../../src/api/docs/catalogue-documentation';
import { parseType } from '../../src/api/types/parse-type';
import { BONE_HANDLERS, TRAJECTORY_HANDLERS } from '../../server/scripting/operations/data-object-handlers';
import { buildOperationTable } from '../../server/scripting/operations/operation-table';
import { SELECTION_HANDLERS } from '../../server/scripting/operations/selection-handlers';
import { SKELETON_HANDLERS } from '../../server/scripting/operations/skeleton-handlers';
import { applicationInterface } from '../support/application-interface';
import { INTERFACE_OPERATIONS } from '../fixtures/interface-operations';

describe('catalogue', () => {
  it('has the 96 operations of the four spec modules, each with help', () => {
    const spec = CATALOGUE.filter((m) => SPEC_MODULE_PATHS.includes(m.path));
    assert.deepEqual(
      spec.map((m) => [m.path, m.operations.length]),
      [
        ['motion.settings.processing.skeleton', 40],
        ['motion.data.object.skeleton', 25],
        ['motion.gui.selection', 8],
        ['motion.utilities.documentation', 23],
      ],
    );
    for (const m of CATALOGUE)
      assert.ok(
        m.operations.some((op) => op.name === 'help'),
        `${m.path} has help`,
      );
  });

  it('lists the names of every parameter that names an object with reads the call can feed', () => {
    const named = CATALOGUE.flatMap((m) =>
      m.operations.flatMap((op) => op.parameters.filter((p) => p.names).map((p) => ({ m, op, p }))),
    );
    assert.deepEqual(
      named.map(({ m, op, p }) => `${m.path}.${op.name}(${p.name}) ${p.names!.kind}`),
      [
        'motion.settings.processing.skeleton.find_skeleton(name) skeleton',
        'motion.settings.processing.skeleton.find_segment(name) segment',
        'motion.data.object.skeleton.find_skeleton(name) skeleton',
        'motion.data.object.skeleton.find_segment(name) segment',
        'motion.data.object.trajectory.find_trajectory(label) trajectory',
      ],
    );
    for (const { m, op, p } of named) {
      const list = findOperation(m.path, p.names!.ids);
      const describe = findOperation(m.path, p.names!.name);
      const given = op.parameters.filter((q) => q !== p).map((q) => q.name);
      assert.equal(list?.effect, 'read', `${op.name}: ${p.names!.ids}`);
      assert.equal(describe?.effect, 'read', `${op.name}: ${p.names!.name}`);
      assert.equal(list.returns?.type, '[integer]');
      assert.ok(
        ['string', 'string?'].includes(describe.returns!.type),
        `${p.names!.name} gives a name (or null: no name)`,
      );
      for (const q of [...list.parameters, ...describe.parameters.slice(0, -1)])
        assert.ok(given.includes(q.name), `${op.name} gives ${q.name} to the reads of its names`);
    }
  });

  it('has the supporting modules of docs/design.md §4', () => {
    assert.ok(findOperation('motion', 'get_version'));
    for (const name of [
      'find_trajectory',
      'get_trajectory_ids',
      'get_trajectory_count',
      'get_label',
      'get_part_count',
    ]) {
      assert.ok(findOperation('motion.data.object.trajectory', name), name);
    }
    for (const name of ['get_bone_ids', 'get_bone_count', 'find_bone', 'get_bone_trajectory_ids'])
      assert.ok(findOperation('motion.data.object.bone', name), name);
  });

  it('gives every settings operation the source first, and the data module none of it and no setters', () => {
    for (const op of CATALOGUE.find((m) => m.path === 'motion.settings.processing.skeleton')!.operations) {
      if (op.name !== 'help') assert.equal(op.parameters[0]?.name, 'source', op.name);
    }
    for (const op of CATALOGUE.find((m) => m.path === 'motion.data.object.skeleton')!.operations) {
      assert.ok(!op.parameters.some((p) => p.name === 'source'), op.name);
      assert.equal(op.effect, 'read', op.name);
    }
  });

  it('writes documentation for every operation and parameter, and types that parse', () => {
    for (const m of CATALOGUE) {
      assert.ok(m.brief && m.details, m.path);
      const names = new Set<string>();
      for (const op of m.operations) {
        assert.ok(!names.has(op.name), `${m.path}.${op.name} is unique`);
        names.add(op.name);
        assert.match(op.brief, /^[A-Z].*\.$/, `${m.path}.${op.name} brief is a sentence`);
        for (const p of op.parameters) {
          assert.ok(p.description, `${op.name}.${p.name} has a description`);
          assert.doesNotThrow(() => parseType(p.type), `${op.name}.${p.name}: ${p.type}`);
        }
        if (op.returns) assert.doesNotThrow(() => parseType(op.returns!.type), `${op.name} returns ${op.returns.type}`);
      }
    }
  });

  it('lets only trailing nullable parameters be omitted', () => {
    assert.equal(operationRequiredCount(findOperation('motion.gui.selection', 'clear_selections')!), 0);
    assert.equal(
      operationRequiredCount(findOperation('motion.settings.processing.skeleton', 'set_segment_endpoint')!),
      2,
    );
    assert.equal(
      operationRequiredCount(findOperation('motion.settings.processing.skeleton', 'set_segment_solver')!),
      2,
    );
  });

  it('holds exactly the operations of the spec and docs/design.md, in the spec’s order (a hand transcription, not the catalogue)', () => {
    assert.deepEqual(
      Object.fromEntries(CATALOGUE.map((m) => [m.path, m.operations.map((op) => op.name)])),
      INTERFACE_OPERATIONS,
    );
  });

  it('serves every operation of the application’s interface and of ours, and implements nothing else', () => {
    const served = [...buildOperationTable().entries()].flatMap(([path, ops]) =>
      [...ops.keys()].map((n) => `${path}.${n}`),
    );
    const interfaceOperations = [
      ...applicationInterface().modules.flatMap((m) => m.methods.map((method) => `${m.path}.${method.name}`)),
      ...Object.entries(INTERFACE_OPERATIONS).flatMap(([path, ops]) => ops.map((op) => `${path}.${op}`)),
    ];
    assert.deepEqual(served.sort(), [...new Set(interfaceOperations)].sort());
    assert.equal(served.length, 677, 'the 677 operations of the application’s 42 modules, ours among them');
    // A handler with no catalogue entry would be unreachable, undocumented and untested.
    const implemented = {
      'motion.settings.processing.skeleton': SKELETON_HANDLERS,
      'motion.gui.selection': SELECTION_HANDLERS,
      'motion.data.object.trajectory': TRAJECTORY_HANDLERS,
      'motion.data.object.bone': BONE_HANDLERS,
    };
    for (const [path, handlers] of Object.entries(implemented)) {
      for (const name of Object.keys(handlers))
        assert.ok(INTERFACE_OPERATIONS[path].includes(name), `${path}.${name} is implemented but not in the interface`);
    }
  });

  it('generates the package documentation in the shape of spec §2.8', () => {
    const pkg = catalogueDocumentation();
    assert.equal(pkg.name, 'motion');
    const addSegment = pkg.modules[1].methods.find((m) => m.name === 'add_segment')!;
    assert.deepEqual(Object.keys(addSegment), ['name', 'brief', 'details', 'parameters', 'return_value']);
    assert.deepEqual(addSegment.return_value, { type: 'integer', description: 'Identifier of the new segment.' });
    assert.equal(pkg.modules[1].methods.find((m) => m.name === 'delete_segment')!.return_value, null);
  });
});
