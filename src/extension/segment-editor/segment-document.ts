import type { MotionClient } from '../../api/client/motion-client';
import { MotionError } from '../../api/client/motion-error';
import { findOperation } from '../../api/catalogue';
import { loadSegmentDefinition } from '../../api/skeletons/skeleton-loader';
import { segmentFields } from '../../api/skeletons/skeleton-definition';
import { parseTypeCached } from '../../api/types/parse-type';
import { isPlainObject, validateValue } from '../../api/types/validate';
import { compactJson } from '../../api/text/compact-json';

/**
 * A segment's editable definition as a JSON document, and saving it back through the setters.
 * The document's fields are named after the setters they go to. No `vscode` import.
 */
const SEGMENT_FIELDS = {
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

/** The one layout of segment documents: compact JSON (a matrix as four rows, a vec3f on a line) with a final newline. */
export function formatSegmentFields(fields: Partial<Record<Field, unknown>>): string {
  return `${compactJson(fields)}\n`;
}

export async function readSegmentDocument(
  client: MotionClient,
  source: 'project' | 'measurement' | 'data',
  segmentId: number,
): Promise<string> {
  return formatSegmentFields(segmentFields(await loadSegmentDefinition(client, source, segmentId)));
}

class SegmentDocumentError extends Error {}

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
  if (!isPlainObject(value))
    throw new SegmentDocumentError('the document must be a JSON object with the segment’s fields');
  for (const key of Object.keys(value)) {
    if (!(FIELDS as string[]).includes(key))
      throw new SegmentDocumentError(`unknown field "${key}" (the fields are ${FIELDS.join(', ')})`);
  }
  for (const field of FIELDS) {
    if (!(field in value)) continue;
    const problem = validateValue(value[field], fieldType(field), field);
    if (problem) throw new SegmentDocumentError(`${problem.path}: ${problem.message}`);
  }
  return value;
}

/** A segment's fields as documents hold them (some or all). */
export type SegmentFields = Partial<Record<Field, unknown>>;

/** One field that differs between two definitions: what a preview shows and an undo restores. */
export interface FieldChange {
  field: Field;
  before: unknown;
  after: unknown;
}

/**
 * The fields of `after` that differ from `before`, in the order they are applied: the name first
 * (couplings refer to names), the endpoint last (it depends on children).
 */
export function changedFields(before: SegmentFields, after: SegmentFields): FieldChange[] {
  return FIELDS.filter((f) => f in after && JSON.stringify(after[f]) !== JSON.stringify(before[f])).map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
}

/**
 * Applies the fields of `wanted` that differ from the application's current ones, with their
 * setters. The interface has no transactions: if the application refuses one, every field already
 * changed is set back, and the refusal is reported. Returns what was changed, with the values it replaced.
 */
export async function applySegmentFields(
  client: MotionClient,
  source: 'project' | 'measurement',
  segmentId: number,
  wanted: SegmentFields,
): Promise<FieldChange[]> {
  const current = segmentFields(await loadSegmentDefinition(client, source, segmentId));
  const changes = changedFields(current, wanted);
  const applied: FieldChange[] = [];
  const set = (field: Field, value: unknown) =>
    client.call('motion.settings.processing.skeleton', SEGMENT_FIELDS[field], [source, segmentId, value]);
  try {
    for (const change of changes) {
      await set(change.field, change.after);
      applied.push(change);
    }
  } catch (error) {
    const notRestored: string[] = [];
    for (const change of applied.reverse())
      await set(change.field, change.before).catch(() => notRestored.push(change.field));
    const outcome =
      notRestored.length === 0
        ? 'Nothing was changed.'
        : `Could not set back ${notRestored.join(', ')}: check the segment in the application.`;
    if (error instanceof MotionError)
      throw new SegmentDocumentError(`${error.operation} refused it: ${error.message}. ${outcome}`);
    throw new SegmentDocumentError(`${(error as Error).message}. ${outcome}`);
  }
  return changes;
}
