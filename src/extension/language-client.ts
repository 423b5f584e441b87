import type { ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CompletionRequest,
  CompletionResolveRequest,
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { DocumentationIndex } from '../api/docs/documentation-index';
import {
  DocumentationLoadedNotification,
  DocumentationRequest,
  ReloadDocumentationRequest,
  VisibleRangesNotification,
  type DocumentationState,
  type InitializationOptions,
} from '../../server/language/lsp/protocol';
import { MOTION_SCRIPTS, type LanguageServerCompletion } from './workspace/script-completion';

/** Where the extension keeps each application's documentation: its own global storage. */
function documentationCacheDir(extension: vscode.ExtensionContext): string {
  return path.join(extension.globalStorageUri.fsPath, 'documentation');
}

/** The language client, and its start: the bundled language server's process and handshake. */
interface StartingLanguageClient {
  client: LanguageClient;
  /** Resolves once the language server has answered the handshake and the client's features are there. */
  started: Promise<void>;
}

/**
 * Starts the language client for Python and Lua files, on the language server's process that
 * `languageServer` gives (the first was started before Motion's code was loaded). Returns the client
 * as soon as its start is asked for, not when the server has answered: the rest of Motion (the
 * connection above all) starts meanwhile, and a request sent to the client before the server is
 * there waits for it.
 */
export function startLanguageClient(
  extension: vscode.ExtensionContext,
  languageServer: () => ChildProcess,
  onDocumentation: (state: DocumentationState) => void,
): StartingLanguageClient {
  // A function: the client asks it again at each restart (Restart Language Server).
  const serverOptions: ServerOptions = () => Promise.resolve(languageServer());
  // The connection owns the URL (it may be the embedded server's): no URL here, the language server
  // loads nothing until told with reloadDocumentation (follow-changes.ts), once, by the connection.
  const initializationOptions: InitializationOptions = {
    serverUrlFromClient: true,
    // Motion's own provider, there since the activation, asks for each list (ScriptCompletion).
    completionFromClient: true,
    cacheDir: documentationCacheDir(extension),
  };
  const clientOptions: LanguageClientOptions = {
    // A notebook's cells too, each as a script of its own.
    documentSelector: MOTION_SCRIPTS,
    initializationOptions,
  };
  const client = new LanguageClient('motion', 'Motion Scripting', serverOptions, clientOptions);
  client.onNotification(DocumentationLoadedNotification, onDocumentation);
  return { client, started: client.start().then(() => followVisibleRanges(extension, client)) };
}

/**
 * Tells the server which lines of each script its editors show (as they scroll, and as editors
 * open): a long script's first check gives the diagnostics of those lines before the rest.
 */
function followVisibleRanges(extension: vscode.ExtensionContext, client: LanguageClient): void {
  const tell = (editor: vscode.TextEditor) => {
    const { document } = editor;
    if (document.languageId !== 'python' && document.languageId !== 'lua') return;
    void client
      .sendNotification(VisibleRangesNotification, {
        uri: document.uri.toString(),
        ranges: editor.visibleRanges.map((r) => client.code2ProtocolConverter.asRange(r)),
      })
      .catch(() => undefined);
  };
  extension.subscriptions.push(
    vscode.window.onDidChangeTextEditorVisibleRanges(({ textEditor }) => tell(textEditor)),
    vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach(tell)),
  );
  vscode.window.visibleTextEditors.forEach(tell);
}

/** Asks the language server to load the documentation of the application at `serverUrl` (or the current one). */
export function reloadDocumentation(client: LanguageClient, serverUrl?: string): Promise<DocumentationState> {
  return client.sendRequest(ReloadDocumentationRequest, { serverUrl });
}

/**
 * The documentation of the application at `serverUrl`, as the language server has it (live, else
 * cached, else bundled): the language server is its one loader, and the editor and the extension
 * read the same.
 */
export async function documentationOf(client: LanguageClient, serverUrl: string): Promise<DocumentationIndex> {
  const { documentation, source } = await client.sendRequest(DocumentationRequest, { serverUrl });
  return DocumentationIndex.fromPackage(documentation, source);
}

/** The language server's completion asked directly: ScriptCompletion's, the one completion provider of scripts. */
export function completionOf(client: LanguageClient): LanguageServerCompletion {
  const { code2ProtocolConverter: toServer, protocol2CodeConverter: fromServer } = client;
  return {
    async complete(document, position, context, token) {
      const params = toServer.asCompletionParams(document, position, context);
      const result = await client.sendRequest(CompletionRequest.type, params, token);
      if (!result) return undefined;
      const items = await fromServer.asCompletionResult(result, undefined, token);
      return Array.isArray(items) ? new vscode.CompletionList(items) : items;
    },
    async resolve(item, token) {
      const resolved = await client.sendRequest(CompletionResolveRequest.type, toServer.asCompletionItem(item), token);
      return fromServer.asCompletionItem(resolved);
    },
  };
}
