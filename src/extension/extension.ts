import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { DocumentationState } from '../../server/language/lsp/protocol';
import { affectsLanguageServer, readSettings } from './config';
import { reloadDocumentation, startLanguageClient } from './language-client';
import { registerRunCommands } from './run/run-commands';
import { ScriptRunner } from './run/script-runner';

let client: LanguageClient | undefined;

/** Wires the parts; every disposable goes to the context. */
/** What the extension offers other extensions and its tests. */
export interface MotionExtensionApi {
  /** The documentation the language server uses, once it has loaded one. */
  documentation(): DocumentationState | undefined;
  readonly onDidLoadDocumentation: vscode.Event<DocumentationState>;
}

export async function activate(context: vscode.ExtensionContext): Promise<MotionExtensionApi> {
  const log = vscode.window.createOutputChannel('Motion Scripting', { log: true });
  const loaded = new vscode.EventEmitter<DocumentationState>();
  context.subscriptions.push(log, loaded);
  let documentation: DocumentationState | undefined;

  client = await startLanguageClient(context, readSettings(), (state) => {
    documentation = state;
    log.info(`documentation ${state.description}, ${state.modules} modules`);
    loaded.fire(state);
  });
  context.subscriptions.push(client);

  const runner = new ScriptRunner(() => readSettings().serverUrl);
  context.subscriptions.push(runner, ...registerRunCommands(runner));

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (client && affectsLanguageServer(event)) void reloadDocumentation(client, readSettings().serverUrl);
      if (affectsLanguageServer(event) || event.affectsConfiguration('motion.python.path')) void runner.reset();
    }),
    vscode.commands.registerCommand('motion.reloadDocumentation', async () => {
      if (!client) return undefined;
      const state = await reloadDocumentation(client, readSettings().serverUrl);
      void vscode.window.showInformationMessage(`Motion documentation ${state.description}: ${state.modules} modules.`);
      return state;
    }),
  );
  return { documentation: () => documentation, onDidLoadDocumentation: loaded.event };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
