import { identifyApplication, type ApplicationIdentity } from '../../api/client/identify-application';

export type MotionIdentity = Extract<ApplicationIdentity, { kind: 'motion' }>;

/**
 * Delays between looks at the application's URL while the embedded server stands in for it: soon
 * at first (an application being started), then every 10 s. A look at a port where nothing
 * listens is one refused connection; one where something slow listens waits for it, never two at once.
 */
const LOOK_DELAYS_MS = [1_000, 2_000, 3_000, 5_000, 10_000];

/** How long a look waits for an answer: an application busy starting, or on another machine, answers slowly. */
const LOOK_TIMEOUT_MS = 5_000;

interface WatcherOptions {
  delaysMs?: readonly number[];
  lookTimeoutMs?: number;
  /** What answers at a URL (identifyApplication; a test may count the looks). */
  identify?: (url: string, timeoutMs: number) => Promise<ApplicationIdentity>;
}

/**
 * Watches the application's URL while something else stands in for it, and says once when a
 * motion application answers there. One look at a time, with back-off; watching another URL, or
 * stopping, forgets the looks under way. No `vscode` import.
 */
export class ApplicationWatcher {
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;
  private url: string | undefined;
  private readonly delays: readonly number[];
  private readonly lookTimeoutMs: number;
  private readonly identify: (url: string, timeoutMs: number) => Promise<ApplicationIdentity>;

  constructor(
    private readonly onAppeared: (url: string, identity: MotionIdentity) => void,
    options: WatcherOptions = {},
  ) {
    this.delays = options.delaysMs ?? LOOK_DELAYS_MS;
    this.lookTimeoutMs = options.lookTimeoutMs ?? LOOK_TIMEOUT_MS;
    this.identify = options.identify ?? identifyApplication;
  }

  /** The URL watched now, if any. */
  get watching(): string | undefined {
    return this.url;
  }

  /** Watches `url` (instead of any other): the first look after the first delay. */
  watch(url: string): void {
    this.stop();
    this.url = url;
    this.schedule(this.generation, 0);
  }

  stop(): void {
    this.generation++;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.url = undefined;
  }

  private schedule(generation: number, attempt: number): void {
    const delay = this.delays[Math.min(attempt, this.delays.length - 1)];
    this.timer = setTimeout(() => void this.look(generation, attempt), delay);
    // A watch never keeps a process alive by itself (the CLI, a test).
    this.timer.unref();
  }

  private async look(generation: number, attempt: number): Promise<void> {
    const url = this.url;
    if (url === undefined || generation !== this.generation) return;
    const identity = await this.identify(url, this.lookTimeoutMs).catch(() => undefined);
    if (generation !== this.generation) return;
    if (identity?.kind === 'motion') {
      this.stop();
      this.onAppeared(url, identity);
      return;
    }
    this.schedule(generation, attempt + 1);
  }
}
