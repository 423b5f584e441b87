/**
 * After an edit, how long before a document is checked again: only long enough to take a burst of
 * changes (a paste, an undo, several cursors) as one. A check costs one small chunk's work (the
 * rest is cached), runs in the analysis worker, and is abandoned when a newer edit comes.
 */
const DIAGNOSTICS_DELAY_MS = 10;
/** After a longer pause, this thread's own tree (strings and comments for completion) catches up. */
const REFRESH_DELAY_MS = 400;

/**
 * When each open document is checked again: a short pause after an edit (the check runs in the
 * analysis worker), and after a longer one this thread's tree catches up. One timer of each kind
 * per document, reset by every edit.
 */
export class DiagnosticsScheduler {
  private readonly checks = new Map<string, NodeJS.Timeout>();
  private readonly refreshes = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly check: (uri: string) => void,
    private readonly refresh: (uri: string) => void,
  ) {}

  /** The document opened: check it at once, and refresh this thread's tree after a pause. */
  opened(uri: string): void {
    this.checkNow(uri);
    this.restart(this.refreshes, uri, REFRESH_DELAY_MS, this.refresh);
  }

  /** The document changed: check it after a moment, and refresh this thread's tree after a longer pause. */
  edited(uri: string): void {
    this.restart(this.checks, uri, DIAGNOSTICS_DELAY_MS, this.check);
    this.restart(this.refreshes, uri, REFRESH_DELAY_MS, this.refresh);
  }

  /** Checks the document now (the documentation changed), whatever was pending. */
  checkNow(uri: string): void {
    clearTimeout(this.checks.get(uri));
    this.checks.delete(uri);
    this.check(uri);
  }

  /** The document closed: nothing more for it. */
  forget(uri: string): void {
    for (const timers of [this.checks, this.refreshes]) {
      clearTimeout(timers.get(uri));
      timers.delete(uri);
    }
  }

  private restart(timers: Map<string, NodeJS.Timeout>, uri: string, ms: number, then: (uri: string) => void): void {
    clearTimeout(timers.get(uri));
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        then(uri);
      }, ms),
    );
  }
}
