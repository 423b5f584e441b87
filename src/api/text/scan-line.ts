/**
 * Reads one line of Python or Lua the way a quick check needs: each character of code (outside
 * strings), where a line comment starts, and whether the line ends inside an open quote.
 */
export function scanLine(
  line: string,
  languageId: 'python' | 'lua',
  onCode?: (char: string) => void,
): { comment: boolean; openQuote: boolean } {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (languageId === 'python' ? c === '#' : c === '-' && line[i + 1] === '-')
      return { comment: true, openQuote: false };
    else onCode?.(c);
  }
  return { comment: false, openQuote: quote !== undefined };
}
