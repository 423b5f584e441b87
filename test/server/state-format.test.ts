import assert from 'node:assert/strict';
import { LIMITS } from '../../src/api/catalogue/limits';
import { demoState } from '../../server/scripting/model/demo-data';
import { versionOneState } from '../support/version-one-state';
import { decodeState } from '../../server/scripting/persistence/state-format';
import { encodeState } from '../../src/api/state/state-document';

/** The demo state as a state file's document, edited by the test, then decoded: the message of its first problem. */
function problemOf(edit: (document: any) => void): string {
  const document = JSON.parse(encodeState(demoState()));
  edit(document);
  try {
    decodeState(JSON.stringify(document));
  } catch (error) {
    return (error as Error).message;
  }
  return '(accepted)';
}

const segmentsOf = (skeleton: any): any[] => Object.values(skeleton.segments);

/** Each case breaks one rule; the message names the rule and where (docs/design.md §6: a corrupt file is never guessed at). */
const CASES: [string, (document: any) => void, string][] = [
  ['another format version', (d) => (d.version = 3), 'it has format version 3; this server reads versions 1 and 2'],
  ['a missing field', (d) => delete d.state.nextId, 'file.state.nextId: missing field "nextId" of type integer'],
  [
    'a foreign format name',
    (d) => (d.format = 'other'),
    'file.format: expected one of "motion-server-state", got string "other"',
  ],
  [
    'an id at nextId',
    (d) => (d.state.nextId = d.state.bones.at(-1).id),
    'the bone joining trajectories 109 and 111 has id 149, outside 1..nextId-1 (nextId 149)',
  ],
  [
    'an id of 0',
    (d) => (d.state.trajectories[0].id = 0),
    'trajectory "LASI" has id 0, outside 1..nextId-1 (nextId 150)',
  ],
  [
    'one id twice',
    (d) => (d.state.trajectories[1].id = d.state.trajectories[0].id),
    'id 73 is used twice (trajectory "RASI")',
  ],
  [
    'too many skeletons in a source',
    (d) => (d.state.skeletons.measurement = Array.from({ length: 1001 }, () => d.state.skeletons.measurement[0])),
    'measurement has 1001 skeletons; at most 1000 are allowed',
  ],
  [
    'a root that is missing',
    (d) => (d.state.skeletons.project[1].rootId = 999),
    'skeleton "Wand" in project: root segment 999 is missing or has a parent',
  ],
  [
    'a root with a parent',
    (d) => (d.state.skeletons.project[1].rootId = 26),
    'skeleton "Wand" in project: root segment 26 is missing or has a parent',
  ],
  [
    'a segment under another key',
    (d) => (d.state.skeletons.project[1].segments['26'].id = 999),
    'skeleton "Wand" in project: segment keyed 26 has id 999',
  ],
  [
    'a child whose parent differs',
    (d) => (d.state.skeletons.project[1].segments['26'].parentId = 2),
    'skeleton "Wand" in project: segment 25 lists child 26, whose parent differs',
  ],
  [
    'a segment missing from its parent',
    (d) => (d.state.skeletons.project[1].segments['25'].children = []),
    'skeleton "Wand" in project: segment 26 is not among its parent\'s children',
  ],
  ['an empty skeleton name', (d) => (d.state.skeletons.data[0].name = ''), 'skeleton "" in data: '],
  [
    'two skeletons of one name',
    (d) => (d.state.skeletons.project[1].name = 'FullBody'),
    'skeleton "FullBody" in project: the name appears twice in that source; skeleton names are unique',
  ],
  ['a scale of 0', (d) => (d.state.skeletons.project[0].scale = 0), 'skeleton "FullBody" in project: '],
  [
    'a root without a solver',
    (d) => (d.state.skeletons.project[1].segments['25'].solver = null),
    'skeleton "Wand" in project: the root segment has no solver; the root must keep one',
  ],
  [
    'an empty segment name',
    (d) => (segmentsOf(d.state.skeletons.project[1])[1].name = ''),
    'skeleton "Wand" in project, segment "" (26): ',
  ],
  [
    'two segments of one name',
    (d) => (segmentsOf(d.state.skeletons.project[1])[1].name = segmentsOf(d.state.skeletons.project[1])[0].name),
    'skeleton "Wand" in project, segment "Handle" (26): the name appears twice in the skeleton; segment names are unique within a skeleton',
  ],
  [
    'children and an endpoint',
    (d) => (d.state.skeletons.project[1].segments['25'].endpoint = [0, 0, 1]),
    'skeleton "Wand" in project, segment "Handle" (25): it has children and an endpoint; only a leaf has an endpoint',
  ],
  [
    'two markers of one name',
    (d) => {
      const hips = d.state.skeletons.project[0].segments['2'];
      hips.markers[1].name = hips.markers[0].name;
    },
    'skeleton "FullBody" in project, segment "Hips" (2): markers[1].name "LASI" appears twice',
  ],
  [
    'a rigid body of weight -1',
    (d) => {
      const hips = d.state.skeletons.project[0].segments['2'];
      hips.rigidBodies = [{ name: 'RB', transform: hips.transform, weight: -1 }];
    },
    'skeleton "FullBody" in project, segment "Hips" (2): rigid_bodies[0].weight must not be negative, got -1',
  ],
  [
    'a child that does not exist',
    (d) => d.state.skeletons.project[1].segments['25'].children.push(999),
    'skeleton "Wand" in project: segment 25 lists child 999, whose parent differs',
  ],
  [
    'a parent that does not exist',
    (d) => {
      const wand = d.state.skeletons.project[1];
      wand.segments['25'].children = [];
      wand.segments['26'].parentId = 998;
    },
    'skeleton "Wand" in project: segment 26 is not among its parent\'s children',
  ],
  [
    'a segment id used by another skeleton',
    (d) => {
      const wand = d.state.skeletons.project[1];
      wand.segments['2'] = { ...wand.segments['26'], id: 2 };
      delete wand.segments['26'];
      wand.segments['25'].children = [2];
    },
    'id 2 is used twice (segment "Tip" of skeleton "Wand" in project)',
  ],
  [
    'more segments than a skeleton may have',
    (d) => {
      const wand = d.state.skeletons.project[1];
      for (let i = 0; i < LIMITS.segmentsPerSkeleton; i++) {
        const id = d.state.nextId++;
        wand.segments[String(id)] = { ...wand.segments['26'], id, name: `Extra${i}`, parentId: 25 };
        wand.segments['25'].children.push(id);
      }
    },
    `skeleton "Wand" in project: segments in the skeleton: ${LIMITS.segmentsPerSkeleton + 2} is more than the ${LIMITS.segmentsPerSkeleton} allowed`,
  ],
  [
    'a coupling to a missing segment',
    (d) =>
      (d.state.skeletons.project[0].segments['3'].degreesOfFreedom.rotation_x.couplings = [
        { segment: 'Nobody', degree_of_freedom: 'rotation_x', coefficient: 1 },
      ]),
    'skeleton "FullBody" in project, segment "Spine" (3): ',
  ],
  [
    'a bone to a missing trajectory',
    (d) => (d.state.bones[0].from = 5000),
    'bone 115 joins trajectory 5000, which does not exist',
  ],
  ['a bone to itself', (d) => (d.state.bones[0].to = d.state.bones[0].from), 'bone 115 joins trajectory 73 to itself'],
  [
    'a second bone between two trajectories',
    (d) => ([d.state.bones[1].from, d.state.bones[1].to] = [d.state.bones[0].to, d.state.bones[0].from]),
    'bone 116 joins trajectories 73-74 again; two trajectories have at most one bone',
  ],
  [
    'a colour past white',
    (d) => (d.state.bones[0].color = 0x1000000),
    'bone 115 has colour 16777216, outside 0..0xFFFFFF',
  ],
  ['a negative colour', (d) => (d.state.bones[0].color = -1), 'bone 115 has colour -1, outside 0..0xFFFFFF'],
  [
    'parts that overlap',
    (d) => (d.state.trajectories[1].parts[1].range.start = d.state.trajectories[1].parts[0].range.end),
    'trajectory 74: part 1 (frames 1479..2999) is empty or overlaps the part before; parts are ordered frame ranges',
  ],
  [
    'a part that ends before it starts',
    (d) => (d.state.trajectories[0].parts[0].range = { start: 10, end: 9 }),
    'trajectory 73: part 0 (frames 10..9) is empty or overlaps the part before; parts are ordered frame ranges',
  ],
  [
    'a selection of two types',
    (d) =>
      (d.state.selection = [
        { type: 'trajectory', id: 73, part_index: null },
        { type: 'bone', id: 115, part_index: null },
      ]),
    'the selection mixes trajectories and bones; one type is selected at a time',
  ],
  [
    'a selected bone that does not exist',
    (d) => (d.state.selection = [{ type: 'bone', id: 73, part_index: null }]),
    'selection[0] points at bone 73, which does not exist',
  ],
  [
    'a selected bone part',
    (d) => (d.state.selection = [{ type: 'bone', id: 115, part_index: 0 }]),
    'selection[0]: a bone has no parts (part_index must be null)',
  ],
  [
    'a selected trajectory that does not exist',
    (d) => (d.state.selection = [{ type: 'trajectory', id: 115, part_index: null }]),
    'selection[0] points at trajectory 115, which does not exist',
  ],
  [
    'a selected part past the last',
    (d) => (d.state.selection = [{ type: 'trajectory', id: 74, part_index: 2 }]),
    'selection[0]: trajectory 74 has no part 2',
  ],
  [
    'a selected part below 0',
    (d) => (d.state.selection = [{ type: 'trajectory', id: 74, part_index: -1 }]),
    'selection[0]: trajectory 74 has no part -1',
  ],
];

describe('state file format: every rule of a loaded state, by its message (state-format, in process)', () => {
  it('reads back what it writes', () => {
    assert.deepEqual(decodeState(encodeState(demoState())), demoState());
  });

  it('says when the text is not JSON, and keeps the parser’s error as the cause', () => {
    assert.throws(
      () => decodeState('{"format":'),
      (error: Error) => {
        assert.match(error.message, /^it is not valid JSON \(.+\)$/);
        assert.ok(error.cause instanceof SyntaxError, "the cause is the parser's error");
        return true;
      },
    );
  });

  it('keeps the model rule’s own error as the cause of a placed message', () => {
    const document = JSON.parse(encodeState(demoState()));
    document.state.skeletons.project[0].scale = 0;
    assert.throws(
      () => decodeState(JSON.stringify(document)),
      (error: Error) => {
        assert.match(String((error.cause as Error)?.message), /^scale 0 is outside the allowed range/);
        return true;
      },
    );
  });

  it('accepts exactly as many skeletons as a source may have (the next rule it meets is another one)', () => {
    const got = problemOf(
      (d) =>
        (d.state.skeletons.measurement = Array.from(
          { length: LIMITS.skeletonsPerSource },
          () => d.state.skeletons.measurement[0],
        )),
    );
    assert.doesNotMatch(got, /skeletons; at most/);
    assert.match(got, /is used twice/);
  });

  it('accepts a selected first part (part 0)', () => {
    assert.equal(
      problemOf((d) => (d.state.selection = [{ type: 'trajectory', id: 74, part_index: 0 }])),
      '(accepted)',
    );
  });

  for (const [what, edit, message] of CASES)
    it(`refuses ${what}`, () => {
      const got = problemOf(edit);
      // Messages that come from the model's own rules are checked there; here: that they are named and placed.
      if (message.endsWith(': ')) assert.ok(got.startsWith(message) && got.length > message.length + 5, got);
      else assert.equal(got, message);
    });

  it('accepts the last part of a trajectory and a selection of one type', () => {
    assert.equal(
      problemOf(
        (d) =>
          (d.state.selection = [
            { type: 'trajectory', id: 74, part_index: 1 },
            { type: 'trajectory', id: 73, part_index: null },
          ]),
      ),
      '(accepted)',
    );
    assert.equal(
      problemOf((d) => (d.state.selection = [{ type: 'bone', id: 115, part_index: null }])),
      '(accepted)',
    );
  });

  it('reads a version-1 file (part counts, named bones) as version 2, without losing an object', () => {
    const current = demoState();
    const old = versionOneState();
    const upgraded = decodeState(JSON.stringify(old));
    assert.deepEqual(
      upgraded.trajectories.map((t) => [t.id, t.label, t.parts.length]),
      old.state.trajectories.map((t) => [t.id, t.label, t.parts]),
    );
    for (const t of upgraded.trajectories) {
      assert.equal(t.parts[0].range.start, 0);
      assert.equal(t.parts.at(-1)!.range.end, 2999);
      t.parts.forEach((p, i) => {
        assert.equal(p.type, 'measured');
        if (i > 0) assert.ok(p.range.start > t.parts[i - 1].range.end + 1, 'a gap between parts');
      });
    }
    assert.deepEqual(
      upgraded.bones,
      current.bones.map((b) => ({ ...b, color: 0xffffff })),
    );
    assert.equal(JSON.parse(encodeState(upgraded)).version, 2, 'written back as version 2');
    old.state.trajectories[0].parts = 0;
    assert.deepEqual(decodeState(JSON.stringify(old)).trajectories[0].parts, [], 'a trajectory may have no samples');
  });
});
