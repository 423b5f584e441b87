import * as vscode from 'vscode';
import { describeFailure } from './failure-text';

/**
 * Shows a failure to the user: one error message naming what was wrong (the operation the
 * application refused, and why). The one way the extension reports a failure.
 */
export function reportFailure(error: unknown, what?: string): string {
  const message = `Motion: ${what ? `${what}: ` : ''}${describeFailure(error)}`;
  void vscode.window.showErrorMessage(message);
  return message;
}
