/**
 * A Python session's output without the markers that end each run's output on a stream
 * (`\0motion-done:<token>:<run>\0\n`, written by motion_session.py). Chunks may cut a marker
 * anywhere; only a short tail that may be the start of one is held back for the next chunk, so
 * output of any size (NUL bytes included) passes in linear time.
 */
export class DoneMarkers {
  private held = '';
  private readonly marker: string;
  private readonly complete: RegExp;

  /** The session's secret token: output that merely looks like a marker is passed on as output. */
  constructor(token: string) {
    this.marker = `\x00motion-done:${token}:`;
    this.complete = new RegExp(`\\x00motion-done:${token}:(\\d+)\\x00\\n`, 'g');
  }

  /** The output of a chunk, and the runs whose output ended in it. */
  take(text: string): { output: string; done: number[] } {
    const buffer = this.held + text;
    const done: number[] = [];
    let last = 0;
    let output = '';
    for (const match of buffer.matchAll(this.complete)) {
      output += buffer.slice(last, match.index);
      last = match.index + match[0].length;
      done.push(Number(match[1]));
    }
    const rest = buffer.slice(last);
    // A marker is shorter than HOLD: a NUL further back cannot start one that is still to come.
    let start = rest.indexOf('\x00', Math.max(0, rest.length - HOLD));
    while (start >= 0 && !this.mayStart(rest.slice(start))) start = rest.indexOf('\x00', start + 1);
    this.held = start >= 0 ? rest.slice(start) : '';
    output += start >= 0 ? rest.slice(0, start) : rest;
    return { output, done };
  }

  /** Whether `tail` may be the beginning of a marker (cut by a chunk boundary). */
  private mayStart(tail: string): boolean {
    if (tail.length <= this.marker.length) return this.marker.startsWith(tail);
    // eslint-disable-next-line no-control-regex -- the marker is framed by NUL characters
    return tail.startsWith(this.marker) && /^\d*\x00?$/.test(tail.slice(this.marker.length));
  }
}

/** The longest tail that may be the start of a marker (1 + 12 + 32 + 1 + a run number + 2). */
const HOLD = 80;
