/** A large source still arriving is composed and drawn this often, not at every skeleton. */
const WHILE_LOADING_MS = 250;
/** About a frame: arrivals within it are composed once. */
const FRAME_MS = 16;

/**
 * When the scene is composed again after skeletons arrive: once per frame's worth of arrivals
 * (each newly drawn part is already painted), and while a large source is still arriving a few
 * times a second, since each drawing of a growing scene takes the time the next skeletons need.
 * The last arrival is composed within a frame: the whole scene is not kept waiting for the
 * loading pace.
 */
export class ComposeSchedule {
  private waiting: ReturnType<typeof setTimeout> | undefined;
  private due = 0;
  private last = -Infinity;

  constructor(
    private readonly compose: () => void,
    private readonly loading: () => boolean,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  soon(): void {
    const now = this.clock();
    const wait = this.loading() ? Math.max(FRAME_MS, this.last + WHILE_LOADING_MS - now) : FRAME_MS;
    if (this.waiting && this.due <= now + wait) return;
    clearTimeout(this.waiting);
    this.due = now + wait;
    this.waiting = setTimeout(() => this.now(), wait);
  }

  /** Composes now what waits (before reading the scene back). */
  flush(): void {
    if (this.waiting) this.now();
  }

  private now(): void {
    clearTimeout(this.waiting);
    this.waiting = undefined;
    this.last = this.clock();
    this.compose();
  }
}
