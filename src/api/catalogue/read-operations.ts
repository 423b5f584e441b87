/**
 * Operations that only read though their names do not say so. The interface's own convention names
 * a read `get_…`, `find_…`, `is_…`, `has_…` or `help`; these are the exceptions a dry run must also
 * pass to the application rather than hold back. Any other operation counts as a change.
 */
const READS_BY_EXCEPTION: ReadonlySet<string> = new Set([
  // Colours computed from their components: nothing in the application is read or changed.
  'motion.utilities.color.rgb',
  'motion.utilities.color.hsl',
]);

/** Whether an operation (its dotted path, `motion.gui.timeline.get_measured_range`) only reads. */
export function isReadOperation(path: string): boolean {
  const name = path.slice(path.lastIndexOf('.') + 1);
  return /^(get|find|is|has)_/.test(name) || name === 'help' || READS_BY_EXCEPTION.has(path);
}
