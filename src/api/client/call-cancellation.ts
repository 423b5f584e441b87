/** What a signal cancels: a call in flight (an AbortController is one). */
interface Abortable {
  abort(reason?: unknown): void;
}

/**
 * Lets one caller's AbortSignal cancel many calls at once, with one 'abort' listener per signal.
 * A 3D view reads thousands of values under one signal: `AbortSignal.any` per call costs about
 * four times a plain controller, and a listener per call makes Node warn of a leak past ten.
 */
export class CallCancellation {
  private readonly calls = new WeakMap<AbortSignal, Set<Abortable>>();

  /** Aborts `call` when `signal` aborts (at once if it has); returns what stops following it. */
  follow(signal: AbortSignal, call: Abortable): () => void {
    if (signal.aborted) {
      call.abort(signal.reason);
      return () => undefined;
    }
    const calls = this.calls.get(signal) ?? this.startFollowing(signal);
    calls.add(call);
    return () => calls.delete(call);
  }

  /** The one listener of a signal: it aborts every call following the signal then. */
  private startFollowing(signal: AbortSignal): Set<Abortable> {
    const calls = new Set<Abortable>();
    this.calls.set(signal, calls);
    signal.addEventListener(
      'abort',
      () => {
        for (const c of calls) c.abort(signal.reason);
        calls.clear();
      },
      { once: true },
    );
    return calls;
  }
}
