import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

/** A batch's input that cannot be used: said as it is, before any file is opened. */
export class BatchInputError extends Error {
  override name = 'BatchInputError';
}

/** One measurement of a batch: where it is, and the name its result takes (unique in the batch). */
export interface BatchFile {
  path: string;
  /** The result's file name: the measurement's own, or, when two share it, with its folders before it. */
  name: string;
}

const MEASUREMENT = /\.c3d$/i;

/**
 * The measurements a batch runs over, in the order given (a folder's and a pattern's sorted by
 * path), each once: files as they are, folders searched for C3D files at any depth, patterns
 * (`trials/**\/*.c3d`) expanded. A missing file, a file that is not a measurement, a folder or a
 * pattern with none in it is refused, naming it.
 */
export async function batchFiles(inputs: readonly string[], cwd = process.cwd()): Promise<BatchFile[]> {
  if (inputs.length === 0) throw new BatchInputError('give the measurements to run over: files, folders or patterns');
  const found: string[] = [];
  for (const input of inputs) {
    if (isDynamicPattern(input)) {
      const matched = (await glob(input, { cwd, absolute: true, onlyFiles: true, caseSensitiveMatch: false }))
        .filter((path) => MEASUREMENT.test(path))
        .map((path) => resolve(path))
        .sort();
      if (matched.length === 0) throw new BatchInputError(`no measurement (.c3d) matches ${input}`);
      found.push(...matched);
      continue;
    }
    const path = isAbsolute(input) ? input : resolve(cwd, input);
    const kind = await stat(path).catch(() => undefined);
    if (!kind) throw new BatchInputError(`${input}: no such file or folder`);
    if (kind.isDirectory()) {
      const inside = (await glob('**/*', { cwd: path, absolute: true, onlyFiles: true }))
        .filter((file) => MEASUREMENT.test(file))
        .map((file) => resolve(file))
        .sort();
      if (inside.length === 0) throw new BatchInputError(`${input}: the folder holds no measurement (.c3d)`);
      found.push(...inside);
    } else if (!MEASUREMENT.test(path)) {
      throw new BatchInputError(`${input} is not a measurement: a batch opens C3D files (.c3d)`);
    } else found.push(path);
  }
  const unique = [...new Set(found)];
  return namedApart(unique);
}

/**
 * Result names, unique: a measurement's own name, unless another of the batch has it; then each
 * of those is named by its folders below the folder they share, joined with "-" (s01/walk.c3d and
 * s02/walk.c3d become s01-walk.c3d and s02-walk.c3d). Compared as Windows compares them: in any case.
 */
function namedApart(paths: string[]): BatchFile[] {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const key = basename(path).toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), path]);
  }
  return paths.map((path) => {
    const alike = byName.get(basename(path).toLowerCase())!;
    if (alike.length === 1) return { path, name: basename(path) };
    const root = sharedFolder(alike.map((p) => dirname(p)));
    const folders = relative(root, dirname(path)).split(sep).filter(Boolean);
    return { path, name: [...folders, basename(path)].join('-') };
  });
}

function sharedFolder(folders: string[]): string {
  let shared = folders[0];
  while (!folders.every((f) => f === shared || f.startsWith(shared.endsWith(sep) ? shared : shared + sep))) {
    const up = dirname(shared);
    if (up === shared) break;
    shared = up;
  }
  return shared;
}

/** Whether `folder` is `input` or inside it (an output there would be read again as input). */
export function isInside(folder: string, input: string): boolean {
  const rel = relative(input, folder);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The folders a batch reads: each given folder, each pattern's fixed part (`trials` of
 * `trials/**\/*.c3d`), each measurement's own folder. An output among them would be read again,
 * or mixed with the originals.
 */
export function inputFolders(inputs: readonly string[], files: readonly BatchFile[], cwd = process.cwd()): string[] {
  const folders = new Set<string>(files.map((f) => dirname(f.path)));
  for (const input of inputs) {
    if (isDynamicPattern(input)) {
      const fixed: string[] = [];
      for (const part of input.split(/[\\/]/)) {
        if (isDynamicPattern(part)) break;
        fixed.push(part);
      }
      folders.add(resolve(cwd, fixed.join('/') || '.'));
    } else if (!MEASUREMENT.test(input)) folders.add(resolve(cwd, input));
  }
  return [...folders];
}
