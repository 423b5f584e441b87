import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CATALOGUE, moduleUrlPath } from '../../src/api/catalogue';
import { propertyRuns } from '../support/property-runs';
import { startTestServer, type Reply, type TestServer } from '../support/test-server';

/** Every operation as [url path, parameter count, effect]. */
const OPERATIONS = CATALOGUE.flatMap((m) =>
  m.operations.map((op) => ({
    path: `/api/scripting/motion/${moduleUrlPath(m.path) ? `${moduleUrlPath(m.path)}/` : ''}${op.name}/`,
    arity: op.parameters.length,
    effect: op.effect,
  })),
);

/** Valid calls to start mutations from (ids from the demo state are small integers). */
const VALID_BODIES: [string, string][] = [
  ['settings/processing/skeleton/add_skeleton', '["project","Mutant"]'],
  ['settings/processing/skeleton/set_skeleton_scale', '["project",1,2.5]'],
  ['settings/processing/skeleton/add_segment', '["measurement",28,"Tail"]'],
  ['settings/processing/skeleton/set_segment_markers', '["project",2,[{"name":"M","position":[1,2,3],"weight":1}]]'],
  [
    'settings/processing/skeleton/set_segment_degrees_of_freedom',
    '["project",3,{"rotation_x":{"constraint":{"lower_bound":-5,"upper_bound":5},"couplings":[],"goal":null}}]',
  ],
  ['settings/processing/skeleton/set_segment_transform', '["project",2,[[1,0,0,1],[0,1,0,2],[0,0,1,3],[0,0,0,1]]]'],
  ['gui/selection/select', '[[{"type":"trajectory","id":73,"part_index":null}]]'],
  ['utilities/documentation/get_parameter_name', '[1,0,0]'],
];

describe('property: no input crashes the server or half-applies', function () {
  this.timeout(120_000);
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
    for (const [path, body] of VALID_BODIES) {
      const reply = await t.raw({
        path: `/api/scripting/motion/${path}/`,
        headers: { 'content-type': 'application/json' },
        body,
      });
      assert.equal(reply.status, 200, `seed ${path} ${body} is valid: ${JSON.stringify(reply.body)}`);
    }
  });
  after(() => t.close());

  /** The invariants of every reply: JSON, never 5xx, errors in the contract's shape, nothing changed when refused. */
  async function send(path: string, body: string | Buffer): Promise<Reply> {
    const before = t.stateText();
    const reply = await t.raw({ path, headers: { 'content-type': 'application/json' }, body });
    assert.ok(
      reply.status < 500,
      `${path} ${String(body).slice(0, 200)} → ${reply.status} ${JSON.stringify(reply.body)}`,
    );
    assert.ok(!(reply.body && typeof reply.body === 'object' && 'unparsable' in reply.body), 'the reply is valid JSON');
    if (reply.status !== 200) {
      assert.equal(typeof reply.body.error.code, 'string');
      assert.equal(typeof reply.body.error.message, 'string');
      assert.equal(t.stateText(), before, `refused ${path} changed the state`);
    }
    return reply;
  }

  it('random JSON bodies to random operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...OPERATIONS), fc.json({ maxDepth: 3 }), async (op, body) => {
        await send(op.path, body);
      }),
      propertyRuns('random JSON bodies', 400),
    );
  });

  it('random argument arrays of the right length', async () => {
    const value = fc.oneof(
      fc.integer({ min: -3, max: 120 }),
      fc.constantFrom('project', 'measurement', 'trajectory', 'bone', 'none', 'global_optimization', 'overview', ''),
      fc.string(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 5 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...OPERATIONS)
          .chain((op) => fc.tuple(fc.constant(op), fc.array(value, { minLength: op.arity, maxLength: op.arity }))),
        async ([op, args]) => {
          await send(op.path, JSON.stringify(args));
        },
      ),
      propertyRuns('random argument arrays', 600),
    );
  });

  it('byte mutations of valid bodies', async () => {
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), byte: fc.constant(0) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VALID_BODIES),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        async ([path, body], mutations) => {
          const bytes = [...Buffer.from(body)];
          for (const m of mutations) {
            const at = m.at % (bytes.length + 1);
            if (m.kind === 'flip' && bytes.length > 0) bytes[at % bytes.length] = m.byte;
            else if (m.kind === 'insert') bytes.splice(at, 0, m.byte);
            else if (m.kind === 'delete') bytes.splice(at, 1);
          }
          await send(`/api/scripting/motion/${path}/`, Buffer.from(bytes));
        },
      ),
      propertyRuns('byte mutations of valid bodies', 600),
    );
  });
});
