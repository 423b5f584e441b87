import { DOF_NAMES } from '../../../src/api/catalogue/type-strings';
import { SCALE_MAX, SCALE_MIN } from '../../../src/api/catalogue/type-strings';
import { LIMITS } from '../../../src/api/catalogue/limits';
import { invalid } from '../model/faults';
import { unconstrainedDegreesOfFreedom, type DegreesOfFreedom, type SkeletonRecord } from '../model/records';

/** The model rules of docs/design.md §5 that are checks on values, kept apart from the handlers that apply them. */
export function checkName(name: string, parameter = 'name'): string {
  if (name.trim() === '') throw invalid(parameter, `${parameter} must not be empty`);
  if (name.length > LIMITS.nameLength)
    throw invalid(parameter, `${parameter} has ${name.length} characters; at most ${LIMITS.nameLength} are allowed`);
  return name;
}

/** A list of a segment's markers or rigid bodies, or a count about to grow, within its limit. */
export function checkCount(count: number, limit: number, parameter: string, what: string): void {
  if (count > limit) throw invalid(parameter, `${what}: ${count} is more than the ${limit} allowed`);
}

export function checkScale(scale: number): number {
  if (!(scale >= SCALE_MIN && scale <= SCALE_MAX)) {
    throw invalid('scale', `scale ${scale} is outside the allowed range ${SCALE_MIN} to ${SCALE_MAX}`);
  }
  return scale;
}

export function checkSegmentNameFree(skeleton: SkeletonRecord, name: string, except?: number): void {
  for (const segment of Object.values(skeleton.segments)) {
    if (segment.name === name && segment.id !== except) {
      throw invalid(
        'name',
        `skeleton "${skeleton.name}" already has a segment named "${name}" (id ${segment.id}); segment names are unique within a skeleton`,
      );
    }
  }
}

/** Non-negative weights and unique non-empty names, for markers and rigid bodies alike. */
export function checkNamedWeighted(items: { name: string; weight: number }[], parameter: string): void {
  checkCount(items.length, LIMITS.itemsPerSegment, parameter, `${parameter} of one segment`);
  const seen = new Set<string>();
  items.forEach((item, i) => {
    checkName(item.name, `${parameter}[${i}].name`);
    if (seen.has(item.name)) throw invalid(parameter, `${parameter}[${i}].name "${item.name}" appears twice`);
    seen.add(item.name);
    if (item.weight < 0) throw invalid(parameter, `${parameter}[${i}].weight must not be negative, got ${item.weight}`);
  });
}

/** Completes a partial degrees-of-freedom object (omitted ones reset to default) and checks its rules. */
export function completeDegreesOfFreedom(
  given: Partial<DegreesOfFreedom>,
  skeleton: SkeletonRecord,
  segmentName: string,
): DegreesOfFreedom {
  const result = unconstrainedDegreesOfFreedom();
  const names = new Set(Object.values(skeleton.segments).map((s) => s.name));
  for (const dof of DOF_NAMES) {
    const value = given[dof];
    if (!value) continue;
    const path = `degrees_of_freedom.${dof}`;
    const constraint = value.constraint ?? null;
    if (constraint && constraint.lower_bound > constraint.upper_bound) {
      throw invalid(
        'degrees_of_freedom',
        `${path}.constraint: lower_bound ${constraint.lower_bound} is above upper_bound ${constraint.upper_bound}`,
      );
    }
    value.couplings.forEach((coupling, i) => {
      if (coupling.segment === segmentName)
        throw invalid('degrees_of_freedom', `${path}.couplings[${i}]: a segment cannot be coupled to itself`);
      if (!names.has(coupling.segment)) {
        throw invalid(
          'degrees_of_freedom',
          `${path}.couplings[${i}]: skeleton "${skeleton.name}" has no segment named "${coupling.segment}"`,
        );
      }
    });
    const goal = value.goal ?? null;
    if (goal && goal.weight < 0)
      throw invalid('degrees_of_freedom', `${path}.goal.weight must not be negative, got ${goal.weight}`);
    result[dof] = { constraint, couplings: value.couplings.map((c) => ({ ...c })), goal };
  }
  return result;
}
