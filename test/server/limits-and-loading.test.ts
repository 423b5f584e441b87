import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '../../src/api/catalogue/limits';
import { demoState } from '../../server/scripting/model/demo-data';
import { decodeState } from '../../server/scripting/persistence/state-format';
import { encodeState } from '../../src/api/state/state-document';
import { runServerToExit } from '../support/child-server';
import { DOCS, SETTINGS, startTestServer, type TestServer } from '../support/test-server';
import { scratchFolder } from '../support/scratch-folder';

describe('limits a real application would have', () => {
  let t: TestServer;
  beforeEach(async () => {
    t = await startTestServer({ empty: true });
  });
  afterEach(() => t.close());

  it('refuses names longer than the limit, everywhere a name is given, and changes nothing', async () => {
    const long = 'n'.repeat(LIMITS.nameLength + 1);
    const id = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Bob']);
    const root = await t.ok(SETTINGS, 'get_skeleton_root_id', ['project', id]);
    const before = t.stateText();
    for (const [op, args, parameter] of [
      ['add_skeleton', ['project', long], 'name'],
      ['set_skeleton_name', ['project', id, long], 'name'],
      ['add_segment', ['project', root, long], 'name'],
      ['set_segment_name', ['project', root, long], 'name'],
      ['set_segment_markers', ['project', root, [{ name: long, position: [0, 0, 0], weight: 1 }]], 'markers'],
    ] as const) {
      const error = await t.fails(SETTINGS, op, [...args], 'invalid_argument');
      assert.match(error.message, new RegExp(`${LIMITS.nameLength + 1} characters; at most ${LIMITS.nameLength}`), op);
      assert.equal(error.parameter?.startsWith(parameter), true, `${op}: ${error.parameter}`);
    }
    assert.equal(t.stateText(), before);
    await t.ok(SETTINGS, 'add_skeleton', ['project', 'n'.repeat(LIMITS.nameLength)]);
  });

  it('refuses more markers than a segment may have, and more segments than a skeleton may have', async () => {
    const id = await t.ok(SETTINGS, 'add_skeleton', ['project', 'Bob']);
    const root = await t.ok(SETTINGS, 'get_skeleton_root_id', ['project', id]);
    const markers = Array.from({ length: LIMITS.itemsPerSegment + 1 }, (_, i) => ({
      name: `M${i}`,
      position: [0, 0, 0],
      weight: 1,
    }));
    assert.match(
      (await t.fails(SETTINGS, 'set_segment_markers', ['project', root, markers], 'invalid_argument')).message,
      /1001 is more than the 1000 allowed/,
    );
    for (let i = 1; i < LIMITS.segmentsPerSkeleton; i++)
      await t.ok(SETTINGS, 'add_segment', ['project', root, `S${i}`]);
    assert.match(
      (await t.fails(SETTINGS, 'add_segment', ['project', root, 'OneTooMany'], 'invalid_argument')).message,
      /segments in skeleton "Bob": 1001 is more than the 1000 allowed/,
    );
  });

  it('documents the limits in the help text', async () => {
    assert.match(await t.ok(DOCS, 'get_help_text', ['types']), new RegExp(`at most ${LIMITS.nameLength} characters`));
  });

  it('keeps its route cache bounded whatever paths clients send', async () => {
    for (let i = 0; i < 300; i++) await t.call(`${'/'.repeat(i)}gui/selection`, 'get_selection_count', []);
    assert.ok(t.server.routeCacheSize() <= 2, `cache holds ${t.server.routeCacheSize()} paths`);
  });
});

describe('a hand-edited state file is checked against every rule of the model at start', () => {
  const scratch = scratchFolder('motion-load-');

  const edits: [string, (s: any) => void, RegExp][] = [
    [
      'a selection pointing at a missing bone',
      (s) => (s.selection = [{ type: 'bone', id: 999_999, part_index: null }]),
      /selection\[0\] points at bone 999999, which does not exist/,
    ],
    [
      'a bone joining a missing trajectory',
      (s) => (s.bones[0].to = 999_999),
      /joins trajectory 999999, which does not exist/,
    ],
    [
      'two skeletons of one name',
      (s) => (s.skeletons.project[1].name = s.skeletons.project[0].name),
      /the name appears twice in that source/,
    ],
    ['a scale of 1e9', (s) => (s.skeletons.project[0].scale = 1e9), /scale 1000000000 is outside the allowed range/],
    [
      'a segment with children and an endpoint',
      (s) => (Object.values<any>(s.skeletons.project[0].segments)[0].endpoint = [0, 0, 1]),
      /has children and an endpoint/,
    ],
    [
      'a coupling to a segment that does not exist',
      (s) =>
        (Object.values<any>(s.skeletons.project[0].segments)[1].degreesOfFreedom.rotation_x.couplings = [
          { segment: 'Nobody', degree_of_freedom: 'rotation_x', coefficient: 1 },
        ]),
      /has no segment named "Nobody"/,
    ],
  ];
  for (const [what, edit, message] of edits) {
    it(`refuses ${what}, naming where`, async () => {
      const document = JSON.parse(encodeState(demoState()));
      edit(document.state);
      const text = JSON.stringify(document);
      assert.throws(() => decodeState(text), message);
      const file = join(scratch.path, 'state.json');
      writeFileSync(file, text);
      const run = await runServerToExit(['--state', file]);
      assert.equal(run.code, 2);
      assert.match(run.output, /is corrupt: /);
    });
  }

  it('accepts the demo data as it is', () => {
    assert.ok(decodeState(encodeState(demoState())));
  });
});
