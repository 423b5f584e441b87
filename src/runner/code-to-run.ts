import { scanLine } from '../api/text/scan-line';

/**
 * What Run Selection sends: the selection, or, when nothing is selected, the whole statement under
 * the cursor (a multi-line call, a block with its body), dedented, with the line it starts on.
 */
export interface CodeToRun {
  code: string;
  /** 1-based line of the first line sent, so errors name the script's own lines. */
  line: number;
  /** 0-based last line sent: where the cursor goes next. */
  endLine: number;
}

/** Where the editor's selection is (0-based lines), or the cursor's line when it is empty. */
export interface EditorSelection {
  empty: boolean;
  activeLine: number;
  startLine: number;
  endLine: number;
  endCharacter: number;
}

/** The selected lines, or the statement under the cursor; a selection ending at column 0 leaves that line out. */
export function codeAtSelection(lines: string[], selection: EditorSelection, languageId: 'python' | 'lua'): CodeToRun {
  if (selection.empty) return statementAt(lines, selection.activeLine, languageId);
  const endLine =
    selection.endCharacter === 0 && selection.endLine > selection.startLine ? selection.endLine - 1 : selection.endLine;
  return selectedCode(lines, selection.startLine, endLine);
}

export function selectedCode(lines: string[], startLine: number, endLine: number): CodeToRun {
  return { code: dedent(lines.slice(startLine, endLine + 1)).join('\n'), line: startLine + 1, endLine };
}

/** The statement that the cursor's line starts or belongs to. */
export function statementAt(lines: string[], cursorLine: number, languageId: 'python' | 'lua'): CodeToRun {
  let start = cursorLine;
  // A line inside an open bracket belongs to the statement that opened it (none is open before the first).
  while (depthBefore(lines, start, languageId) > 0) start--;
  let end = start;
  let depth = bracketDelta(lines[start], languageId);
  let blocks = languageId === 'lua' ? luaBlockDelta(lines[start]) : 0;
  while (end + 1 < lines.length && (depth > 0 || blocks > 0)) {
    end++;
    depth += bracketDelta(lines[end], languageId);
    if (languageId === 'lua') blocks += luaBlockDelta(lines[end]);
  }
  if (languageId === 'python' && /:\s*(#.*)?$/.test(lines[end])) {
    // A compound statement: its body is everything indented deeper, and its else/elif/except parts.
    const indent = indentOf(lines[start]);
    for (let next = end + 1; next < lines.length; next++) {
      const text = lines[next];
      if (text.trim() === '') continue;
      const deeper = indentOf(text) > indent;
      const continues = indentOf(text) === indent && /^\s*(elif|else|except|finally|case)\b/.test(text);
      if (!deeper && !continues) break;
      end = next;
    }
  }
  // The scan ends at or after the cursor: a line inside brackets has more of them open before it
  // than closed, so the statement that opened them goes on at least to it.
  return selectedCode(lines, start, end);
}

export function dedent(lines: string[]): string[] {
  // With no line of text, the least is Infinity: each (blank) line loses all its indentation.
  const common = Math.min(...lines.filter((l) => l.trim() !== '').map(indentOf));
  return lines.map((l) => l.slice(Math.min(common, indentOf(l))));
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Open minus closed brackets on a line, outside strings and comments (line by line). */
function bracketDelta(line: string, languageId: 'python' | 'lua'): number {
  let delta = 0;
  scanLine(line, languageId, (c) => {
    if ('([{'.includes(c)) delta++;
    else if (')]}'.includes(c)) delta--;
  });
  return delta;
}

function depthBefore(lines: string[], line: number, languageId: 'python' | 'lua'): number {
  let depth = 0;
  for (let i = Math.max(0, line - 50); i < line; i++) depth = Math.max(0, depth + bracketDelta(lines[i], languageId));
  return depth;
}

function luaBlockDelta(line: string): number {
  const code = line.replace(/--.*$/, '').replace(/"([^"\\]|\\.)*"|'([^'\\]|\\.)*'/g, '""');
  const opens = (code.match(/\b(function|do|then|repeat)\b/g) ?? []).length;
  const elseifs = (code.match(/\belseif\b/g) ?? []).length;
  const closes = (code.match(/\b(end|until)\b/g) ?? []).length;
  return opens - elseifs - closes;
}
