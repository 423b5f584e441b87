import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Matrix4 } from 'three/src/math/Matrix4.js';
import { Quaternion } from 'three/src/math/Quaternion.js';
import { Vector3 } from 'three/src/math/Vector3.js';
import { DOF_NAMES } from '../catalogue/type-strings';
import {
  checkSkeletonDefinition,
  type SegmentDefinitionDocument,
  type SkeletonDefinitionDocument,
} from './skeleton-definition';
import {
  DOF_BY_ELEMENT,
  SkeletonXmlError,
  SOLVER_TEXT,
  UNIT_TOLERANCE,
  type DegreeOfFreedom,
  type SkeletonXmlImport,
} from './skeleton-xml';

/** Reading skeleton definitions from the application's XML (skeleton-xml.ts has the decisions). */
type Element = Record<string, unknown>;
const REPEATED = new Set(['Skeleton', 'Segment', 'Marker', 'RigidBody', 'Coupling']);

/** The named child element, if there is one (a second one of a non-repeating name is refused). */
function child(element: Element, name: string, where: string): Element | undefined {
  const value = element[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw new SkeletonXmlError(`${where}/${name}`, `<${name}> appears more than once`);
  return typeof value === 'object' && value !== null ? (value as Element) : { '#text': value };
}

function required(element: Element, name: string, where: string): Element {
  const found = child(element, name, where);
  if (!found) throw new SkeletonXmlError(where, `<${name}> is missing`);
  return found;
}

function children(element: Element | undefined, name: string): Element[] {
  const value = element?.[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'object' && v !== null ? v : {}) as Element);
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function number(text: unknown, where: string): number {
  const value = typeof text === 'string' ? text.trim() : undefined;
  if (value === undefined || !NUMBER.test(value))
    throw new SkeletonXmlError(where, `${JSON.stringify(text ?? '')} is not a number`);
  return Number(value);
}

const attribute = (element: Element, name: string, where: string) => number(element[`@_${name}`], `${where}@${name}`);
const text = (element: Element, name: string, where: string) =>
  number(required(element, name, where)['#text'], `${where}/${name}`);
const point = (element: Element, where: string): [number, number, number] => [
  attribute(element, 'X', where),
  attribute(element, 'Y', where),
  attribute(element, 'Z', where),
];

function name(element: Element, where: string): string {
  const value = element['@_Name'];
  if (typeof value !== 'string' || value.trim() === '') throw new SkeletonXmlError(where, 'it has no Name');
  return value;
}

/** Position and rotation as a row-major mat4x4f; a quaternion off unit length is normalised, with a warning. */
function readTransform(element: Element | undefined, where: string, warnings: string[]): number[][] {
  if (!element)
    return [
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ];
  const position = point(required(element, 'Position', where), `${where}/Position`);
  const r = required(element, 'Rotation', where);
  const at = `${where}/Rotation`;
  const q = new Quaternion(attribute(r, 'X', at), attribute(r, 'Y', at), attribute(r, 'Z', at), attribute(r, 'W', at));
  const length = q.length();
  if (length < 1e-6) throw new SkeletonXmlError(at, 'the quaternion has length 0, so it is no rotation');
  if (Math.abs(length - 1) > UNIT_TOLERANCE)
    warnings.push(`${at}: the quaternion has length ${length.toFixed(6)}, not 1; it was normalised`);
  q.normalize();
  const matrix = new Matrix4().compose(new Vector3(...position), q, new Vector3(1, 1, 1));
  return matrix.transpose().toArray().reduce(rowsOf, []); // three.js is column-major: transposed, its array is row-major
}

function rowsOf(rows: number[][], value: number, i: number): number[][] {
  if (i % 4 === 0) rows.push([]);
  rows[rows.length - 1].push(Object.is(value, -0) ? 0 : value);
  return rows;
}

function readSolver(element: Element, where: string): SegmentDefinitionDocument['solver'] {
  const solver = child(element, 'Solver', where);
  const value = typeof solver?.['#text'] === 'string' ? solver['#text'].trim() : '';
  if (value === '') return null;
  const found = (Object.keys(SOLVER_TEXT) as (keyof typeof SOLVER_TEXT)[]).find((k) => SOLVER_TEXT[k] === value);
  if (!found)
    throw new SkeletonXmlError(
      `${where}/Solver`,
      `"${value}" is not a solver ("Global Optimization", "None", or empty)`,
    );
  return found;
}

interface PendingCoupling {
  segment: string;
  owner: string;
  at: string;
  remove: () => void;
}

function readSegment(
  element: Element,
  where: string,
  warnings: string[],
  couplings: PendingCoupling[],
): SegmentDefinitionDocument {
  const segmentName = name(element, where);
  const at = `${where}[@Name="${segmentName}"]`;
  const degrees: Record<string, unknown> = {};
  const freedom = child(element, 'DegreesOfFreedom', at);
  for (const key of Object.keys(freedom ?? {})) {
    if (key.startsWith('@_') || key === '#text') continue;
    const dof = DOF_BY_ELEMENT.get(key);
    const dofAt = `${at}/DegreesOfFreedom/${key}`;
    if (!dof)
      throw new SkeletonXmlError(dofAt, `<${key}> is not a degree of freedom (RotationX|Y|Z, TranslationX|Y|Z)`);
    const d = child(freedom!, key, `${at}/DegreesOfFreedom`)!;
    const constraint = child(d, 'Constraint', dofAt);
    const goal = child(d, 'Goal', dofAt);
    const list: DegreeOfFreedom['couplings'] = [];
    children(child(d, 'Couplings', dofAt), 'Coupling').forEach((c, i) => {
      const cAt = `${dofAt}/Couplings/Coupling[${i + 1}]`;
      const other = c['@_Segment'];
      if (typeof other !== 'string' || other === '') throw new SkeletonXmlError(cAt, 'it names no Segment');
      const otherDof = DOF_BY_ELEMENT.get(String(c['@_DegreeOfFreedom']));
      if (!otherDof)
        throw new SkeletonXmlError(
          `${cAt}@DegreeOfFreedom`,
          `${JSON.stringify(c['@_DegreeOfFreedom'] ?? '')} is not a degree of freedom`,
        );
      const coupling = { segment: other, degree_of_freedom: otherDof, coefficient: attribute(c, 'Coefficient', cAt) };
      list.push(coupling);
      couplings.push({
        segment: other,
        owner: segmentName,
        at: cAt,
        remove: () => list.splice(list.indexOf(coupling), 1),
      });
    });
    degrees[dof] = {
      constraint: constraint
        ? {
            lower_bound: attribute(constraint, 'LowerBound', `${dofAt}/Constraint`),
            upper_bound: attribute(constraint, 'UpperBound', `${dofAt}/Constraint`),
          }
        : null,
      couplings: list,
      goal: goal
        ? { value: attribute(goal, 'Value', `${dofAt}/Goal`), weight: attribute(goal, 'Weight', `${dofAt}/Goal`) }
        : null,
    };
  }
  for (const dof of DOF_NAMES) degrees[dof] ??= { constraint: null, couplings: [], goal: null };
  const solver = readSolver(element, at);
  const transform = readTransform(child(element, 'Transform', at), `${at}/Transform`, warnings);
  const defaultTransform = readTransform(child(element, 'DefaultTransform', at), `${at}/DefaultTransform`, warnings);
  const endpointElement = child(element, 'Endpoint', at);
  let endpoint = endpointElement ? point(endpointElement, `${at}/Endpoint`) : null;
  if (endpoint && children(element, 'Segment').length > 0) {
    warnings.push(`${at}/Endpoint: only a segment without children has an endpoint; it was left out`);
    endpoint = null;
  }
  const markers = children(child(element, 'Markers', at), 'Marker').map((m, i) => {
    const mAt = `${at}/Markers/Marker[${i + 1}]`;
    return {
      name: name(m, mAt),
      position: point(required(m, 'Position', mAt), `${mAt}/Position`),
      weight: text(m, 'Weight', mAt),
    };
  });
  const rigidBodies = children(child(element, 'RigidBodies', at), 'RigidBody').map((b, i) => {
    const bAt = `${at}/RigidBodies/RigidBody[${i + 1}]`;
    return {
      name: name(b, bAt),
      transform: readTransform(required(b, 'Transform', bAt), `${bAt}/Transform`, warnings),
      weight: text(b, 'Weight', bAt),
    };
  });
  return {
    name: segmentName,
    solver,
    transform,
    default_transform: defaultTransform,
    degrees_of_freedom: degrees,
    endpoint,
    markers,
    rigid_bodies: rigidBodies,
    // After this segment's own elements, so that problems and warnings come in the file's order.
    children: children(element, 'Segment').map((c) => readSegment(c, `${at}/Segment`, warnings, couplings)),
  };
}

function segmentNames(segment: SegmentDefinitionDocument): string[] {
  return [segment.name, ...segment.children.flatMap(segmentNames)];
}

/**
 * Reads one or several skeleton definitions from the application's XML. Throws SkeletonXmlError
 * naming the element path of the first problem; what it had to change is in `warnings`.
 */
export function skeletonsFromXml(xml: string): SkeletonXmlImport {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new SkeletonXmlError('(file)', `not well-formed XML: ${msg} (line ${line}, column ${col})`);
  }
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    // Names keep their spaces: " Hips" is not "Hips" (numbers are parsed with Number, which ignores them).
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    isArray: (tag) => REPEATED.has(tag),
  }).parse(xml) as Element;
  const roots = Object.keys(parsed).filter((k) => !k.startsWith('?') && k !== '#text');
  if (roots.length !== 1) throw new SkeletonXmlError('(file)', 'a skeleton file has one root element');
  const [root] = roots;
  let skeletonsElement: Element | undefined;
  let where: string;
  if (root === 'QTM_Settings') {
    where = 'QTM_Settings/Skeletons';
    skeletonsElement = required(parsed.QTM_Settings as Element, 'Skeletons', 'QTM_Settings');
  } else if (root === 'Skeletons') {
    where = 'Skeletons';
    skeletonsElement = (parsed.Skeletons ?? {}) as Element;
  } else
    throw new SkeletonXmlError(
      root,
      `the root element is <${root}>; a skeleton file has <QTM_Settings> or <Skeletons>`,
    );
  const warnings: string[] = [];
  const list = children(skeletonsElement, 'Skeleton');
  if (list.length === 0) throw new SkeletonXmlError(where, 'it holds no <Skeleton>');
  const all: { doc: SkeletonDefinitionDocument; couplings: PendingCoupling[]; at: string }[] = list.map((s, i) => {
    const skeletonName = name(s, `${where}/Skeleton[${i + 1}]`);
    const at = `${where}/Skeleton[@Name="${skeletonName}"]`;
    const segments = children(required(s, 'Segments', at), 'Segment');
    if (segments.length !== 1)
      throw new SkeletonXmlError(`${at}/Segments`, `a skeleton has one root segment; this one has ${segments.length}`);
    const couplings: PendingCoupling[] = [];
    const rootSegment = readSegment(segments[0], `${at}/Segments/Segment`, warnings, couplings);
    return {
      doc: {
        format: 'motion-skeleton',
        version: 1,
        name: skeletonName,
        scale: text(s, 'Scale', at),
        root: rootSegment,
      },
      couplings,
      at,
    };
  });
  const seen = new Set<string>();
  for (const { doc, at } of all) {
    if (seen.has(doc.name)) throw new SkeletonXmlError(at, `two skeletons of the file are named "${doc.name}"`);
    seen.add(doc.name);
  }
  const everywhere = new Set(all.flatMap(({ doc }) => segmentNames(doc.root)));
  for (const { doc, couplings } of all) {
    const own = new Set(segmentNames(doc.root));
    for (const c of couplings) {
      if (c.segment === c.owner) {
        warnings.push(`${c.at}: a segment cannot be coupled to itself; the coupling was left out`);
        c.remove();
      } else if (!own.has(c.segment)) {
        if (!everywhere.has(c.segment))
          throw new SkeletonXmlError(`${c.at}@Segment`, `no segment is named "${c.segment}"`);
        warnings.push(
          `${c.at}: "${c.segment}" is a segment of another skeleton; couplings stay within a skeleton, so it was left out`,
        );
        c.remove();
      }
    }
  }
  const skeletons = all.map(({ doc, at }) => {
    try {
      return checkSkeletonDefinition(doc);
    } catch (error) {
      throw new SkeletonXmlError(at, (error as Error).message);
    }
  });
  return { skeletons, warnings };
}
