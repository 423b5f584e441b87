import { DOF_NAMES, type DofName } from '../catalogue/type-strings';
import type { SkeletonDefinitionDocument } from './skeleton-definition';

/**
 * Skeleton definitions in the application's XML format (formats/skeleton-xml.md), to and from our
 * JSON definition documents. Decisions where the format page leaves a choice (README, "Skeleton
 * files"): solver `null` is an absent <Solver>, `"none"` is <Solver>None</Solver>; a rotation whose
 * quaternion is not unit length is normalised with a warning naming the element; what the interface
 * cannot hold (an endpoint on a segment with children, a coupling of a segment to itself or to a
 * segment of another skeleton of the file) is left out with a warning; anything else wrong is
 * refused with the element path of the first problem.
 */

export class SkeletonXmlError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'SkeletonXmlError';
  }
}

export interface SkeletonXmlImport {
  skeletons: SkeletonDefinitionDocument[];
  /** What was changed or left out to fit the interface, each naming its element. */
  warnings: string[];
}

/** One degree of freedom of a definition document (its type string: DEGREES_OF_FREEDOM). */
export interface DegreeOfFreedom {
  constraint: { lower_bound: number; upper_bound: number } | null;
  couplings: { segment: string; degree_of_freedom: DofName; coefficient: number }[];
  goal: { value: number; weight: number } | null;
}

export const DOF_ELEMENTS: Record<DofName, string> = {
  rotation_x: 'RotationX',
  rotation_y: 'RotationY',
  rotation_z: 'RotationZ',
  translation_x: 'TranslationX',
  translation_y: 'TranslationY',
  translation_z: 'TranslationZ',
};
export const DOF_BY_ELEMENT = new Map(DOF_NAMES.map((dof) => [DOF_ELEMENTS[dof], dof]));
export const SOLVER_TEXT = { global_optimization: 'Global Optimization', none: 'None' } as const;
/** How far a quaternion's length may be from 1 before it counts as not unit (six decimals give ~1e-6). */
export const UNIT_TOLERANCE = 1e-5;
/** How far a matrix's 3×3 part may be from a rotation before export refuses it. */
export const ROTATION_TOLERANCE = 1e-6;
