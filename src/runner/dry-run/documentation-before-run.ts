import type { MotionClient } from '../../api/client/motion-client';
import { isMissingOperation, MotionConnectionError, MotionError } from '../../api/client/motion-error';

const DOCUMENTATION = 'motion.utilities.documentation';
/** How long a dry run waits for an application that answers but cannot give its documentation yet (it is starting). */
const READY_WITHIN_MS = 10_000;
const AGAIN_AFTER_MS = 250;

/** The application answered, but not with its documentation, for as long as the dry run waited. */
export class DocumentationNotReady extends Error {
  override name = 'DocumentationNotReady';
}

/**
 * The application's package documentation, read before the script starts, so that the script's
 * package is built from the whole interface of the application the snapshot came from. An
 * application that just restarted may answer before its documentation is ready (an error, a
 * dropped connection): it is asked again until it gives it, within a bound. Undefined when the
 * application is away (a dry run of a snapshot file, offline) or has no documentation module:
 * then the reference server's is the one there is.
 */
export async function documentationBeforeRun(
  application: MotionClient,
  { signal, readyWithinMs = READY_WITHIN_MS }: { signal?: AbortSignal; readyWithinMs?: number } = {},
): Promise<unknown> {
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    try {
      return await application.call(DOCUMENTATION, 'get_package_documentation', [], { effect: 'read', signal });
    } catch (error) {
      if (isMissingOperation(error)) return undefined;
      if (error instanceof MotionConnectionError && (error.kind === 'unreachable' || error.kind === 'cancelled'))
        return undefined;
      if (!(error instanceof MotionError || error instanceof MotionConnectionError)) throw error;
      if (Date.now() >= deadline || signal?.aborted)
        throw new DocumentationNotReady(
          `the application at ${application.url} did not give its documentation within ${readyWithinMs / 1000} s (${error.message}), so the script's package could not be built from its interface`,
        );
      await new Promise((resolve) => setTimeout(resolve, AGAIN_AFTER_MS));
    }
  }
}
