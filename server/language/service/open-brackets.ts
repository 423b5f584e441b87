import { MAX_LITERAL_DEPTH } from './script-model';

/**
 * Code as it is while being typed: a string, call or bracket not closed yet before the cursor.
 * The parser sees an error there, so the trees cannot say which call or string the cursor is in;
 * the text can. Read from a few lines back up to the cursor, skipping strings and comments.
 */

/** A bracket opened before the cursor and not closed before it. */
interface OpenBracket {
  char: '(' | '[' | '{';
  offset: number;
  /** Commas at this bracket's own level, before the cursor: the argument or element index. */
  commas: number;
  /** The item being typed at this level is past its `:` (a Python dictionary's value, not its key). */
  valued: boolean;
}

interface TypingState {
  /** Outermost first. */
  brackets: OpenBracket[];
  /** The quote the cursor is inside, if a string is open (its opening quote's offset and text). */
  quote?: { text: string; offset: number };
}

/** How far back the statement being typed may start. */
export const LINES_BACK = 50;

const CLOSER = { '(': ')', '[': ']', '{': '}' } as const;

export function typingState(text: string, offset: number, languageId: 'python' | 'lua'): TypingState {
  let from = text.lastIndexOf('\n', offset - 1) + 1;
  for (let lines = 0; lines < LINES_BACK && from > 0; lines++) from = text.lastIndexOf('\n', from - 2) + 1;
  const brackets: OpenBracket[] = [];
  let quote: TypingState['quote'];
  for (let i = from; i < offset; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote.text.length === 1) i++;
      else if (text.startsWith(quote.text, i)) {
        i += quote.text.length - 1;
        quote = undefined;
      } else if (c === '\n' && quote.text.length === 1) quote = undefined; // a short string ends with its line
      continue;
    }
    const opening = openingQuote(text, i, languageId);
    if (opening) {
      quote = { text: opening.close, offset: i };
      i += opening.open.length - 1;
    } else if (languageId === 'python' ? c === '#' : text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      if (end < 0 || end >= offset) return { brackets: [] }; // the cursor is in a comment
      i = end;
    } else if (c === '(' || c === '[' || c === '{') brackets.push({ char: c, offset: i, commas: 0, valued: false });
    else if (c === ')' || c === ']' || c === '}') {
      if (brackets.length > 0 && CLOSER[brackets[brackets.length - 1].char] === c) brackets.pop();
    } else if (c === ',' && brackets.length > 0) {
      brackets[brackets.length - 1].commas++;
      brackets[brackets.length - 1].valued = false;
    } else if (c === ':' && brackets.length > 0) brackets[brackets.length - 1].valued = true;
  }
  return quote ? { brackets, quote: { text: quote.text, offset: quote.offset } } : { brackets };
}

/** A string starting at `i`: its opening and the text that closes it. */
function openingQuote(
  text: string,
  i: number,
  languageId: 'python' | 'lua',
): { open: string; close: string } | undefined {
  const c = text[i];
  if (c === '"' || c === "'") {
    const triple = c.repeat(3);
    if (languageId === 'python' && text.startsWith(triple, i)) return { open: triple, close: triple };
    return { open: c, close: c };
  }
  // Lua long strings: [[ … ]], [==[ … ]==].
  if (languageId === 'lua' && c === '[') {
    const long = /^\[(=*)\[/.exec(text.slice(i, i + 12));
    if (long) return { open: long[0], close: `]${long[1]}]` };
  }
  return undefined;
}

/** Calls and literals around the cursor that a statement being typed may have open: a call's arguments are read MAX_LITERAL_DEPTH deep. */
const MAX_OPEN_BRACKETS = MAX_LITERAL_DEPTH + 8;

/**
 * The statement being typed, closed by hand: from its first line up to the cursor, then the open
 * quote's close and each open bracket's, innermost first. Parsed on its own, it holds the string
 * and call the cursor is in. Undefined when nothing is open (the trees already know).
 */
export function closedStatement(
  text: string,
  offset: number,
  languageId: 'python' | 'lua',
): { text: string; start: number; inString: boolean } | undefined {
  const state = typingState(text, offset, languageId);
  if (!state.quote && state.brackets.length === 0) return undefined;
  // Deeper than any argument is read: nothing to offer there, and tree-sitter's error recovery on
  // thousands of brackets closed by hand takes seconds to minutes.
  if (state.brackets.length > MAX_OPEN_BRACKETS) return undefined;
  const first = state.brackets[0]?.offset ?? state.quote!.offset;
  // From the first non-blank of its line: Python would read leading blanks as an indented block.
  let start = text.lastIndexOf('\n', first - 1) + 1;
  while (start < first && (text[start] === ' ' || text[start] === '\t')) start++;
  const closers = state.brackets
    .map((b) => CLOSER[b.char])
    .reverse()
    .join('');
  // A Python key being typed (`{"ty`): closed as a key with a value, not as a set's element.
  const innermost = state.brackets[state.brackets.length - 1];
  const value = languageId === 'python' && state.quote && innermost?.char === '{' && !innermost.valued ? ': None' : '';
  return {
    text: text.slice(start, offset) + (state.quote?.text ?? '') + value + closers,
    start,
    inString: state.quote !== undefined,
  };
}
