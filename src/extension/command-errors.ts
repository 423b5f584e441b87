import * as vscode from 'vscode';
import { describeFailure } from './explorer/edit-operations';

/** What a command that failed returns to its caller (tests, automation): the message the user saw. */
export interface CommandFailure {
  changed: false;
  error: string;
}

/**
 * Runs a command's work; a failure is shown to the user as one error message naming what was
 * wrong, and returned. The one error contract of the extension's commands.
 */
export function guarded<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
): (...args: A) => Promise<R | CommandFailure> {
  return async (...args: A) => {
    try {
      return await run(...args);
    } catch (error) {
      const message = `Motion: ${describeFailure(error)}`;
      void vscode.window.showErrorMessage(message);
      return { changed: false, error: message };
    }
  };
}
