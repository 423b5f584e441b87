import { extname, isAbsolute, relative, resolve } from 'node:path';
import * as z from 'zod';
import type { ScriptLanguage } from '../../api/text/uses-motion';
import type { AssistantContext } from './assistant-context';
import { ToolRefusal } from './tool-answer';

/** The fields every tool that takes a script has: a file, or code with its language. */
export const SCRIPT_FIELDS = {
  path: z
    .string()
    .min(1)
    .optional()
    .describe('The script file (.py or .lua), relative to the workspace folder or absolute. Give this or code.'),
  code: z
    .string()
    .optional()
    .describe('The script itself, when it is not in a file. Give this or path; with code, give language.'),
  language: z.enum(['python', 'lua']).optional().describe('The language of code (a path says it by its extension).'),
};

interface ScriptToRun {
  /** The absolute path (for given code, a name in the folder: tracebacks name it). */
  path: string;
  code: string;
  language: ScriptLanguage;
  /** How the answers name it. */
  label: string;
  fromFile: boolean;
}

const LANGUAGES: Record<string, ScriptLanguage> = { '.py': 'python', '.lua': 'lua' };

/** The script a tool was given, read (the editor's text where it is open), or a refusal naming what is wrong. */
export async function scriptToRun(
  input: { path?: string; code?: string; language?: ScriptLanguage },
  ctx: AssistantContext,
): Promise<ScriptToRun> {
  if (input.path !== undefined && input.code !== undefined)
    throw new ToolRefusal('Give either path or code, not both.');
  if (input.path === undefined) {
    if (input.code === undefined)
      throw new ToolRefusal('Give the script: path (a .py or .lua file) or code (with language).');
    if (input.language === undefined)
      throw new ToolRefusal('Give language ("python" or "lua") with code: it cannot be told from code alone.');
    const name = `assistant-script${input.language === 'lua' ? '.lua' : '.py'}`;
    return {
      path: resolve(ctx.folder, name),
      code: input.code,
      language: input.language,
      label: 'the given code',
      fromFile: false,
    };
  }
  const path = isAbsolute(input.path) ? input.path : resolve(ctx.folder, input.path);
  const language = LANGUAGES[extname(path).toLowerCase()];
  if (!language) throw new ToolRefusal(`${input.path} is not a Python (.py) or Lua (.lua) script.`);
  if (input.language !== undefined && input.language !== language)
    throw new ToolRefusal(
      `${input.path} is a ${language === 'python' ? 'Python' : 'Lua'} script, but language says ${input.language}.`,
    );
  let code: string;
  try {
    code = await ctx.readScript(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    // Node says ENOENT, VS Code's file system FileNotFound.
    const why = code === 'ENOENT' || code === 'FileNotFound' ? 'there is no such file' : code;
    throw new ToolRefusal(`Cannot read ${input.path}: ${why} (paths are relative to ${ctx.folder}).`);
  }
  return { path, code, language, label: relative(ctx.folder, path) || path, fromFile: true };
}
