/**
 * The modules of the application's scripting host: its commands and menus, dialogs, messages,
 * terminal and 3D drawing (docs/design.md §13). A test's own reference server answers them
 * itself: a tool a test loads (motion.testing.load_script) runs there, and what it says is read
 * back (motion.testing.messages, terminal).
 */
const HOST_MODULES: ReadonlySet<string> = new Set([
  'motion.gui',
  'motion.gui.dialog',
  'motion.gui.message',
  'motion.gui.terminal',
  'motion.gui._3d',
]);

/** Whether a module is the scripting host's (`motion.gui`, `motion.gui.dialog`…; not the selection or timeline). */
export function isHostModule(module: string): boolean {
  return HOST_MODULES.has(module);
}
