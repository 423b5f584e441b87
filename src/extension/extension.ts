import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { DocumentationState } from '../../server/language/lsp/protocol';
import * as path from 'node:path';
import { affectsConnection, readSettings } from './config';
import { connectionStatus } from './connection/connection-status';
import { registerServerCommands } from './connection/server-commands';
import { EmbeddedServer } from './connection/embedded-server';
import { MotionConnection } from './connection/motion-connection';
import { registerEditCommands } from './explorer/edit-commands';
import { registerTransferCommands } from './explorer/transfer-commands';
import { ExplorerData } from './explorer/explorer-data';
import { SEGMENT_SCHEME, SegmentFileSystem } from './segment-editor/segment-file-system';
import { registerSegmentCommands } from './segment-editor/segment-commands';
import { SkeletonExplorer } from './explorer/skeleton-explorer';
import { registerSelectionCommands } from './selection/selection-commands';
import { SelectionView } from './selection/selection-view';
import { reloadDocumentation, startLanguageClient } from './language-client';
import { registerRunCommands } from './run/run-commands';
import { ChangeHistory } from './history/change-history';
import { registerHistoryCommands } from './history/history-commands';
import { ScriptRunner } from './run/script-runner';

let client: LanguageClient | undefined;

/** Wires the parts; every disposable goes to the context. */
/** What the extension offers other extensions and its tests. */
export interface MotionExtensionApi {
  /** The documentation the language server uses, once it has loaded one. */
  documentation(): DocumentationState | undefined;
  readonly onDidLoadDocumentation: vscode.Event<DocumentationState>;
  readonly connection: MotionConnection;
  readonly explorer: SkeletonExplorer;
  readonly selection: SelectionView;
  /** What the status bar shows about the connection. */
  readonly statusBar: vscode.StatusBarItem;
  /** What a language's Motion terminal has shown since it was last cleared. */
  terminalText(language: 'python' | 'lua'): string;
  /** The embedded reference server's process, while it runs. */
  embeddedServerPid(): number | undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<MotionExtensionApi> {
  const log = vscode.window.createOutputChannel('Motion Scripting', { log: true });
  const loaded = new vscode.EventEmitter<DocumentationState>();
  context.subscriptions.push(log, loaded);
  let documentation: DocumentationState | undefined;

  await vscode.workspace.fs.createDirectory(context.globalStorageUri);
  const embedded = new EmbeddedServer(
    context.asAbsolutePath(path.join('dist', 'motion-server.js')),
    path.join(context.globalStorageUri.fsPath, 'state.json'),
    (line) => log.info(line),
  );
  const connection = new MotionConnection(
    () => ({ url: readSettings().serverUrl, embedded: readSettings().embedded }),
    embedded,
    log,
  );
  const status = connectionStatus(connection);
  context.subscriptions.push(connection, ...status.disposables, ...registerServerCommands(context, connection), {
    dispose: () => void embedded.stop(),
  });

  client = await startLanguageClient(context, readSettings(), (state) => {
    documentation = state;
    log.info(`documentation ${state.description}, ${state.modules} modules`);
    loaded.fire(state);
  });
  context.subscriptions.push(client);

  const runner = new ScriptRunner(() => connection.state.url);
  context.subscriptions.push(runner, ...registerRunCommands(runner));

  const explorer = new SkeletonExplorer(
    new ExplorerData(() => connection.client()),
    () => connection.state.kind === 'connected',
  );
  context.subscriptions.push(
    explorer,
    vscode.window.createTreeView('motion.explorer', { treeDataProvider: explorer, showCollapseAll: true }),
  );
  const segments = new SegmentFileSystem(() => connection.client());
  // After any change from VS Code, open segment documents without a draft show the application's definition.
  const changedApplication = () => {
    explorer.refresh();
    segments.reloadClean(vscode.workspace.textDocuments.map((d) => d.uri));
  };
  const history = registerHistoryCommands(
    new ChangeHistory(),
    () => connection.application(),
    () => connection.client(),
    changedApplication,
  );
  context.subscriptions.push(...history.disposables);
  context.subscriptions.push(
    vscode.commands.registerCommand('motion.refreshExplorer', () => explorer.refresh()),
    ...registerEditCommands(() => connection.client(), changedApplication, history.log),
    ...registerTransferCommands(() => connection.client(), changedApplication, history.log),
  );
  context.subscriptions.push(
    segments,
    vscode.workspace.registerFileSystemProvider(SEGMENT_SCHEME, segments, { isCaseSensitive: true }),
    ...registerSegmentCommands(segments, () => connection.client(), changedApplication, history.log),
  );
  const selection = new SelectionView(
    () => connection.client(),
    () => connection.state.kind === 'connected',
  );
  context.subscriptions.push(
    selection,
    vscode.window.createTreeView('motion.selection', { treeDataProvider: selection }),
    ...registerSelectionCommands(() => connection.client(), selection),
  );
  let autoRefresh: NodeJS.Timeout | undefined;
  const scheduleAutoRefresh = () => {
    clearInterval(autoRefresh);
    const seconds = readSettings().autoRefreshSeconds;
    if (seconds > 0) autoRefresh = setInterval(() => (explorer.refresh(), selection.refresh()), seconds * 1000);
  };
  scheduleAutoRefresh();
  context.subscriptions.push({ dispose: () => clearInterval(autoRefresh) });

  // Everything follows the connection: the views on every change of state (they reload when the
  // application comes back), documentation and sessions when it is another application.
  let connectedUrl: string | undefined;
  let lastKind = connection.state.kind;
  context.subscriptions.push(
    connection.onDidChange((state) => {
      if (state.kind !== lastKind) {
        lastKind = state.kind;
        explorer.refresh();
        selection.refresh();
      }
      if (state.kind !== 'connected' || state.url === connectedUrl) return;
      const previous = connectedUrl;
      connectedUrl = state.url;
      if (client) void reloadDocumentation(client, state.url);
      if (previous) void runner.reset(`the application changed from ${previous} to ${state.url}`);
    }),
  );
  void connection.connect();

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsConnection(event)) void connection.connect();
      if (event.affectsConfiguration('motion.python.path')) void runner.reset('the Python interpreter setting changed');
      if (event.affectsConfiguration('motion.explorer.autoRefreshSeconds')) scheduleAutoRefresh();
    }),
    vscode.commands.registerCommand('motion.reloadDocumentation', async () => {
      if (!client) return undefined;
      const state = await reloadDocumentation(client, connection.state.url);
      void vscode.window.showInformationMessage(`Motion documentation ${state.description}: ${state.modules} modules.`);
      return state;
    }),
  );
  return {
    documentation: () => documentation,
    onDidLoadDocumentation: loaded.event,
    connection,
    explorer,
    selection,
    statusBar: status.item,
    embeddedServerPid: () => embedded.pid,
    terminalText: (language) => runner.transcript(language),
  };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
