/**
 * The newest part of a text that keeps growing (a terminal's transcript): at most about `limit`
 * characters are kept, trimmed in amortised linear time, and positions stay absolute so that "what
 * was written since this mark" still works after trimming.
 */
export class BoundedText {
  private kept = '';
  private dropped = 0;

  constructor(private readonly limit = 1024 * 1024) {}

  append(text: string): void {
    this.kept += text;
    // Trim only once twice the limit is reached: each character is copied a bounded number of times.
    if (this.kept.length > 2 * this.limit) {
      const cut = this.kept.length - this.limit;
      this.kept = this.kept.slice(cut);
      this.dropped += cut;
    }
  }

  /** The position after everything written so far. */
  mark(): number {
    return this.dropped + this.kept.length;
  }

  /** What was written since `mark`, as far as it is still kept. */
  since(mark: number): string {
    return this.kept.slice(Math.max(0, mark - this.dropped));
  }

  toString(): string {
    return this.kept;
  }

  clear(): void {
    this.dropped += this.kept.length;
    this.kept = '';
  }
}
