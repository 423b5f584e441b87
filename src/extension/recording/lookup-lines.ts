type Line = string | Line[];

/**
 * The look-up lines a recorded call needs before it. The call's objects are looked up at once and
 * answer in any order, yet the script must read the same every time and define each variable before
 * its use: each object's lines keep the place where the call named it, after the lines of the objects
 * it is found by (a segment's skeleton), and an object two others are found by is written once, at its
 * first place.
 */
export class LookupLines {
  private constructor(
    private readonly objects: Map<string, Line[]>,
    private readonly lines: Line[],
  ) {}

  /** The lines of one call. */
  static ofCall(): LookupLines {
    return new LookupLines(new Map(), []);
  }

  /** The place of the object `key`'s lines, here: what is added to it goes there, whenever it is added. */
  of(key: string): LookupLines {
    let lines = this.objects.get(key);
    if (!lines) {
      lines = [];
      this.objects.set(key, lines);
    }
    this.lines.push(lines);
    return new LookupLines(this.objects, lines);
  }

  add(line: string): void {
    this.lines.push(line);
  }

  /** Every line, in place order; an object's at the first of its places. */
  inOrder(): string[] {
    const written = new Set<Line[]>();
    const walk = (lines: Line[]): string[] => {
      if (written.has(lines)) return [];
      written.add(lines);
      return lines.flatMap((line) => (typeof line === 'string' ? [line] : walk(line)));
    };
    return walk(this.lines);
  }
}
