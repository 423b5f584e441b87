import type { MotionClient } from '../../api/client/motion-client';
import { MotionError } from '../../api/client/motion-error';
import { findOperation } from '../../api/catalogue';
import { loadSegmentDefinition } from '../../api/skeletons/skeleton-loader';
import type { SegmentDefinition } from '../../api/skeletons/skeleton-model';
import { parseTypeCached } from '../../api/types/parse-type';
import { isPlainObject, validateValue } from '../../api/types/validate';

/**
 * A segment's editable definition as a JSON document, and saving it back through the setters.
 * The document's fields are named after the setters they go to. No `vscode` import.
 */
export const SEGMENT_FIELDS = {
  name: 'set_segment_name',
  solver: 'set_segment_solver',
  transform: 'set_segment_transform',
  default_transform: 'set_segment_default_transform',
  degrees_of_freedom: 'set_segment_degrees_of_freedom',
  markers: 'set_segment_markers',
  rigid_bodies: 'set_segment_rigid_bodies',
  endpoint: 'set_segment_endpoint',
} as const;
type Field = keyof typeof SEGMENT_FIELDS;
const FIELDS = Object.keys(SEGMENT_FIELDS) as Field[];

/** A segment's editable fields, named as in documents (and skeleton definition files). */
export function segmentFields(d: SegmentDefinition): Record<Field, unknown> {
  return {
    name: d.name,
    solver: d.solver,
    transform: d.transform,
    default_transform: d.defaultTransform,
    degrees_of_freedom: d.degreesOfFreedom,
    markers: d.markers,
    rigid_bodies: d.rigidBodies,
    endpoint: d.endpoint,
  };
}

export async function readSegmentDocument(client: MotionClient, source: 'project' | 'measurement' | 'data', segmentId: number): Promise<string> {
  return `${JSON.stringify(segmentFields(await loadSegmentDefinition(client, source, segmentId)), null, 2)}\n`;
}

export class SegmentDocumentError extends Error {}

/** The type the setter of a field takes (its last parameter), from the catalogue. */
function fieldType(field: Field) {
  const op = findOperation('motion.settings.processing.skeleton', SEGMENT_FIELDS[field])!;
  return parseTypeCached(op.parameters[op.parameters.length - 1].type);
}

/** Parses and checks a whole document before anything is sent: JSON, known fields, every type. */
export function parseSegmentDocument(text: string): Partial<Record<Field, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SegmentDocumentError(`the document is not valid JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(value)) throw new SegmentDocumentError('the document must be a JSON object with the segment’s fields');
  for (const key of Object.keys(value)) {
    if (!(FIELDS as string[]).includes(key)) throw new SegmentDocumentError(`unknown field "${key}" (the fields are ${FIELDS.join(', ')})`);
  }
  for (const field of FIELDS) {
    if (!(field in value)) continue;
    const problem = validateValue(value[field], fieldType(field), field);
    if (problem) throw new SegmentDocumentError(`${problem.path}: ${problem.message}`);
  }
  return value as Partial<Record<Field, unknown>>;
}

/**
 * Applies the changed fields with their setters. The interface has no transactions: if the
 * application refuses one, the fields already changed are set back, and the refusal is reported.
 */
export async function saveSegmentDocument(client: MotionClient, source: 'project' | 'measurement', segmentId: number, text: string): Promise<{ changed: Field[] }> {
  const wanted = parseSegmentDocument(text);
  const before = segmentFields(await loadSegmentDefinition(client, source, segmentId));
  // Order matters: a name first (couplings refer to names), the endpoint last (it depends on children).
  const changed = FIELDS.filter((f) => f in wanted && JSON.stringify(wanted[f]) !== JSON.stringify(before[f]));
  const applied: Field[] = [];
  const set = (field: Field, value: unknown) => client.call('motion.settings.processing.skeleton', SEGMENT_FIELDS[field], [source, segmentId, value], { effect: 'write' });
  try {
    for (const field of changed) {
      await set(field, wanted[field]);
      applied.push(field);
    }
  } catch (error) {
    for (const field of applied.reverse()) await set(field, before[field]).catch(() => undefined);
    if (error instanceof MotionError) throw new SegmentDocumentError(`${error.operation} refused it: ${error.message}. Nothing was changed.`);
    throw error;
  }
  return { changed };
}
