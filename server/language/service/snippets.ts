import {
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type Position,
} from 'vscode-languageserver-types';
import pythonSnippets from '../../../snippets/python.json';
import luaSnippets from '../../../snippets/lua.json';

interface Snippet {
  prefix: string;
  description: string;
  body: string[];
}

const SNIPPETS: Record<'python' | 'lua', Record<string, Snippet>> = { python: pythonSnippets, lua: luaSnippets };

/**
 * Motion's snippets (`motion-skeletons`…), offered by the language server where a statement starts
 * and only there. Contributed to the editor as files, they were offered in every Python project,
 * Motion's or not, and wherever a word was typed: `import motion` and Enter inserted a whole loop.
 * `line`: the line's text before the cursor, which is not in a comment or a string.
 */
export function snippetItems(languageId: 'python' | 'lua', line: string, position: Position): CompletionItem[] {
  // The word being typed, dashes included (the prefixes have them), alone on its line so far.
  const statement = /^\s*([A-Za-z][\w-]*)?$/.exec(line);
  if (!statement) return [];
  const typed = statement[1] ?? '';
  const range = { start: { line: position.line, character: position.character - typed.length }, end: position };
  return Object.entries(SNIPPETS[languageId]).map(([name, snippet]) => ({
    label: snippet.prefix,
    kind: CompletionItemKind.Snippet,
    detail: name,
    documentation: {
      kind: MarkupKind.Markdown,
      value: `${snippet.description}\n\n\`\`\`${languageId}\n${asInserted(snippet.body)}\n\`\`\``,
    },
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: snippet.body.join('\n') },
    filterText: snippet.prefix,
    // After the names of the code itself, whoever offers those.
    sortText: `~${snippet.prefix}`,
  }));
}

/** A snippet's text as inserted when every placeholder keeps its default (a choice's first). */
function asInserted(body: string[]): string {
  const text = body.join('\n');
  const defaults = new Map<string, string>();
  for (const [, stop, value] of text.matchAll(/\$\{(\d+)[:|]([^,|}]*)/g))
    if (!defaults.has(stop)) defaults.set(stop, value);
  return text
    .replace(/\$\{(\d+)\|[^}]*\}/g, (_, stop: string) => defaults.get(stop) ?? '')
    .replace(/\$\{(\d+):([^}]*)\}/g, '$2')
    .replace(/\$(\d+)/g, (_, stop: string) => defaults.get(stop) ?? '');
}
