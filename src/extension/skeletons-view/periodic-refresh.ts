import type * as vscode from 'vscode';

/**
 * The views refreshed every motion.explorer.autoRefreshSeconds while an application is connected:
 * the interface has no change events.
 */
export class PeriodicRefresh implements vscode.Disposable {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly seconds: () => number,
    private readonly refresh: () => void,
  ) {}

  /** (Re)starts it at the configured rate (0: off). */
  restart(): void {
    this.stop();
    const seconds = this.seconds();
    if (seconds > 0) this.timer = setInterval(this.refresh, seconds * 1000);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.stop();
  }
}
