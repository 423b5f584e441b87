import { MotionError } from '../api/client/motion-error';

/** The user's words for a failure: the operation and the application's message. No `vscode` import. */
export function describeFailure(error: unknown): string {
  if (error instanceof MotionError) return `${error.operation}: ${error.message}`;
  return (error as Error).message;
}

/**
 * What a view says when the application lacks an operation it reads: once, in the view, not in a
 * message each refresh. The operation's name and its module are two words: a view's message wraps
 * only between words, and the whole dotted name is wider than a side bar.
 */
export function lackingMessage(view: string, operation: string, application: string): string {
  const dot = operation.lastIndexOf('.');
  const name = dot < 0 ? operation : `${operation.slice(dot + 1)} (of ${operation.slice(0, dot)})`;
  return `The application at ${application} has no ${name}, which the ${view} view reads: this view is empty, while completion, checks and runs go on from the application's own documentation.`;
}
