import { MotionError } from '../api/client/motion-error';

/** The user's words for a failure: the operation and the application's message. No `vscode` import. */
export function describeFailure(error: unknown): string {
  if (error instanceof MotionError) return `${error.operation}: ${error.message}`;
  return (error as Error).message;
}
