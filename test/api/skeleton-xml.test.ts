import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  exportSkeleton,
  type SegmentDefinitionDocument,
  type SkeletonDefinitionDocument,
} from '../../src/api/skeletons/skeleton-definition';
import { readSkeletonFile, skeletonFileFormat, writeSkeletonFile } from '../../src/api/skeletons/skeleton-files';
import { SkeletonXmlError } from '../../src/api/skeletons/skeleton-xml';
import { skeletonsFromXml } from '../../src/api/skeletons/skeleton-xml-read';
import { skeletonsToXml } from '../../src/api/skeletons/skeleton-xml-write';
import { referenceServer } from '../support/reference-server';
import { assertClose } from '../support/assert-close';

const SDK_SHAPED = readFileSync(join(__dirname, '../fixtures/sdk-shaped-skeletons.xml'), 'utf8');

function segments(s: SegmentDefinitionDocument): SegmentDefinitionDocument[] {
  return [s, ...s.children.flatMap(segments)];
}

function refusal(xml: string): SkeletonXmlError {
  try {
    skeletonsFromXml(xml);
  } catch (error) {
    assert.ok(error instanceof SkeletonXmlError, String(error));
    return error;
  }
  assert.fail('accepted');
}

describe('skeleton definitions in the application’s XML format', () => {
  const app = referenceServer({ per: 'suite' });
  let demo: SkeletonDefinitionDocument[];
  before(async () => {
    demo = [];
    for (const source of ['project', 'measurement'] as const)
      for (const id of await app.client.settings.processing.skeleton.get_skeleton_ids(source))
        demo.push(await exportSkeleton(app.client, source, id));
    for (const id of await app.client.data.object.skeleton.get_skeleton_ids())
      demo.push(await exportSkeleton(app.client, 'data', id));
  });

  it('round-trips every demo skeleton: the same definition, numbers within 1e-6 of the six-decimal text', () => {
    for (const skeleton of demo) {
      const xml = skeletonsToXml([skeleton]);
      const { skeletons, warnings } = skeletonsFromXml(xml);
      assert.deepEqual(warnings, [], skeleton.name);
      assert.equal(skeletons.length, 1);
      assertClose(skeletons[0], skeleton, 1e-6, skeleton.name);
    }
    const all = skeletonsFromXml(skeletonsToXml(demo.slice(0, 2)));
    assert.deepEqual(
      all.skeletons.map((s) => s.name),
      ['FullBody', 'Wand'],
      'several skeletons in one file',
    );
  });

  it('writes the format page’s structure: six decimals, unit quaternions, solvers, empty collections', () => {
    const wand = demo.find((s) => s.name === 'Wand')!;
    const xml = skeletonsToXml([wand]);
    assert.match(
      xml,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<QTM_Settings>\n {4}<Skeletons>\n {8}<Skeleton Name="Wand">\n/,
    );
    assert.match(xml, /<Scale>1\.000000<\/Scale>/);
    assert.match(xml, /<Segment Name="Handle">\n\s+<Solver>Global Optimization<\/Solver>/);
    assert.match(xml, /<Position X="0\.000000" Y="0\.000000" Z="500\.000000"\/>/);
    assert.match(xml, /<Rotation X="0\.000000" Y="0\.000000" Z="0\.000000" W="1\.000000"\/>/);
    assert.match(xml, /<RigidBodies\/>/);
    assert.doesNotMatch(xml, /<Segment Name="Tip">\n\s+<Solver>/, 'null solver: no <Solver>');
    const none = structuredClone(wand);
    none.root.children[0].solver = 'none';
    assert.match(skeletonsToXml([none]), /<Segment Name="Tip">\n\s+<Solver>None<\/Solver>/);
    assert.equal(skeletonsFromXml(skeletonsToXml([none])).skeletons[0].root.children[0].solver, 'none');
  });

  it('turns a rotation into a unit quaternion and back (a 90° turn about z, a turn about a skew axis)', () => {
    const wand = structuredClone(demo.find((s) => s.name === 'Wand')!);
    const c = Math.cos(Math.PI / 5);
    const s = Math.sin(Math.PI / 5);
    wand.root.transform = [
      [0, -1, 0, 10],
      [1, 0, 0, 20],
      [0, 0, 1, 30],
      [0, 0, 0, 1],
    ];
    wand.root.default_transform = [
      [1, 0, 0, 0],
      [0, c, -s, 0],
      [0, s, c, 0],
      [0, 0, 0, 1],
    ];
    const xml = skeletonsToXml([wand]);
    assert.match(xml, /<Rotation X="0\.000000" Y="0\.000000" Z="0\.707107" W="0\.707107"\/>/);
    assertClose(skeletonsFromXml(xml).skeletons[0], wand, 1e-6);
  });

  it('refuses to write a matrix that is not a rotation and a translation, naming the element', () => {
    const wand = structuredClone(demo.find((s) => s.name === 'Wand')!);
    wand.root.children[0].transform[0][0] = 2; // a scale
    assert.throws(
      () => skeletonsToXml([wand]),
      (e: Error) =>
        e instanceof SkeletonXmlError &&
        e.message ===
          'QTM_Settings/Skeletons/Skeleton[@Name="Wand"]/Segments/Segment[@Name="Handle"]/Segment[@Name="Tip"]/Transform: the matrix is not a rotation and a translation, which is all the file can hold',
    );
  });

  it('imports a file shaped like the SDK’s sample: quaternions normalised and what the interface cannot hold left out, each with a warning', () => {
    const { skeletons, warnings } = skeletonsFromXml(SDK_SHAPED);
    assert.deepEqual(
      skeletons.map((s) => [s.name, s.scale, segments(s.root).map((g) => g.name)]),
      [
        ['Crane', 1.25, ['Base', 'Boom']],
        ['Hook', 1, ['Block']],
      ],
    );
    const crane = 'QTM_Settings/Skeletons/Skeleton[@Name="Crane"]/Segments/Segment[@Name="Base"]';
    const hook = 'QTM_Settings/Skeletons/Skeleton[@Name="Hook"]/Segments/Segment[@Name="Block"]';
    assert.deepEqual(warnings, [
      `${crane}/DefaultTransform/Rotation: the quaternion has length 0.999849, not 1; it was normalised`,
      `${crane}/Endpoint: only a segment without children has an endpoint; it was left out`,
      `${crane}/RigidBodies/RigidBody[1]/Transform/Rotation: the quaternion has length 2.828427, not 1; it was normalised`,
      `${crane}/Segment[@Name="Boom"]/DefaultTransform/Rotation: the quaternion has length 0.999849, not 1; it was normalised`,
      `${hook}/DefaultTransform/Rotation: the quaternion has length 0.999849, not 1; it was normalised`,
      `${crane}/DegreesOfFreedom/RotationZ/Couplings/Coupling[1]: a segment cannot be coupled to itself; the coupling was left out`,
      `${hook}/DegreesOfFreedom/TranslationY/Couplings/Coupling[1]: "Boom" is a segment of another skeleton; couplings stay within a skeleton, so it was left out`,
    ]);
    const base = skeletons[0].root;
    assert.equal(base.endpoint, null);
    assert.deepEqual(base.children[0].endpoint, [0, 0, 450]);
    // (0.707, -0.707, 0, 0) normalised is a half turn about (1, -1, 0)/√2: x goes to -y.
    assertClose(
      base.default_transform,
      [
        [0, -1, 0, 0],
        [-1, 0, 0, 10],
        [0, 0, -1, 20],
        [0, 0, 0, 1],
      ],
      1e-9,
    );
    const dof = base.degrees_of_freedom as any;
    assert.deepEqual(dof.rotation_z, {
      constraint: { lower_bound: -1.5, upper_bound: 1.5 },
      couplings: [],
      goal: { value: 0.25, weight: 0.5 },
    });
    assert.deepEqual((base.children[0].degrees_of_freedom as any).rotation_x.couplings, [
      { segment: 'Base', degree_of_freedom: 'rotation_z', coefficient: 0.5 },
    ]);
    assert.deepEqual(dof.translation_x, { constraint: null, couplings: [], goal: null }, 'absent: free');
    assert.deepEqual(base.markers, [{ name: 'BaseA', position: [10, 0, 5], weight: 2 }]);
    assert.deepEqual(skeletons[1].root.markers, []);
  });

  it('tells a file’s format by its name, else by its text, and keeps JSON to one skeleton', () => {
    assert.equal(skeletonFileFormat('a/Wand.JSON'), 'json');
    assert.equal(skeletonFileFormat('a/Wand.xml', '{"format": "motion-skeleton"}'), 'xml', 'the name decides first');
    assert.equal(skeletonFileFormat('a/wand', '  {"format": "motion-skeleton"}'), 'json');
    assert.equal(skeletonFileFormat('a/wand', '\n<QTM_Settings/>'), 'xml');
    const wand = demo.find((d) => d.name === 'Wand')!;
    assert.deepEqual(readSkeletonFile(writeSkeletonFile([wand], 'json'), 'json'), { docs: [wand], warnings: [] });
    assert.throws(() => writeSkeletonFile([wand, wand], 'json'), /a JSON skeleton document holds one skeleton, not 2/);
    assert.equal(readSkeletonFile(writeSkeletonFile([wand, demo[0]], 'xml'), 'xml').docs.length, 2);
  });

  it('accepts <Skeletons> as the root too', () => {
    const inner = SDK_SHAPED.replace(/^<QTM_Settings>\n/, '').replace(/<\/QTM_Settings>\n$/, '');
    assert.deepEqual(
      skeletonsFromXml(inner).skeletons.map((s) => s.name),
      ['Crane', 'Hook'],
    );
  });

  describe('refuses a malformed file with the element path of the first problem', () => {
    const wand = () => skeletonsToXml([demo.find((s) => s.name === 'Wand')!]);
    const W = 'QTM_Settings/Skeletons/Skeleton[@Name="Wand"]';
    const H = `${W}/Segments/Segment[@Name="Handle"]`;
    const cases: [string, () => string, string][] = [
      ['not XML', () => 'this is { not xml', /^\(file\): not well-formed XML: .+ \(line 1, column \d+\)$/.source],
      ['a tag left open', () => wand().replace('</Skeletons>', ''), /^\(file\): not well-formed XML: /.source],
      [
        'the wrong root',
        () => '<Settings><Skeletons/></Settings>',
        'Settings: the root element is <Settings>; a skeleton file has <QTM_Settings> or <Skeletons>',
      ],
      [
        'no skeletons',
        () => '<QTM_Settings><Skeletons/></QTM_Settings>',
        'QTM_Settings/Skeletons: it holds no <Skeleton>',
      ],
      [
        'a segment without a name',
        () => wand().replace('<Segment Name="Tip">', '<Segment>'),
        `${H}/Segment: it has no Name`,
      ],
      [
        'a skeleton without a name',
        () => wand().replace('<Skeleton Name="Wand">', '<Skeleton Name="">'),
        'QTM_Settings/Skeletons/Skeleton[1]: it has no Name',
      ],
      [
        'a coupling to a missing segment',
        () =>
          wand().replace(
            '<DegreesOfFreedom/>',
            '<DegreesOfFreedom><RotationX><Couplings><Coupling Segment="Nowhere" DegreeOfFreedom="RotationY" Coefficient="1.0"/></Couplings></RotationX></DegreesOfFreedom>',
          ),
        `${H}/DegreesOfFreedom/RotationX/Couplings/Coupling[1]@Segment: no segment is named "Nowhere"`,
      ],
      [
        'a bad number',
        () => wand().replace('Z="500.000000"', 'Z="5OO.0"'),
        `${H}/Segment[@Name="Tip"]/Transform/Position@Z: "5OO.0" is not a number`,
      ],
      [
        'a bad scale',
        () => wand().replace('<Scale>1.000000</Scale>', '<Scale>big</Scale>'),
        `${W}/Scale: "big" is not a number`,
      ],
      ['a missing rotation', () => wand().replace(/<Rotation [^>]*\/>/, ''), `${H}/Transform: <Rotation> is missing`],
      [
        'a zero quaternion',
        () => wand().replace(/<Rotation [^>]*\/>/, '<Rotation X="0" Y="0" Z="0" W="0"/>'),
        `${H}/Transform/Rotation: the quaternion has length 0, so it is no rotation`,
      ],
      [
        'an unknown solver',
        () => wand().replace('<Solver>Global Optimization</Solver>', '<Solver>Local</Solver>'),
        `${H}/Solver: "Local" is not a solver ("Global Optimization", "None", or empty)`,
      ],
      [
        'an unknown degree of freedom',
        () => wand().replace('<DegreesOfFreedom/>', '<DegreesOfFreedom><Twist/></DegreesOfFreedom>'),
        `${H}/DegreesOfFreedom/Twist: <Twist> is not a degree of freedom (RotationX|Y|Z, TranslationX|Y|Z)`,
      ],
      [
        'two root segments',
        () => wand().replace('</Segments>', '<Segment Name="Other"/></Segments>'),
        `${W}/Segments: a skeleton has one root segment; this one has 2`,
      ],
      [
        'a marker without a weight',
        () => skeletonsToXml([demo[0]]).replace(/(<Marker Name="LASI">[\s\S]*?)<Weight>[^<]*<\/Weight>/, '$1'),
        'QTM_Settings/Skeletons/Skeleton[@Name="FullBody"]/Segments/Segment[@Name="Hips"]/Markers/Marker[1]: <Weight> is missing',
      ],
      [
        'two skeletons of one name',
        () => skeletonsToXml([demo[1], demo[1]]),
        `${W}: two skeletons of the file are named "Wand"`,
      ],
    ];
    for (const [what, xml, expected] of cases) {
      it(what, () => {
        const error = refusal(xml());
        if (expected.startsWith('^')) assert.match(error.message, new RegExp(expected));
        else assert.equal(error.message, expected);
      });
    }
  });
});
