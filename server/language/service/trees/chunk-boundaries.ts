/**
 * Where a very long script can be cut into chunks that parse on their own: line starts at the top
 * level (outside brackets, strings, comments, Lua blocks and line continuations) that begin a new
 * statement. A light scanner finds them in one linear pass, so that a 200,000-line file never needs
 * one syntax tree for all of it (which costs hundreds of megabytes of WebAssembly memory).
 *
 * A cut in a wrong place costs accuracy in that spot only (a statement parsed in two halves), never
 * a failure: each chunk is parsed alone and error-tolerantly.
 */
export type ChunkLanguage = 'python' | 'lua';

interface ChunkScan {
  /** Start offsets of the chunks after the first; ascending. */
  starts: number[];
  /** The scan stopped at this offset because `stopAt` said so (a known boundary to resync with). */
  stoppedAt?: number;
}

/**
 * Scans `text` from `from` (which must be a chunk start) and returns the chunk starts after it:
 * top-level statement lines at least `minLines` lines after the previous start (see cutsAt).
 * `stopAt(offset)` is asked where a start would go; when it says yes the scan ends there: the
 * caller knows the starts from that point on (a start of the last scan, the text after it
 * unchanged). The scan is then in
 * the very state the last one was in there, so the starts are exactly those of a scan of the whole
 * text: the cut of a document depends on its text only, never on how it was edited.
 */
export function scanChunkStarts(
  text: string,
  language: ChunkLanguage,
  minLines: number,
  from = 0,
  stopAt?: (offset: number) => boolean,
): ChunkScan {
  return language === 'python' ? scanPython(text, minLines, from, stopAt) : scanLua(text, minLines, from, stopAt);
}

const isNameStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isNamePart = (c: number) => isNameStart(c) || (c >= 48 && c <= 57);
const NEWLINE = 10;
/** Lua's blanks (C's isspace): space, tab, line feed, vertical tab, form feed, carriage return. */
const isLuaBlank = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** The length of the line end at `at`: 1 for `\n`, 2 for `\r\n`, 0 if none is there. */
function lineEndAt(text: string, at: number): number {
  if (text.charCodeAt(at) === NEWLINE) return 1;
  return text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === NEWLINE ? 2 : 0;
}

/**
 * Whether a statement line at least `minLines` after the last cut is cut at. Large chunks are cut
 * only at lines whose text hashes to a mark, or once twice the minimum is reached: a cut then
 * depends on the line's own text, not on how far it is from the file's start, so a line added or
 * removed moves the cuts of a chunk or two instead of every chunk after it (whose texts, and the
 * results cached by them, then stay the same). Small chunks are cut at the first such line.
 */
function cutsAt(text: string, at: number, linesSinceStart: number, minLines: number): boolean {
  const spread = Math.floor(minLines / 32);
  if (spread <= 1 || linesSinceStart >= 2 * minLines) return true;
  let hash = 2166136261; // FNV-1a over the line
  for (let i = at; i < text.length && text.charCodeAt(i) !== NEWLINE; i++)
    hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return (hash >>> 0) % spread === 0;
}

function wordAt(text: string, at: number): string {
  let end = at;
  while (end < text.length && isNamePart(text.charCodeAt(end))) end++;
  return text.slice(at, end);
}

/** Python lines at column 0 that continue the statement before them. */
const PYTHON_CONTINUATIONS: ReadonlySet<string> = new Set(['else', 'elif', 'except', 'finally']);

function scanPython(text: string, minLines: number, from: number, stopAt?: (offset: number) => boolean): ChunkScan {
  const starts: number[] = [];
  let depth = 0;
  let linesSinceStart = 0;
  let continued = false;
  let afterDecorator = false;
  let i = from;
  let lineStart = true;
  while (i < text.length) {
    if (lineStart) {
      lineStart = false;
      const c = text.charCodeAt(i);
      if (
        depth === 0 &&
        !continued &&
        i > from &&
        (isNameStart(c) || c === 64) &&
        !PYTHON_CONTINUATIONS.has(wordAt(text, i)) &&
        !afterDecorator
      ) {
        if (linesSinceStart >= minLines && cutsAt(text, i, linesSinceStart, minLines)) {
          if (stopAt?.(i)) return { starts, stoppedAt: i };
          starts.push(i);
          linesSinceStart = 0;
        }
      }
      if (depth === 0 && !continued && c !== 32 && c !== 9 && c !== NEWLINE && c !== 35 && c !== 13)
        afterDecorator = c === 64;
      continued = false;
    }
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      linesSinceStart++;
      lineStart = true;
      i++;
    } else if (c === 35) {
      while (i < text.length && text.charCodeAt(i) !== NEWLINE) i++;
    } else if (c === 34 || c === 39) {
      i = skipPythonString(text, i, () => linesSinceStart++);
    } else if (c === 92) {
      // A backslash before the line end joins the next line to this statement.
      const lineEnd = lineEndAt(text, i + 1);
      if (lineEnd) {
        i += 1 + lineEnd;
        linesSinceStart++;
        lineStart = true;
        continued = true;
        continue;
      }
      i++;
    } else {
      if (c === 40 || c === 91 || c === 123) depth++;
      else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
      i++;
    }
  }
  return { starts };
}

/** Past the end of the string starting at `at` (a quote): triple-quoted, or ending at its quote or the line end. */
function skipPythonString(text: string, at: number, onNewline: () => void): number {
  const quote = text.charCodeAt(at);
  const triple = text.charCodeAt(at + 1) === quote && text.charCodeAt(at + 2) === quote;
  let i = at + (triple ? 3 : 1);
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 92) {
      // A backslash escapes the line end after it, a Windows one (two characters) too.
      const lineEnd = lineEndAt(text, i + 1);
      if (lineEnd) onNewline();
      i += 1 + Math.max(lineEnd, 1);
    } else if (c === quote && (!triple || (text.charCodeAt(i + 1) === quote && text.charCodeAt(i + 2) === quote))) {
      return i + (triple ? 3 : 1);
    } else if (c === NEWLINE) {
      if (!triple) return i;
      onNewline();
      i++;
    } else i++;
  }
  return i;
}

function scanLua(text: string, minLines: number, from: number, stopAt?: (offset: number) => boolean): ChunkScan {
  // Built per scan (see scanPython).
  const LUA_OPENERS = new Set(['function', 'do', 'if', 'repeat']);
  const LUA_CLOSERS = new Set(['end', 'until']);
  /** Words after which a Lua statement goes on to the next line. */
  const LUA_CONTINUING_WORDS = new Set(['and', 'or', 'not', 'local', 'return', 'in', 'goto']);
  /** Words that continue, at the start of a line, the expression of the line before. */
  const LUA_CONTINUING_STARTS = new Set(['and', 'or']);
  const starts: number[] = [];
  let brackets = 0;
  let blocks = 0;
  let linesSinceStart = 0;
  // Whether the last token so far leaves the statement open (an operator, a comma, `local`...).
  let open = false;
  let i = from;
  let lineStart = true;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (lineStart) {
      lineStart = false;
      if (
        brackets === 0 &&
        blocks === 0 &&
        !open &&
        i > from &&
        isNameStart(c) &&
        !LUA_CONTINUING_STARTS.has(wordAt(text, i))
      ) {
        if (linesSinceStart >= minLines && cutsAt(text, i, linesSinceStart, minLines)) {
          if (stopAt?.(i)) return { starts, stoppedAt: i };
          starts.push(i);
          linesSinceStart = 0;
        }
      }
    }
    if (c === NEWLINE) {
      linesSinceStart++;
      lineStart = true;
      i++;
    } else if (c === 45 && text.charCodeAt(i + 1) === 45) {
      const long = longBracketLevel(text, i + 2);
      if (long >= 0) i = skipLongBracket(text, i + 2, long, () => linesSinceStart++);
      else while (i < text.length && text.charCodeAt(i) !== NEWLINE) i++;
    } else if (c === 34 || c === 39) {
      i = skipLuaString(text, i, () => linesSinceStart++);
      open = false;
    } else if (c === 91 && longBracketLevel(text, i) >= 0) {
      i = skipLongBracket(text, i, longBracketLevel(text, i), () => linesSinceStart++);
      open = false;
    } else if (c === 58 && text.charCodeAt(i + 1) === 58) {
      i += 2; // a label's `::`, which leaves nothing open (a method's `:` does)
      open = false;
    } else if (isNameStart(c)) {
      const word = wordAt(text, i);
      if (LUA_OPENERS.has(word)) blocks++;
      else if (LUA_CLOSERS.has(word) && blocks > 0) blocks--;
      open = LUA_CONTINUING_WORDS.has(word);
      i += word.length;
    } else {
      if (c === 40 || c === 91 || c === 123) brackets++;
      else if ((c === 41 || c === 93 || c === 125) && brackets > 0) brackets--;
      if (c !== 32 && c !== 9 && c !== 13) open = !isNamePart(c) && c !== 41 && c !== 93 && c !== 125 && c !== 59;
      i++;
    }
  }
  return { starts };
}

/** The level of a long bracket `[==[` starting at `at`, or -1. */
function longBracketLevel(text: string, at: number): number {
  if (text.charCodeAt(at) !== 91) return -1;
  let level = 0;
  while (text.charCodeAt(at + 1 + level) === 61) level++;
  return text.charCodeAt(at + 1 + level) === 91 ? level : -1;
}

function skipLongBracket(text: string, at: number, level: number, onNewline: () => void): number {
  const close = `]${'='.repeat(level)}]`;
  let i = at + level + 2;
  while (i < text.length) {
    if (text.charCodeAt(i) === NEWLINE) onNewline();
    else if (text.startsWith(close, i)) return i + close.length;
    i++;
  }
  return i;
}

function skipLuaString(text: string, at: number, onNewline: () => void): number {
  const quote = text.charCodeAt(at);
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 92 && text.charCodeAt(i + 1) === 122) {
      // `\z` skips the blanks after it, line ends included: the string goes on past them.
      for (i += 2; isLuaBlank(text.charCodeAt(i)); i++) if (text.charCodeAt(i) === NEWLINE) onNewline();
    } else if (c === 92) {
      // A backslash escapes the line end after it, a Windows one (two characters) too.
      const lineEnd = lineEndAt(text, i + 1);
      if (lineEnd) onNewline();
      i += 1 + Math.max(lineEnd, 1);
    } else if (c === quote) return i + 1;
    else if (c === NEWLINE) return i;
    else i++;
  }
  return i;
}
