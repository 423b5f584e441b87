import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';

/**
 * Sets one key in a folder's `.vscode/settings.json`, keeping its comments and layout (jsonc-parser,
 * as VS Code edits it). Written as a file, not through VS Code's configuration API: that refuses
 * keys of extensions not installed (python.analysis.* without Pylance), and the setting is for
 * whichever Python extension comes.
 */
export async function setFolderSetting(settingsFile: string, key: string, value: unknown): Promise<void> {
  let text: string;
  try {
    text = await readFile(settingsFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    text = '{}';
  }
  const errors: ParseError[] = [];
  const settings: unknown = parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || typeof settings !== 'object' || settings === null || Array.isArray(settings))
    throw new Error(`${settingsFile} is not a JSON object: fix it, or set ${key} by hand`);
  const edits = modify(text, [key], value, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } });
  await mkdir(dirname(settingsFile), { recursive: true });
  await writeFile(settingsFile, applyEdits(text, edits));
}
