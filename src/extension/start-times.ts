/**
 * How long Motion's start took, part by part, from the extension's activation: said once in the
 * log when every part has happened, for whoever wonders why a start was slow (and read by
 * bench:start). The log's own timestamps cannot say it: lines logged while the output channel is
 * being made are stamped when it is ready.
 */
export class StartTimes {
  private readonly times = new Map<string, number>();
  private said = false;

  /**
   * `activatedAt`: the activation's moment (performance.now()); `parts`: what must have happened
   * before the line is said, in the order it names them; `say`: where it goes.
   */
  constructor(
    private readonly activatedAt: number,
    private readonly parts: readonly string[],
    private readonly say: (line: string) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** `part` happened now (only its first time counts). */
  note(part: string): void {
    if (this.times.has(part) || !this.parts.includes(part)) return;
    this.times.set(part, this.now() - this.activatedAt);
    if (this.said || !this.parts.every((p) => this.times.has(p))) return;
    this.said = true;
    const each = this.parts.map((p) => `${p} ${Math.round(this.times.get(p)!)} ms`);
    this.say(`start: ${each.join(', ')} (from the activation)`);
  }
}

/** The parts of a start as the log names them, in a line StartTimes said: `[part, ms]`. */
export function startTimesOf(line: string): [string, number][] {
  const match = /start: (.*) \(from the activation\)$/.exec(line);
  if (!match) return [];
  return match[1].split(', ').map((each) => {
    const [, part, ms] = /^(.*) (\d+) ms$/.exec(each) ?? [];
    return [part, Number(ms)];
  });
}
