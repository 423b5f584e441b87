/**
 * JSON laid out for people who read transforms: like `JSON.stringify(value, null, 2)`, but an array
 * of plain values is one line (a vec3f `[0, 120.5, 0]`, a matrix row), so a 4×4 matrix takes four
 * rows instead of 25 lines; and a small object of plain values is one line too (a constraint
 * `{"lower_bound": -45, "upper_bound": 45}`). Parses back to the same value.
 */
export function compactJson(value: unknown, indent = 2): string {
  return layout(value, '', ' '.repeat(indent));
}

/** Past this width a flat object is written one field a line. */
const FLAT_OBJECT_WIDTH = 72;

function isPlain(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

function layout(value: unknown, at: string, step: string): string {
  if (isPlain(value)) return JSON.stringify(value) ?? 'null';
  const inner = at + step;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isPlain)) return `[${value.map((v) => JSON.stringify(v) ?? 'null').join(', ')}]`;
    return `[\n${value.map((v) => inner + layout(v, inner, step)).join(',\n')}\n${at}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  if (entries.every(([, v]) => isPlain(v))) {
    const flat = `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}}`;
    if (flat.length + at.length <= FLAT_OBJECT_WIDTH) return flat;
  }
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${layout(v, inner, step)}`).join(',\n')}\n${at}}`;
}
