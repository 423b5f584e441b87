import { C3dError } from './c3d-error';
import type { NumberReader } from './c3d-numbers';

/** A parameter's value: text (type -1, split in its last dimensions), or numbers (bytes, int16, float). */
export interface C3dParameter {
  /** -1 characters, 1 bytes, 2 16-bit integers, 4 floats. */
  type: -1 | 1 | 2 | 4;
  dimensions: number[];
  /** Numbers, in the file's order (the first dimension varies fastest). Empty for text. */
  numbers: number[];
  /** Text: the strings of the first dimension's length, trailing blanks removed. Empty for numbers. */
  strings: string[];
  description: string;
}

const LATIN1 = new TextDecoder('latin1');

/** Group name → parameter name → parameter, names upper-cased as the format compares them. */
export type C3dParameters = Map<string, Map<string, C3dParameter>>;

/**
 * Reads the parameter section that starts at byte `start`: groups and parameters, each record
 * pointing to the next. Stops at a zero pointer or a zero-length name; a record that runs past the
 * end of the file is refused, naming where.
 */
export function readParameters(bytes: Uint8Array, start: number, read: NumberReader): C3dParameters {
  const groupNames = new Map<number, string>();
  const found: { group: number; name: string; parameter: C3dParameter }[] = [];
  const text = (from: number, length: number) => LATIN1.decode(bytes.subarray(from, from + length));
  const need = (from: number, length: number, what: string) => {
    if (from + length > bytes.length)
      throw new C3dError(
        `the parameter section is cut short: ${what} at byte ${from} needs ${length} bytes, the file ends at ${bytes.length}`,
      );
  };
  let at = start + 4;
  for (let records = 0; records < 65_536; records++) {
    need(at, 2, 'a record');
    const nameLength = Math.abs(read.int8(at));
    const id = read.int8(at + 1);
    if (nameLength === 0 || id === 0) break;
    need(at + 2, nameLength + 2, 'a name');
    const name = text(at + 2, nameLength).toUpperCase();
    const pointerAt = at + 2 + nameLength;
    const next = read.int16(pointerAt);
    let body = pointerAt + 2;
    if (id < 0) {
      need(body, 1, `group ${name}`);
      groupNames.set(-id, name);
    } else {
      need(body, 2, `parameter ${name}`);
      const type = read.int8(body);
      if (type !== -1 && type !== 1 && type !== 2 && type !== 4)
        throw new C3dError(`parameter ${name} has data type ${type}; the format has -1, 1, 2 and 4`);
      const dimensionCount = read.uint8(body + 1);
      need(body + 2, dimensionCount, `parameter ${name}'s dimensions`);
      const dimensions = Array.from({ length: dimensionCount }, (_, i) => read.uint8(body + 2 + i));
      body += 2 + dimensionCount;
      const count = dimensions.reduce((n, d) => n * d, 1);
      const size = Math.abs(type) * count;
      need(body, size, `parameter ${name}'s data`);
      const parameter: C3dParameter = { type, dimensions, numbers: [], strings: [], description: '' };
      if (type === -1) {
        const width = dimensions[0] ?? 1;
        for (let i = 0; i < (dimensionCount === 0 ? 1 : count / width); i++)
          parameter.strings.push(text(body + i * width, width).replace(/[\s\0]+$/, ''));
      } else {
        for (let i = 0; i < count; i++) {
          const o = body + i * Math.abs(type);
          parameter.numbers.push(type === 1 ? read.int8(o) : type === 2 ? read.int16(o) : read.float32(o));
        }
      }
      body += size;
      if (body < bytes.length) {
        const descriptionLength = read.uint8(body);
        parameter.description = text(body + 1, Math.min(descriptionLength, bytes.length - body - 1));
      }
      found.push({ group: id, name, parameter });
    }
    if (next === 0) break;
    at = pointerAt + next;
    if (at <= pointerAt || at >= bytes.length)
      throw new C3dError(
        `parameter ${name}'s pointer to the next record (${next}) leads outside the parameter section`,
      );
  }
  const groups: C3dParameters = new Map(
    [...groupNames.values()].map((g): [string, Map<string, C3dParameter>] => [g, new Map<string, C3dParameter>()]),
  );
  for (const { group, name, parameter } of found) {
    const groupName = groupNames.get(group) ?? `GROUP${group}`;
    if (!groups.has(groupName)) groups.set(groupName, new Map());
    groups.get(groupName)!.set(name, parameter);
  }
  return groups;
}

/** Typed reads of parameters that may be missing. */
export class ParameterLookup {
  constructor(readonly groups: C3dParameters) {}

  get(group: string, name: string): C3dParameter | undefined {
    return this.groups.get(group)?.get(name);
  }

  number(group: string, name: string): number | undefined {
    return this.get(group, name)?.numbers[0];
  }

  numbers(group: string, name: string): number[] {
    return this.get(group, name)?.numbers ?? [];
  }

  /** Strings of a text parameter and its continuations (LABELS, LABELS2, LABELS3…), as writers split long lists. */
  strings(group: string, name: string): string[] {
    const all = [...(this.get(group, name)?.strings ?? [])];
    for (let i = 2; this.get(group, `${name}${i}`); i++) all.push(...this.get(group, `${name}${i}`)!.strings);
    return all;
  }
}
