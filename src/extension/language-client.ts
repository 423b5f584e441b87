import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CompletionRequest,
  CompletionResolveRequest,
  LanguageClient,
  TransportKind,
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
import { languageServerFlagsNow } from '../../server/language/node-flags';
import type { LanguageServerCompletion } from './workspace/first-completion';

/** Where the extension keeps each application's documentation: its own global storage. */
function documentationCacheDir(extension: vscode.ExtensionContext): string {
  return path.join(extension.globalStorageUri.fsPath, 'documentation');
}

/** Where the language server of an extension under development listens for a debugger. */
const DEBUG_FLAGS = ['--nolazy', '--inspect=6011'];

/** The language client, and its start: the bundled language server's process and handshake. */
interface StartingLanguageClient {
  client: LanguageClient;
  /** Resolves once the language server has answered the handshake and the client's features are there. */
  started: Promise<void>;
}

/**
 * Starts the bundled language server (dist/language-server.js) for Python and Lua files. Returns
 * the client as soon as the server's process is asked for, not when it has started: the rest of
 * Motion (the connection above all) starts meanwhile, and a request sent to the client before the
 * server is there waits for it.
 */
export function startLanguageClient(
  extension: vscode.ExtensionContext,
  onDocumentation: (state: DocumentationState) => void,
): StartingLanguageClient {
  const module = extension.asAbsolutePath(path.join('dist', 'language-server.js'));
  // The client forks the server with VS Code's own runtime (Electron, as Node).
  // The first start on a runtime runs without the flags rather than wait to ask it (node-flags.ts).
  const { flags, asking } = languageServerFlagsNow(extension.globalState, {
    execPath: process.execPath,
    v8: process.versions.v8,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  const execArgv = [...flags];
  const debugArgv = [...flags, ...DEBUG_FLAGS];
  // The answer, once the runtime has given it, is the next start's (Restart Language Server's):
  // the client reads its options at each start.
  void asking.then((taken) => {
    execArgv.splice(0, execArgv.length, ...taken);
    debugArgv.splice(0, debugArgv.length, ...taken, ...DEBUG_FLAGS);
  });
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: debugArgv } },
  };
  // The connection owns the URL (it may be the embedded server's): no URL here, the language server
  // loads nothing until told with reloadDocumentation (follow-changes.ts), once, by the connection.
  const initializationOptions: InitializationOptions = {
    serverUrlFromClient: true,
    cacheDir: documentationCacheDir(extension),
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'python' },
      { scheme: 'file', language: 'lua' },
      { scheme: 'untitled', language: 'python' },
      { scheme: 'untitled', language: 'lua' },
      // A notebook's cells, each as a script of its own.
      { scheme: 'vscode-notebook-cell', language: 'python' },
      { scheme: 'vscode-notebook-cell', language: 'lua' },
    ],
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

/** The language server's completion asked directly (FirstCompletion's, before the client's own provider answered). */
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
