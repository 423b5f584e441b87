import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { C3dError } from '../../../src/api/c3d/c3d-error';
import { readC3d } from '../../../src/api/c3d/c3d-read';
import type { C3dRecording } from '../../../src/api/c3d/c3d-recording';
import { writeC3d } from '../../../src/api/c3d/c3d-write';
import { Fault, invalid } from '../model/faults';

/**
 * Reading and writing measurement files for motion.file: C3D only (the application's own .qtm
 * format is not public). Every refusal names the file and what was wrong; a write goes to a
 * temporary file renamed over the target once whole, so a failed save leaves the old file as it was.
 */

/** The path as the reference server takes it: absolute, and a C3D file. */
export function measurementPath(path: string, parameter: string): string {
  if (!isAbsolute(path))
    throw invalid(
      parameter,
      `"${path}" is a relative path; give the whole path (in Python, os.path.abspath("${path}")): the reference server cannot know which folder you mean`,
    );
  if (extname(path).toLowerCase() !== '.c3d')
    throw invalid(
      parameter,
      `"${basename(path)}" is not a C3D file: the reference server opens and saves .c3d measurements` +
        (extname(path).toLowerCase() === '.qtm' ? ' (a .qtm measurement opens only in the application)' : ''),
    );
  return path;
}

export function readMeasurementFile(path: string): { recording: C3dRecording; modified: Date } {
  let bytes: Buffer;
  let modified: Date;
  try {
    modified = statSync(path).mtime;
    bytes = readFileSync(path);
  } catch (error) {
    throw fileFault(error, path, 'read');
  }
  try {
    return { recording: readC3d(bytes), modified };
  } catch (error) {
    if (error instanceof C3dError) throw invalid('path', `"${path}" cannot be opened: ${error.message}`);
    throw error;
  }
}

/** Where motion.file.save and save_as put a measurement: on disk, or (a dry run's server) nowhere. */
export interface MeasurementWriter {
  write(path: string, recording: C3dRecording): void;
}

export const FILE_WRITER: MeasurementWriter = { write: writeMeasurementFile };

/**
 * A dry run's writer: the measurement is encoded as a save would (so that what cannot be written
 * is refused the same way), and the path it would go to is kept, in order; no file is touched.
 */
export function heldWriter(): MeasurementWriter & { readonly held: string[] } {
  const held: string[] = [];
  return {
    held,
    write(path, recording) {
      c3dBytes(recording);
      held.push(path);
    },
  };
}

function c3dBytes(recording: C3dRecording): Uint8Array {
  try {
    return writeC3d(recording);
  } catch (error) {
    if (error instanceof C3dError)
      throw invalid(undefined, `the measurement cannot be written as C3D: ${error.message}`);
    throw error;
  }
}

function writeMeasurementFile(path: string, recording: C3dRecording): void {
  const bytes = c3dBytes(recording);
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fd = openSync(temporary, 'wx', 0o644);
    try {
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw fileFault(error, path, 'write');
  }
}

function fileFault(error: unknown, path: string, doing: 'read' | 'write'): Fault {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT')
    return doing === 'read'
      ? new Fault('not_found', `there is no file "${path}"`, 'path')
      : invalid('path', `the folder of "${path}" does not exist`);
  if (code === 'EISDIR') return invalid('path', `"${path}" is a folder, not a measurement file`);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return invalid('path', `"${path}" cannot be ${doing === 'read' ? 'read' : 'written'}: permission denied`);
  return invalid('path', `"${path}" cannot be ${doing === 'read' ? 'read' : 'written'}: ${(error as Error).message}`);
}
