import { install } from '@sinonjs/fake-timers';

type InstalledClock = ReturnType<typeof install>;

/**
 * Runs `use` with the product's own waits (setTimeout and clearTimeout) on a clock the test moves,
 * so that a test of a 15 s limit asks for the limit to the millisecond without waiting 15 s.
 * Everything else runs for real: processes, I/O, setImmediate, Date. Mocha keeps its own timers;
 * a timer set before the clock (a start's limit, cleared by an exit meanwhile) is cleared for real.
 */
export async function withFakeClock<T>(
  use: (clock: InstalledClock) => Promise<T>,
  /** What the clock stands in for: the product's waits, or `['performance']` for its own sense of time. */
  toFake: ('setTimeout' | 'clearTimeout' | 'performance')[] = ['setTimeout', 'clearTimeout'],
): Promise<T> {
  const clock = install({ toFake, shouldClearNativeTimers: true });
  try {
    return await use(clock);
  } finally {
    clock.uninstall();
  }
}

/** Resolves once the code under test, running for real meanwhile, has set `count` timers on the clock. */
export async function timersSet(clock: InstalledClock, count = 1, withinMs = 10_000): Promise<void> {
  const deadline = performance.now() + withinMs;
  while (clock.countTimers() < count) {
    if (performance.now() > deadline) throw new Error(`no ${count} timer(s) set within ${withinMs} ms`);
    await new Promise((turn) => setImmediate(turn));
  }
}
