/**
 * The lines of a Lua script that hold code, where a breakpoint can stop: not blank, not only a
 * comment (also inside a --[[ ]] block). A breakpoint on another line moves to the next line that
 * holds code, as in other debuggers.
 */
export function codeLines(text: string): Set<number> {
  const lines = new Set<number>();
  let line = 1;
  let i = 0;
  const longBracket = (at: number) => /^\[(=*)\[/.exec(text.slice(at, at + 64));
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (text.startsWith('--', i)) {
      const long = longBracket(i + 2);
      if (long) {
        // A block comment: skip to its end, counting lines, marking none.
        const end = text.indexOf(`]${long[1]}]`, i + 2 + long[0].length);
        const stop = end < 0 ? text.length : end + long[1].length + 2;
        for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
        i = stop;
      } else {
        const end = text.indexOf('\n', i);
        i = end < 0 ? text.length : end;
      }
    } else if (c === '[' && longBracket(i)) {
      // A long string is code on the line where it starts.
      const long = longBracket(i)!;
      lines.add(line);
      const end = text.indexOf(`]${long[1]}]`, i + long[0].length);
      const stop = end < 0 ? text.length : end + long[1].length + 2;
      for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
      i = stop;
    } else if (c === '"' || c === "'") {
      lines.add(line);
      i++;
      while (i < text.length && text[i] !== c && text[i] !== '\n') {
        if (text[i] === '\\' && text[i + 1] === '\n') line++; // a backslash continues the string on the next line
        i += text[i] === '\\' ? 2 : 1;
      }
      // An unclosed string ends at its line's end, whose line break is counted as any other.
      if (text[i] === c) i++;
    } else {
      lines.add(line);
      i++;
    }
  }
  return lines;
}

/** Where a breakpoint asked for at `line` stops: that line or the next that holds code; none past the end. */
export function breakableLine(lines: Set<number>, line: number): number | undefined {
  const last = Math.max(0, ...lines);
  for (let l = line; l <= last; l++) if (lines.has(l)) return l;
  return undefined;
}
