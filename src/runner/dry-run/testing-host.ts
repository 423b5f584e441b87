import { declareDialogAnswer } from '../../api/gui/open-dialog';
import { changeStartupScripts, hostReport } from '../../api/gui/reference-host';

type Served = { value: unknown } | { error: { code: string; message: string; operation: string } };

/** The testing calls about the application's scripting host, which its reference server answers. */
const HOST_TESTING_CALLS = ['load_script', 'messages', 'terminal'];

/** Whether a testing call is about the host: one of those, or an answer to a dialog. */
export function isHostTestingCall(name: string, args: unknown[]): boolean {
  return (
    HOST_TESTING_CALLS.includes(name) ||
    (name === 'answer' && typeof args[0] === 'string' && args[0].startsWith('motion.gui.dialog.'))
  );
}

/**
 * A test's calls about the tools inside its application (docs/design.md §13), served by the test's
 * own reference server: a start-up script loaded (its commands and menus there after), an answer
 * to a dialog, the messages and the terminal's text.
 */
export async function serveHostTestingCall(url: string, name: string, args: unknown[]): Promise<Served> {
  const operation = `motion.testing.${name}`;
  try {
    if (name === 'answer') {
      const [dialog, value, withArgs] = args;
      await declareDialogAnswer(url, dialog as string, value ?? null, Array.isArray(withArgs) ? withArgs : null);
      return { value: null };
    }
    if (name === 'load_script') {
      const [file] = args;
      if (typeof file !== 'string')
        throw new Error(`load_script needs a script's path, got ${JSON.stringify(file ?? null)}`);
      const changed = await changeStartupScripts(url, 'add', file);
      const failed = changed?.loaded.find((load) => !load.ok);
      if (failed?.error) {
        const e = failed.error;
        throw new Error(
          `the start-up script ${failed.file} raised ${e.type}: ${e.message}${e.file ? ` (${e.file}:${e.line})` : ''}\n${e.traceback}`,
        );
      }
      return { value: null };
    }
    const report = await hostReport(url);
    return { value: name === 'messages' ? (report?.messages ?? []) : (report?.terminal ?? '') };
  } catch (error) {
    return { error: { code: 'invalid_argument', message: (error as Error).message, operation } };
  }
}
