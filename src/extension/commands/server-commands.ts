import * as vscode from 'vscode';
import { DEFAULT_URL, applicationUrlProblem } from '../../api/client/application-url';
import { DOCUMENTATION_SCHEME } from '../../api/docs/documentation-uri';
import { documentationMarkdown } from '../connection/documentation-previews';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';

const RECENT_KEY = 'motion.recentServers';
const RECENT_LIMIT = 8;

/** Applications connected to recently, newest first (the embedded server is not one to pick from here). */
function recentServers(ctx: MotionContext): string[] {
  return ctx.extension.globalState.get<string[]>(RECENT_KEY, []);
}

/** Remembers each application connected to, for Select Server; documentation previews are read-only documents. */
export function startServerChoices(ctx: MotionContext): void {
  ctx.own(
    vscode.workspace.registerTextDocumentContentProvider(DOCUMENTATION_SCHEME, ctx.parts.documentationPreviews),
    ctx.parts.connection.onDidChange((state) => {
      if (state.kind !== 'connected' || state.embedded) return;
      void ctx.extension.globalState.update(
        RECENT_KEY,
        [state.url, ...recentServers(ctx).filter((u) => u !== state.url)].slice(0, RECENT_LIMIT),
      );
    }),
  );
}

/** Select Server (recently used applications) and Show Documentation. */
export const serverCommands: CommandTable = {
  /** `url`: connect there; 'embedded' or 'other' (ask for a URL) as the pick would. */
  'motion.selectServer': (ctx) => async (url?: string) => {
    const { connection, config } = ctx.parts;
    let chosen = url;
    if (!chosen) {
      const items = [
        ...recentServers(ctx).map((u) => ({
          label: u,
          description: u === connection.state.url ? 'current' : undefined,
          value: u,
        })),
        { label: '$(server-process) The embedded reference server', value: 'embedded' },
        { label: '$(edit) Another URL…', value: 'other' },
      ];
      chosen = (await vscode.window.showQuickPick(items, { placeHolder: 'Connect to which application?' }))?.value;
    }
    // Typed here, the URL is written where a machine-scoped setting belongs (the User or Remote settings).
    if (chosen === 'other') {
      chosen = await vscode.window.showInputBox({
        prompt: 'URL of the application’s scripting interface',
        value: DEFAULT_URL,
        validateInput: applicationUrlProblem,
      });
    }
    if (!chosen) return undefined;
    if (chosen === 'embedded') await config.useEmbedded('always');
    else {
      const problem = applicationUrlProblem(chosen);
      if (problem) throw new Error(`not an http:// URL: ${chosen}. ${problem}`);
      await config.useServerUrl(chosen);
    }
    return connection.reconnect();
  },
  'motion.showDocumentation': (ctx) => async (pathArgument?: string) => {
    const index = await ctx.parts.documentation();
    let chosen = pathArgument;
    if (!chosen) {
      const items = [
        { label: index.packageName, description: 'the package', value: index.packageName },
        ...index.modules().flatMap((m) => [
          { label: m.path, description: m.brief, value: m.path },
          ...m.methods.map((x) => ({
            label: `${m.path}.${x.name}`,
            description: x.brief,
            value: `${m.path}.${x.name}`,
          })),
        ]),
      ];
      chosen = (
        await vscode.window.showQuickPick(items, {
          placeHolder: `Documentation (${index.describeSource()})`,
          matchOnDescription: true,
        })
      )?.value;
    }
    if (!chosen) return undefined;
    const markdown = documentationMarkdown(index, chosen);
    if (!markdown) throw new Error(`no module or method ${chosen} in the documentation`);
    // A read-only document of its own scheme: previewed, never dirty, never asks to be saved, not restored as a stray file.
    const uri = ctx.parts.documentationPreviews.put(chosen, markdown);
    await vscode.commands.executeCommand('markdown.showPreview', uri);
    return markdown;
  },
};
