import type { Key } from './keys';

/**
 * The line being typed at a prompt, and the lines typed before it: the editing half of a
 * terminal's line discipline, with the keys of readline (arrows, Home/End, Ctrl+A/E/K/U/W, Alt+B/F,
 * word moves) and a history recalled with up and down. It knows nothing of prompts or screens.
 */
export class LineEditor {
  /** Code points, so that the cursor never stands inside a character. */
  private chars: string[] = [];
  /** Where the cursor is, in code points. */
  cursor = 0;
  private readonly history: string[] = [];
  /** The history entry shown, history.length while typing a new line. */
  private recalled = 0;
  /**
   * The line being typed before the history was recalled, given back by down past the newest
   * entry (kept when leaving the new line, so never stale).
   */
  private draft: string[] = [];

  constructor(private readonly historySize = 1000) {}

  get text(): string {
    return this.chars.join('');
  }

  /** What is before the cursor (what completion works on). */
  get beforeCursor(): string {
    return this.chars.slice(0, this.cursor).join('');
  }

  get length(): number {
    return this.chars.length;
  }

  /** Inserts text at the cursor. */
  insert(text: string): void {
    const added = [...text];
    this.chars.splice(this.cursor, 0, ...added);
    this.cursor += added.length;
  }

  /** Replaces the line, with the cursor at its end. */
  set(text: string): void {
    this.chars = [...text];
    this.cursor = this.chars.length;
  }

  /** Takes the line (for submitting), adds it to the history, and starts an empty one. */
  take(): string {
    const line = this.text;
    if (line.trim() && this.history[this.history.length - 1] !== line) {
      this.history.push(line);
      if (this.history.length > this.historySize) this.history.shift();
    }
    this.recalled = this.history.length;
    this.set('');
    return line;
  }

  /** Drops the line without remembering it (Ctrl+C). */
  clear(): void {
    this.recalled = this.history.length;
    this.set('');
  }

  /** Applies an editing key; keys that are not editing (enter, tab, Ctrl+C...) change nothing. */
  edit(key: Key): void {
    switch (key.kind) {
      case 'text':
        this.insert(key.text);
        return;
      case 'backspace':
        if (this.cursor > 0) this.chars.splice(--this.cursor, 1);
        return;
      case 'delete':
        this.chars.splice(this.cursor, 1);
        return;
      case 'left':
        this.cursor = Math.max(0, this.cursor - 1);
        return;
      case 'right':
        this.cursor = Math.min(this.chars.length, this.cursor + 1);
        return;
      case 'home':
        this.cursor = 0;
        return;
      case 'end':
        this.cursor = this.chars.length;
        return;
      case 'wordLeft':
        this.cursor = this.wordStartBefore(this.cursor);
        return;
      case 'wordRight':
        this.cursor = this.wordEndAfter(this.cursor);
        return;
      case 'deleteWordBefore': {
        const start = this.wordStartBefore(this.cursor);
        this.chars.splice(start, this.cursor - start);
        this.cursor = start;
        return;
      }
      case 'deleteWordAfter':
        this.chars.splice(this.cursor, this.wordEndAfter(this.cursor) - this.cursor);
        return;
      case 'deleteToEnd':
        this.chars.length = this.cursor;
        return;
      case 'deleteToStart':
        this.chars.splice(0, this.cursor);
        this.cursor = 0;
        return;
      case 'up':
        this.recall(-1);
        return;
      case 'down':
        this.recall(+1);
        return;
    }
  }

  private recall(step: -1 | 1): void {
    const to = this.recalled + step;
    if (to < 0 || to > this.history.length) return;
    if (this.recalled === this.history.length) this.draft = this.chars;
    this.recalled = to;
    this.chars = to === this.history.length ? this.draft : [...this.history[to]];
    this.cursor = this.chars.length;
  }

  /** Words as readline has them: runs of letters, digits and underscores. */
  private isWord(at: number): boolean {
    return /[\p{L}\p{N}_]/u.test(this.chars[at] ?? '');
  }

  private wordStartBefore(from: number): number {
    let at = from;
    while (at > 0 && !this.isWord(at - 1)) at--;
    while (at > 0 && this.isWord(at - 1)) at--;
    return at;
  }

  private wordEndAfter(from: number): number {
    let at = from;
    while (at < this.chars.length && !this.isWord(at)) at++;
    while (at < this.chars.length && this.isWord(at)) at++;
    return at;
  }
}
