import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentationIndex } from '../../api/docs/documentation-index';
import { loadDocumentation } from '../../api/docs/load-documentation';
import type { AssistantContext, ScriptProblem } from '../../runner/assistant/assistant-context';
import { scriptProblem } from '../../runner/assistant/script-problem';
import { applyRehearsed } from '../../runner/assistant/apply-rehearsed';
import { readyToApply, Rehearsals } from '../../runner/assistant/rehearsals';
import { createMotionLanguageService } from '../../../server/language/service/language-service';
import { loadScriptParsers } from '../../../server/language/service/script-parsers';
import { clientFor, documentationCache, type GlobalOptions } from '../cli-context';
import { readUserText } from '../../api/files/user-text';

/** How long one reading of the documentation serves the tools: a conversation's calls come in bursts. */
const DOCUMENTATION_FRESH_MS = 10_000;

/**
 * The assistant tools' context in plain Node (`motion mcp`): scripts read from disk, checked by
 * the language service in-process (as `motion check`), the application at --url, and apply only
 * when the user allowed it.
 */
export function cliAssistantContext(
  options: GlobalOptions,
  { folder, python, allowApply }: { folder: string; python?: string; allowApply: boolean },
): AssistantContext & { close(): Promise<void> } {
  const client = clientFor(options);
  const cache = documentationCache();
  let documentation: { index: Promise<DocumentationIndex>; at: number } | undefined;
  const current = (): Promise<DocumentationIndex> => {
    if (!documentation || Date.now() - documentation.at > DOCUMENTATION_FRESH_MS)
      documentation = { index: loadDocumentation(client, { cache }), at: Date.now() };
    return documentation.index;
  };
  let parsers: ReturnType<typeof loadScriptParsers> | undefined;
  const readScript = (path: string) => readUserText(path);
  const rehearsals = new Rehearsals();
  const ctx: AssistantContext & { close(): Promise<void> } = {
    client: () => client,
    documentation: current,
    folder,
    readScript,
    serverScript: join(__dirname, 'motion-server.js'),
    python: async () => python,
    rehearsals,
    async check(text, language, path, targets): Promise<ScriptProblem[]> {
      const index = await current();
      const service = createMotionLanguageService({
        parsers: await (parsers ??= loadScriptParsers()),
        documentation: () => index,
      });
      return service
        .checkText(pathToFileURL(path).href, language, text, targets ? { text: targets, from: 'option' } : undefined)
        .map(scriptProblem);
    },
    close: () => client.close(),
  };
  if (allowApply)
    ctx.apply = async (id) => {
      const { rehearsal, now } = await readyToApply(rehearsals, id, client, readScript);
      const interpreter = rehearsal.script.language === 'python' ? python : undefined;
      return (await applyRehearsed(rehearsal, client, interpreter, now)).answer;
    };
  return ctx;
}
