/** One field that differs: a segment's field in the editor, any record's field in a dry run's diff. */
interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** How many items of a list a line names before it says "and N more". */
const NAMED = 3;

/** A value as a person reads it in one line: `[0, 0, 50]`, `"none"`, `null`. */
function show(value: unknown): string {
  return Array.isArray(value) ? `[${value.map(show).join(', ')}]` : JSON.stringify(value);
}

const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');
const isMatrix = (v: unknown): v is number[][] => Array.isArray(v) && v.length === 4 && v.every(isNumbers);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function list(parts: string[]): string {
  return parts.length > NAMED
    ? `${parts.slice(0, NAMED).join(', ')} and ${parts.length - NAMED} more`
    : parts.join(', ');
}

/** A transform's change as its parts: where it moved, whether it turned. */
function matrixChange(before: number[][], after: number[][]): string {
  const translation = (m: number[][]) => m.slice(0, 3).map((row) => row[3]);
  const rotation = (m: number[][]) => m.slice(0, 3).map((row) => row.slice(0, 3));
  const parts: string[] = [];
  if (!same(translation(before), translation(after)))
    parts.push(`translation ${show(translation(before))} → ${show(translation(after))}`);
  if (!same(rotation(before), rotation(after))) parts.push('rotation changed');
  if (!same(before[3], after[3])) parts.push(`last row ${show(before[3])} → ${show(after[3])}`);
  return parts.join('; ');
}

/** Markers and rigid bodies: which were added and removed, and what changed in those kept. */
function namedItemsChange(before: unknown[], after: unknown[]): string {
  type Item = Record<string, unknown> & { name: string };
  const was = new Map((before as Item[]).map((item) => [item.name, item]));
  const now = new Map((after as Item[]).map((item) => [item.name, item]));
  const added = [...now.keys()].filter((n) => !was.has(n));
  const removed = [...was.keys()].filter((n) => !now.has(n));
  const changed = [...now.entries()].flatMap(([name, item]) => {
    const old = was.get(name);
    if (!old || same(old, item)) return [];
    const fields = Object.keys(item).filter((k) => k !== 'name' && !same(old[k], item[k]));
    return fields.map((k) =>
      isMatrix(old[k]) && isMatrix(item[k])
        ? `${name} transform: ${matrixChange(old[k], item[k])}`
        : `${name} ${k} ${show(old[k])} → ${show(item[k])}`,
    );
  });
  const parts = [
    added.length ? `added ${list(added)}` : '',
    removed.length ? `removed ${list(removed)}` : '',
    changed.length ? list(changed) : '',
  ].filter(Boolean);
  if (parts.length === 0) parts.push('order changed');
  const count = before.length === after.length ? '' : `${before.length} → ${after.length}: `;
  return `${count}${parts.join('; ')}`;
}

/** Degrees of freedom: which ones changed, and in which parts (constraint, couplings, goal). */
function degreesOfFreedomChange(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const parts = Object.keys({ ...before, ...after }).flatMap((dof) => {
    const [was, now] = [before[dof], after[dof]] as (Record<string, unknown> | undefined)[];
    if (same(was, now)) return [];
    const parts = (v: unknown) => (v && typeof v === 'object' ? Object.keys(v) : []);
    const which = [...new Set([...parts(was), ...parts(now)])].filter((k) => !same(was?.[k], now?.[k]));
    return [which.length > 0 ? `${dof} (${which.join(', ')})` : dof];
  });
  return list(parts);
}

/**
 * One line a person reads before applying or undoing: `name: "Tip" → "Point"`, `endpoint: [0, 0, 50]
 * → [0, 0, 80]`, `markers: WAND_C position [0, 0, 50] → [0, 0, 55]`, `transform: translation … ;
 * rotation changed`, `degrees_of_freedom: rotation_x (constraint)`.
 */
export function describeFieldChange(change: FieldChange): string {
  const { field, before, after } = change;
  const plain = (v: unknown) => v === null || typeof v !== 'object' || isNumbers(v);
  if (plain(before) && plain(after)) return `${field}: ${show(before)} → ${show(after)}`;
  if (isMatrix(before) && isMatrix(after)) return `${field}: ${matrixChange(before, after)}`;
  if (Array.isArray(before) && Array.isArray(after) && (field === 'markers' || field === 'rigid_bodies'))
    return `${field}: ${namedItemsChange(before, after)}`;
  if (field === 'degrees_of_freedom' && before && after && typeof before === 'object' && typeof after === 'object')
    return `${field}: ${degreesOfFreedomChange(before as Record<string, unknown>, after as Record<string, unknown>)}`;
  return `${field}: changed`;
}
