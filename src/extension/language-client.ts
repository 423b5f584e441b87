import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import {
  DocumentationLoadedNotification,
  ReloadDocumentationRequest,
  type DocumentationState,
  type InitializationOptions,
} from '../../server/language/lsp/protocol';
import type { MotionSettings } from './config';

/** Starts the bundled language server (dist/language-server.js) for Python and Lua files. */
export async function startLanguageClient(
  context: vscode.ExtensionContext,
  settings: MotionSettings,
  onDocumentation: (state: DocumentationState) => void,
): Promise<LanguageClient> {
  const module = context.asAbsolutePath(path.join('dist', 'language-server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const initializationOptions: InitializationOptions = {
    serverUrl: settings.serverUrl,
    cacheDir: path.join(context.globalStorageUri.fsPath, 'documentation'),
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'python' },
      { scheme: 'file', language: 'lua' },
      { scheme: 'untitled', language: 'python' },
      { scheme: 'untitled', language: 'lua' },
    ],
    initializationOptions,
  };
  const client = new LanguageClient('motion', 'Motion Scripting', serverOptions, clientOptions);
  client.onNotification(DocumentationLoadedNotification, onDocumentation);
  await client.start();
  return client;
}

export function reloadDocumentation(client: LanguageClient, serverUrl?: string): Promise<DocumentationState> {
  return client.sendRequest(ReloadDocumentationRequest, { serverUrl });
}
