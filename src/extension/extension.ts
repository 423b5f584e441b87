import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { DocumentationState } from '../../server/language/lsp/protocol';
import { affectsLanguageServer, readSettings } from './config';
import { reloadDocumentation, startLanguageClient } from './language-client';

let client: LanguageClient | undefined;

/** Wires the parts; every disposable goes to the context. */
export async function activate(context: vscode.ExtensionContext): Promise<{ documentation: () => DocumentationState | undefined; languageClient: () => LanguageClient | undefined }> {
  const log = vscode.window.createOutputChannel('Motion Scripting', { log: true });
  context.subscriptions.push(log);
  let documentation: DocumentationState | undefined;

  client = await startLanguageClient(context, readSettings(), (state) => {
    documentation = state;
    log.info(`documentation ${state.description}, ${state.modules} modules`);
  });
  context.subscriptions.push(client);

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (client && affectsLanguageServer(event)) void reloadDocumentation(client, readSettings().serverUrl);
    }),
    vscode.commands.registerCommand('motion.reloadDocumentation', async () => {
      if (!client) return undefined;
      const state = await reloadDocumentation(client, readSettings().serverUrl);
      void vscode.window.showInformationMessage(`Motion documentation ${state.description}: ${state.modules} modules.`);
      return state;
    }),
  );
  return { documentation: () => documentation, languageClient: () => client };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
