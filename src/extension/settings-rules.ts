/** Rules for setting values that a workspace could set to anything. No `vscode` import. */

/** The shortest automatic refresh: each one asks the application for every skeleton and segment shown. */
export const MIN_AUTO_REFRESH_SECONDS = 5;

/** 0 (or nonsense) is off; anything else is at least the minimum, whatever a workspace asks for. */
export function autoRefreshSeconds(configured: unknown): number {
  if (typeof configured !== 'number' || !Number.isFinite(configured) || configured <= 0) return 0;
  return Math.max(MIN_AUTO_REFRESH_SECONDS, configured);
}
