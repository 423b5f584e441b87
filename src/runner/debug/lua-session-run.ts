import type { MessagePort } from 'node:worker_threads';
import type { CellSource } from './cell-sources';

/**
 * The adapter's end of a debugged run in a Motion session (Debug Cell): the port whose other end
 * the run was given, and their shared signal.
 */
export interface LuaSessionRun {
  commands: MessagePort;
  signal: Int32Array;
  /** The cells being debugged, and the files they run from. */
  cells: readonly CellSource[];
  /**
   * Attached to the application's Lua (Attach to the Application): its scripts outlive the session,
   * so Stop and disconnect leave them running, undebugged, rather than interrupting them.
   */
  application?: boolean;
  /** Lets go of the run's other end (the connection to the application). */
  close?: () => void;
}

/** A list from the Lua side: a Lua table arrives as an array, or as an object when it is empty. */
export function listOf<T>(value: T[] | Record<string, T> | undefined): T[] {
  return Array.isArray(value) ? value : Object.values(value ?? {});
}
