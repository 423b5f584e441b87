import { statSync } from 'node:fs';
import { invalid, notFound } from '../model/faults';
import { scriptLanguage, scriptPath } from './script-host';

/**
 * The project's list of start-up scripts, as the application keeps it: whole paths, each once, in
 * the order they run. A file is checked as it is added (it is a .py or .lua file that exists);
 * one that is gone later is reported when the scripts load.
 */
export function withScript(list: readonly string[], file: string): string[] {
  const path = scriptPath(file);
  scriptLanguage(path);
  const found = statSync(path, { throwIfNoEntry: false });
  if (!found) throw notFound('file', `there is no file "${path}" to load at start-up`);
  if (!found.isFile()) throw invalid('file', `"${path}" is a folder: give a script's path`);
  return list.includes(path) ? [...list] : [...list, path];
}

export function withoutScript(list: readonly string[], file: string): string[] {
  const path = scriptPath(file);
  if (!list.includes(path))
    throw notFound('file', `"${path}" is not a start-up script; they are: ${list.join(', ') || 'none'}`);
  return list.filter((p) => p !== path);
}
