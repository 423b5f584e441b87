/** The extension's settings: what a change of each needs, and rules for values a workspace could set to anything. No `vscode` import. */

/**
 * What must happen when a setting changes. Parts of the extension subscribe to these needs, not to
 * setting names: the connection reconnects, the script sessions reset, the auto-refresh reschedules.
 * `read-when-used` settings are read at the moment they matter (at each run) and need nothing.
 */
export type SettingNeed = 'reconnect' | 'reset-sessions' | 'reschedule-refresh' | 'read-when-used';

/** Every setting of package.json's `contributes.configuration` (a test keeps the two equal), and its need. */
export const SETTING_NEEDS = {
  'motion.server.url': 'reconnect',
  'motion.server.embedded': 'reconnect',
  'motion.python.path': 'reset-sessions',
  'motion.explorer.autoRefreshSeconds': 'reschedule-refresh',
  'motion.run.clearBeforeRun': 'read-when-used',
  'motion.run.reloadOnSave': 'read-when-used',
  'motion.tests.snapshot': 'read-when-used',
  // The language server reads these itself when they change (workspace/configuration).
  'motion.inlayHints.parameterNames': 'read-when-used',
  'motion.inlayHints.variableTypes': 'read-when-used',
  'motion.inlayHints.identifierNames': 'read-when-used',
  'motion.targetVersions': 'read-when-used',
} as const satisfies Record<string, SettingNeed>;

export type SettingKey = keyof typeof SETTING_NEEDS;

/** The needs a configuration change brings, given which settings it affects. */
export function needsOf(affects: (key: SettingKey) => boolean): Set<SettingNeed> {
  const needs = new Set<SettingNeed>();
  for (const [key, need] of Object.entries(SETTING_NEEDS) as [SettingKey, SettingNeed][])
    if (need !== 'read-when-used' && affects(key)) needs.add(need);
  return needs;
}

/** The shortest automatic refresh: each one asks the application for every skeleton and segment shown. */
export const MIN_AUTO_REFRESH_SECONDS = 5;

/** 0 (or nonsense) is off; anything else is at least the minimum, whatever a workspace asks for. */
export function autoRefreshSeconds(configured: unknown): number {
  if (typeof configured !== 'number' || !Number.isFinite(configured) || configured <= 0) return 0;
  return Math.max(MIN_AUTO_REFRESH_SECONDS, configured);
}
