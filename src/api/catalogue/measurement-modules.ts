/**
 * The modules whose answers are the open measurement's: what a private reference server answers
 * itself when the state it started from has a measurement open (the demo's walk, or a snapshot
 * that holds one), and what it can only pass to the application otherwise.
 */
const MEASUREMENT_MODULES: ReadonlySet<string> = new Set([
  'motion.file',
  'motion.gui.timeline',
  'motion.data.object.trajectory',
  'motion.data.object.analog',
  'motion.data.object.event',
]);

/** Whether a module's operations are about the open measurement (`motion.data.series._3d`, `motion.file`…). */
export function isMeasurementModule(module: string): boolean {
  return MEASUREMENT_MODULES.has(module) || module.startsWith('motion.data.series.');
}
