import type { Dispatcher } from 'undici';

/** A call's deadline passed before its answer was read. */
export class DeadlineExceeded extends Error {}

/**
 * One call's answer as undici hands it over (one object per call, not a closure per step: a view
 * makes thousands of calls at once), and the call's way to be cancelled (deadline, caller's
 * signal) before and after undici starts it: a request still queued in the pool has no controller
 * yet, so the reason waits for it.
 */
export class PendingAnswer implements Dispatcher.DispatchHandler {
  timer: NodeJS.Timeout | undefined;
  unfollow: (() => void) | undefined;
  private controller: Dispatcher.DispatchController | undefined;
  private reason: Error | undefined;
  private status = 0;
  private size = 0;
  private readonly chunks: Buffer[] = [];

  constructor(
    private readonly limit: number,
    private readonly resolve: (answer: { status: number; text: string }) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  abort(reason: unknown): void {
    const error = reason instanceof Error ? reason : new Error(String(reason));
    if (this.controller) this.controller.abort(error);
    else this.reason ??= error;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.reason) controller.abort(this.reason);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.status = statusCode;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.size += chunk.length;
    // Refused, not read: the connection is dropped rather than drained.
    if (this.size > this.limit) controller.abort(new TooLarge(this.limit));
    else this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    this.settle();
    // Most answers come in one chunk: read as it is, not copied into a new buffer first.
    const { chunks } = this;
    this.resolve({
      status: this.status,
      text: (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8'),
    });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.settle();
    this.reject(error);
  }

  private settle(): void {
    clearTimeout(this.timer);
    this.unfollow?.();
  }
}

/** An answer larger than the client reads: refused, the connection dropped. */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`larger than ${limit} bytes`);
  }
}
