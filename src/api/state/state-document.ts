import type { MotionState } from './motion-state';

/**
 * The state file: `{"format": "motion-server-state", "version": 2, "state": {...}}`, and for a
 * snapshot `"snapshot": {"application", "url", "taken_at"}` beside it (which application, where,
 * when). The reference server serves a snapshot as it serves its own state file.
 */
export const STATE_FORMAT = 'motion-server-state';
export const STATE_VERSION = 2;

/** The application a snapshot was read from: its get_version, its address, the time. */
export interface SnapshotOrigin {
  application: { major: number; minor: number; build: number };
  url: string;
  /** ISO 8601, UTC. */
  taken_at: string;
}

export function encodeState(state: MotionState): string {
  return JSON.stringify({ format: STATE_FORMAT, version: STATE_VERSION, state });
}

/** A snapshot as a file: indented, so that a fixture kept in version control diffs line by line. */
export function encodeSnapshot(state: MotionState, snapshot: SnapshotOrigin): string {
  return `${JSON.stringify({ format: STATE_FORMAT, version: STATE_VERSION, snapshot, state }, null, 1)}\n`;
}

/** Where a state file came from, when it is a snapshot; undefined for a server's own state or text that is no state file. */
export function snapshotOrigin(text: string): SnapshotOrigin | undefined {
  try {
    const document = JSON.parse(text) as { format?: unknown; snapshot?: SnapshotOrigin };
    return document.format === STATE_FORMAT ? document.snapshot : undefined;
  } catch {
    return undefined;
  }
}

/** `2.4.1`: a version as people write it. */
export function versionText(version: SnapshotOrigin['application']): string {
  return `${version.major}.${version.minor}.${version.build}`;
}

/** Whether a state file or snapshot has a measurement open (MotionState.measurement); false for other text. */
export function snapshotHasMeasurement(text: string): boolean {
  try {
    return Boolean((JSON.parse(text) as { state?: { measurement?: unknown } }).state?.measurement);
  } catch {
    return false;
  }
}

/** The modules a snapshot could not read from its application (MotionState.lacking); none for other text. */
export function snapshotLacking(text: string): string[] {
  try {
    const lacking = (JSON.parse(text) as { state?: { lacking?: unknown } }).state?.lacking;
    return Array.isArray(lacking) ? lacking.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}
