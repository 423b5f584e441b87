import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEFAULT_URL, applicationUrlProblem, normalApplicationUrl } from '../../api/client/application-url';
import { DocumentationCache } from '../../api/docs/documentation-cache';
import { loadDocumentation } from '../../api/docs/load-documentation';
import { methodMarkdown, moduleMarkdown, packageMarkdown } from '../../api/docs/markdown';
import type { MotionConnection } from './motion-connection';

const RECENT_KEY = 'motion.recentServers';
const RECENT_LIMIT = 8;
const DOCS_SCHEME = 'motion-docs';

/** Select Server (recently used applications) and Show Documentation. */
export function registerServerCommands(
  context: vscode.ExtensionContext,
  connection: MotionConnection,
): vscode.Disposable[] {
  const recent = () => context.globalState.get<string[]>(RECENT_KEY, []);
  const settings = vscode.workspace.getConfiguration('motion');
  const docs = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.Uri>();
  return [
    changed,
    vscode.workspace.registerTextDocumentContentProvider(DOCS_SCHEME, {
      onDidChange: changed.event,
      provideTextDocumentContent: (uri) => docs.get(uri.toString()) ?? '',
    }),
    connection.onDidChange((state) => {
      if (state.kind !== 'connected' || state.embedded) return;
      void context.globalState.update(
        RECENT_KEY,
        [state.url, ...recent().filter((u) => u !== state.url)].slice(0, RECENT_LIMIT),
      );
    }),
    vscode.commands.registerCommand('motion.selectServer', async (url?: string) => {
      let chosen = url;
      if (!chosen) {
        const items = [
          ...recent().map((u) => ({
            label: u,
            description: u === connection.state.url ? 'current' : undefined,
            value: u,
          })),
          { label: '$(server-process) The embedded reference server', value: 'embedded' },
          { label: '$(edit) Another URL…', value: 'other' },
        ];
        chosen = (await vscode.window.showQuickPick(items, { placeHolder: 'Connect to which application?' }))?.value;
        if (chosen === 'other') {
          chosen = await vscode.window.showInputBox({
            prompt: 'URL of the application’s scripting interface',
            value: DEFAULT_URL,
            validateInput: applicationUrlProblem,
          });
        }
      }
      if (!chosen) return undefined;
      if (chosen === 'embedded') await settings.update('server.embedded', 'always', vscode.ConfigurationTarget.Global);
      else {
        const problem = applicationUrlProblem(chosen);
        if (problem) throw new Error(`not an http:// URL: ${chosen}. ${problem}`);
        await settings.update('server.url', normalApplicationUrl(chosen), vscode.ConfigurationTarget.Global);
        if (vscode.workspace.getConfiguration('motion').get('server.embedded') === 'always')
          await settings.update('server.embedded', 'auto', vscode.ConfigurationTarget.Global);
      }
      return connection.connect();
    }),
    vscode.commands.registerCommand('motion.showDocumentation', async (pathArgument?: string) => {
      const cache = new DocumentationCache(path.join(context.globalStorageUri.fsPath, 'documentation'));
      const index = await loadDocumentation(connection.client(), { cache });
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
      const found = index.resolve(chosen);
      const markdown =
        chosen === index.packageName
          ? packageMarkdown(index.documentation)
          : found?.kind === 'method'
            ? methodMarkdown(found.method.module.path, found.method.method)
            : found?.kind === 'module'
              ? [
                  moduleMarkdown(found.module),
                  ...found.module.methods.map((m) => methodMarkdown(found.module.path, m)),
                ].join('\n\n')
              : undefined;
      if (!markdown) throw new Error(`no module or method ${chosen} in the documentation`);
      // A read-only document of its own scheme: previewed, never dirty, never asks to be saved, not restored as a stray file.
      const uri = vscode.Uri.from({ scheme: DOCS_SCHEME, path: `/${chosen}.md` });
      docs.set(uri.toString(), markdown);
      changed.fire(uri);
      await vscode.commands.executeCommand('markdown.showPreview', uri);
      return markdown;
    }),
  ];
}
