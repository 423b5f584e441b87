import { XMLBuilder } from 'fast-xml-parser';
import { Matrix4 } from 'three/src/math/Matrix4.js';
import { Quaternion } from 'three/src/math/Quaternion.js';
import { Vector3 } from 'three/src/math/Vector3.js';
import { DOF_NAMES, type DofName } from '../catalogue/type-strings';
import type { SegmentDefinitionDocument, SkeletonDefinitionDocument } from './skeleton-definition';
import { DOF_ELEMENTS, ROTATION_TOLERANCE, SkeletonXmlError, SOLVER_TEXT, type DegreeOfFreedom } from './skeleton-xml';

/** Writing skeleton definitions as the application's XML (skeleton-xml.ts has the decisions). */
const six = (n: number) => n.toFixed(6);
const xyz = ([x, y, z]: number[]) => ({ '@_X': six(x), '@_Y': six(y), '@_Z': six(z) });

/** A row-major mat4x4f as position and unit quaternion; refuses a 3×3 part that is not a rotation. */
function transformElement(m: number[][], where: string) {
  const matrix = new Matrix4().set(...(m.flat() as Parameters<Matrix4['set']>));
  const position = new Vector3();
  const rotation = new Quaternion();
  const scale = new Vector3();
  matrix.decompose(position, rotation, scale);
  const rebuilt = new Matrix4().compose(position, rotation, new Vector3(1, 1, 1));
  const last = m[3];
  const rigid =
    matrix.determinant() > 0 &&
    matrix.elements.every(
      (v, i) => Math.abs(v - rebuilt.elements[i]) <= ROTATION_TOLERANCE * Math.max(1, Math.abs(v)),
    ) &&
    last[0] === 0 &&
    last[1] === 0 &&
    last[2] === 0 &&
    last[3] === 1;
  if (!rigid)
    throw new SkeletonXmlError(where, 'the matrix is not a rotation and a translation, which is all the file can hold');
  return {
    Position: xyz([position.x, position.y, position.z]),
    Rotation: { ...xyz([rotation.x, rotation.y, rotation.z]), '@_W': six(rotation.w) },
  };
}

function segmentElement(segment: SegmentDefinitionDocument, where: string): Record<string, unknown> {
  const at = `${where}/Segment[@Name="${segment.name}"]`;
  const dofs = segment.degrees_of_freedom as Record<DofName, DegreeOfFreedom>;
  const freedom: Record<string, unknown> = {};
  for (const dof of DOF_NAMES) {
    const { constraint, couplings, goal } = dofs[dof];
    if (!constraint && couplings.length === 0 && !goal) continue; // absent = free
    freedom[DOF_ELEMENTS[dof]] = {
      ...(constraint && {
        Constraint: { '@_LowerBound': six(constraint.lower_bound), '@_UpperBound': six(constraint.upper_bound) },
      }),
      ...(couplings.length > 0 && {
        Couplings: {
          Coupling: couplings.map((c) => ({
            '@_Segment': c.segment,
            '@_DegreeOfFreedom': DOF_ELEMENTS[c.degree_of_freedom],
            '@_Coefficient': six(c.coefficient),
          })),
        },
      }),
      ...(goal && { Goal: { '@_Value': six(goal.value), '@_Weight': six(goal.weight) } }),
    };
  }
  const markers = segment.markers as { name: string; position: number[]; weight: number }[];
  const bodies = segment.rigid_bodies as { name: string; transform: number[][]; weight: number }[];
  return {
    '@_Name': segment.name,
    ...(segment.solver !== null && { Solver: SOLVER_TEXT[segment.solver] }),
    Transform: transformElement(segment.transform, `${at}/Transform`),
    DefaultTransform: transformElement(segment.default_transform, `${at}/DefaultTransform`),
    DegreesOfFreedom: freedom,
    ...(segment.endpoint && { Endpoint: xyz(segment.endpoint) }),
    Markers: markers.length
      ? { Marker: markers.map((mk) => ({ '@_Name': mk.name, Position: xyz(mk.position), Weight: six(mk.weight) })) }
      : '',
    RigidBodies: bodies.length
      ? {
          RigidBody: bodies.map((b) => ({
            '@_Name': b.name,
            Transform: transformElement(b.transform, `${at}/RigidBodies/RigidBody[@Name="${b.name}"]/Transform`),
            Weight: six(b.weight),
          })),
        }
      : '',
    ...(segment.children.length > 0 && { Segment: segment.children.map((c) => segmentElement(c, at)) }),
  };
}

/** The skeletons as one file of the application's format, numbers with six decimals. */
export function skeletonsToXml(skeletons: readonly SkeletonDefinitionDocument[]): string {
  const document = {
    QTM_Settings: {
      Skeletons: {
        Skeleton: skeletons.map((s) => {
          const at = `QTM_Settings/Skeletons/Skeleton[@Name="${s.name}"]`;
          return {
            '@_Name': s.name,
            Scale: six(s.scale),
            Segments: { Segment: [segmentElement(s.root, `${at}/Segments`)] },
          };
        }),
      },
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '    ',
    suppressEmptyNode: true,
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(document)}`;
}
