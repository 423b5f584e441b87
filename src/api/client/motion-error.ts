/**
 * A call the application answered with an error: the status and body of docs/design.md §3
 * (`{"error": {"code", "message", "operation", "parameter"?}}`), or what a real application sent instead.
 */
export class MotionError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly operation: string,
    message: string,
    readonly parameter?: string,
  ) {
    super(message);
    this.name = 'MotionError';
  }

  /** `invalid_argument (scale): scale 200 is outside ...` — what a user needs in one line. */
  describe(): string {
    return `${this.code}${this.parameter ? ` (${this.parameter})` : ''}: ${this.message}`;
  }
}

type ConnectionFailure = 'unreachable' | 'timeout' | 'cancelled' | 'dropped' | 'bad_response';

/** The application could not be reached or did not answer: nothing is known about the call's effect. */
export class MotionConnectionError extends Error {
  constructor(
    readonly kind: ConnectionFailure,
    readonly url: string,
    readonly operation: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MotionConnectionError';
  }
}

/**
 * Whether a failed call means the application has no such operation (an older or newer version,
 * a module it does not serve): it said unknown_operation, or answered 404 for the operation's path.
 */
export function isMissingOperation(error: unknown): error is MotionError {
  return error instanceof MotionError && (error.code === 'unknown_operation' || error.status === 404);
}
