import type { ChildProcess } from 'node:child_process';
import * as vscode from 'vscode';
import { ApplicationMenuView } from './application-menu/application-menu-view';
import { DialogAnswerer } from './application-menu/dialog-answerer';
import { batchCommands } from './commands/batch-commands';
import { BatchResultsView } from './batch/batch-results-view';
import { applicationMenuCommands } from './commands/application-menu-commands';
import type { DocumentationState } from '../../server/language/lsp/protocol';
import { registerCommands } from './commands/command-table';
import type { MotionConfig } from './config';
import { connectionCommands, startConnectionStatus } from './commands/connection-status';
import type { OwnEmbeddedServer } from './connection/own-embedded-server';
import { followApplication } from './commands/follow-application';
import { MotionConnection } from './connection/motion-connection';
import { serverCommands, startServerChoices } from './commands/server-commands';
import { DocumentationPreviews } from './connection/documentation-previews';
import { PeriodicRefresh } from './skeletons-view/periodic-refresh';
import { editCommands } from './commands/skeleton-edit-commands';
import { ExplorerData, type ExplorerItem } from './skeletons-view/explorer-data';
import { SkeletonExplorer } from './skeletons-view/skeleton-explorer';
import { transferCommands } from './commands/skeleton-transfer-commands';
import { debugCommands, startDebugging } from './debug/motion-debugging';
import { followWalkthrough } from './commands/walkthrough-progress';
import { followConnection, followSettings } from './commands/follow-changes';
import { ChangeHistory } from './history/change-history';
import { historyCommands, showCanUndo } from './commands/history-commands';
import { changeLog } from './history/change-log';
import { Recording } from './recording/recording';
import { startNotebooks, type NotebookOutputs } from './notebooks/motion-notebooks';
import { notebookCommands } from './notebooks/notebook-commands';
import { recordingCommands } from './commands/recording-commands';
import { newScriptCommands } from './commands/new-script-command';
import { offerStubsUpdate, typeCheckingCommands } from './typings/type-checking-commands';
import { languageCommands } from './commands/language-commands';
import { completionOf, documentationOf, startLanguageClient } from './language-client';
import { NO_COMPLETION, type LanguageServerCompletion } from './workspace/script-completion';
import { ApplicationDocumentation } from './connection/application-documentation';
import { MotionContext } from './motion-context';
import { reloadOnSave, runCommands } from './commands/run-commands';
import { pythonCommands, startPythonStatus } from './commands/python-status';
import { startTargetsStatus } from './commands/targets-status';
import { ScriptRunner } from './run/script-runner';
import { segmentCommands, startSegmentEditor } from './commands/segment-commands';
import { SegmentPreviews } from './segment-editor/segment-previews';
import { SEGMENT_SCHEME, SegmentFileSystem } from './segment-editor/segment-file-system';
import { selectionCommands } from './commands/selection-commands';
import { dryRunCommands } from './commands/dry-run-commands';
import { snapshotCommands } from './commands/snapshot-commands';
import { dryRun3dCommands, followDryRunIn3D, highlightChange } from './commands/dry-run-3d';
import { DryRunView } from './dry-run/dry-run-view';
import { ScriptTests } from './testing/script-tests';
import { offerMcpServer } from './assistant/mcp-server-provider';
import { registerLanguageModelTools, type LanguageModelTools } from './assistant/language-model-tools';
import { SelectionView } from './selection/selection-view';
import { skeletonViewCommands } from './commands/skeleton-view-commands';
import { SkeletonViews } from './skeletons-in-3d/skeleton-views';
import { StartTimes } from './start-times';

/** The parts of a start the log times (start-times.ts): Motion's code, the connection settled, the language server, the documentation. */
const START_PARTS = ['code loaded', 'connection', 'language server', 'documentation'];

/** What the extension offers other extensions and its tests. */
export interface MotionExtensionApi {
  /** The documentation the language server uses, once it has loaded one. */
  documentation(): DocumentationState | undefined;
  readonly onDidLoadDocumentation: vscode.Event<DocumentationState>;
  readonly connection: MotionConnection;
  readonly explorer: SkeletonExplorer;
  /** The Skeletons view itself (its selection, and reveal). */
  readonly explorerTree: vscode.TreeView<ExplorerItem>;
  readonly selection: SelectionView;
  readonly skeletonViews: SkeletonViews;
  /** The Dry Run view: what the last dry run would change. */
  readonly dryRun: DryRunView;
  /** Batch Results: the last batch, file by file. */
  readonly batches: BatchResultsView;
  /** Users' tests of their scripts in the Test Explorer, with the last result of each. */
  readonly scriptTests: ScriptTests;
  /** What the status bar shows about the connection. */
  readonly statusBar: vscode.StatusBarItem;
  /** What a language's Motion terminal has shown since it was last cleared. */
  terminalText(language: 'python' | 'lua'): string;
  /** Whether the language server has started (Motion starts without waiting for it). */
  languageServerStarted(): boolean;
  /** The embedded reference server's process, while it runs. */
  embeddedServerPid(): number | undefined;
  /** Record as Script. */
  recording: Recording;
  /** What the notebooks' 3D outputs said. */
  notebooks: NotebookOutputs;
  /** The language-model tools offered to assistants. */
  assistantTools: LanguageModelTools;
}

/** Motion started: its API, and how to stop what it started (the language server). */
interface StartedMotion {
  api: MotionExtensionApi;
  stop(): Promise<void>;
}

/**
 * Starts Motion in this window, once the workspace is found to use motion (extension.ts): makes
 * the parts, then wires them: views, commands, and what follows the connection and the settings.
 * `releaseCommands` takes away the stand-ins the extension registered for the commands until now;
 * it is called just before the commands are registered, with no wait between the two.
 * `languageServerStarted` hands the language server's completion to the stand-in that answered
 * until then (ScriptCompletion), the moment the language client is there. `languageServer` gives the
 * language server's process for each start of the client (the first is started already).
 * `config` and `ownEmbedded` (the embedded server, started already when sure to be needed) were made
 * as Motion started, before its code was loaded.
 */
export async function startMotion(
  extension: vscode.ExtensionContext,
  releaseCommands: () => void,
  languageServerStarted: (completion: LanguageServerCompletion) => void,
  activatedAt: number,
  languageServer: () => ChildProcess,
  config: MotionConfig,
  ownEmbedded: OwnEmbeddedServer,
): Promise<StartedMotion> {
  const own = (...items: vscode.Disposable[]) => extension.subscriptions.push(...items);
  const log = vscode.window.createOutputChannel('Motion Scripting', { log: true });
  const times = new StartTimes(activatedAt, START_PARTS, (line) => log.info(line));
  times.note('code loaded');
  const loaded = new vscode.EventEmitter<DocumentationState>();
  own(log, loaded);

  log.info('starting');
  const embedded = ownEmbedded.server;
  ownEmbedded.logTo((line) => log.info(line));
  const connection = new MotionConnection(() => ({ url: config.serverUrl, embedded: config.embedded }), embedded, log);
  let documentation: DocumentationState | undefined;
  // The same documentation as the editor's, from its one loader: the language server.
  const indexes = new ApplicationDocumentation((url) => documentationOf(languageClient, url));
  const { client: languageClient, started: languageServerReady } = startLanguageClient(
    extension,
    languageServer,
    (state) => {
      documentation = state;
      indexes.forget();
      log.info(`documentation ${state.description}, ${state.modules} modules`);
      times.note('documentation');
      loaded.fire(state);
    },
  );
  // The language server starts while the rest of Motion does (the embedded server above all): the
  // first thing a person waits for is whichever of the two comes last, not both one after the other.
  // No wait between the client's start and the hand-over: a completion asked meanwhile would come twice.
  let languageServerUp = false;
  languageServerReady.then(
    () => {
      languageServerUp = true;
      log.info('language server started');
      times.note('language server');
      languageServerStarted(completionOf(languageClient));
    },
    (error: unknown) => {
      languageServerStarted(NO_COMPLETION);
      log.error(`the language server did not start: ${(error as Error).message}`);
      void vscode.window.showErrorMessage(
        `Motion's language server did not start, so scripts get no completion or checks: ${(error as Error).message}`,
      );
    },
  );
  const connected = () => connection.state.kind === 'connected';
  const applicationDocumentation = () => indexes.of(connection.state.url);
  const history = new ChangeHistory();
  const recording = new Recording(
    connection,
    (extension.extension.packageJSON as { contributes: { commands: { command: string; title: string }[] } }).contributes
      .commands,
  );
  const application = () =>
    connection.state.kind === 'connected'
      ? `${connection.state.url} (${connection.state.version})`
      : connection.state.url;
  const explorer = new SkeletonExplorer(new ExplorerData(() => connection.client()), connected, application);
  const explorerTree = vscode.window.createTreeView('motion.explorer', {
    treeDataProvider: explorer,
    showCollapseAll: true,
  });
  const selection = new SelectionView(() => connection.client(), connected, application);
  const ctx = new MotionContext(extension, {
    config,
    log,
    connection,
    languageClient,
    explorer,
    selection,
    skeletonViews: new SkeletonViews({
      extensionUri: extension.extensionUri,
      client: () => connection.client(),
      explorer,
      explorerTree,
      selection,
    }),
    segments: new SegmentFileSystem(() => connection.client()),
    segmentPreviews: new SegmentPreviews(),
    history,
    changes: changeLog(
      history,
      () => connection.application(),
      (change) => recording.actionDone(change.description, true),
    ),
    recording,
    runner: new ScriptRunner(() => connection.state.url, config, applicationDocumentation),
    documentation: applicationDocumentation,
    documentationPreviews: new DocumentationPreviews(applicationDocumentation),
    periodicRefresh: new PeriodicRefresh(
      () => config.autoRefreshSeconds,
      () => (explorer.refresh(), selection.refresh()),
    ),
    debugInterpreters: new Map(),
    dryRun: new DryRunView(),
    dryRunOutput: vscode.window.createOutputChannel('Motion Dry Run'),
    applicationMenu: new ApplicationMenuView(() => (connected() ? connection.client() : undefined)),
    applicationOutput: vscode.window.createOutputChannel('Motion Application'),
    dialogs: new DialogAnswerer(),
    batches: new BatchResultsView(),
  });
  const {
    segments,
    runner,
    skeletonViews,
    documentationPreviews,
    periodicRefresh,
    dryRun,
    dryRunOutput,
    applicationMenu,
    applicationOutput,
  } = ctx.parts;
  own(loaded.event(() => runner.documentationChanged()));
  own(dryRun.onDidShow(() => followDryRunIn3D(ctx)));
  own(loaded.event((state) => void offerStubsUpdate(ctx, state)));
  own(
    ctx,
    connection,
    languageClient,
    explorer,
    selection,
    segments,
    runner,
    skeletonViews,
    documentationPreviews,
    periodicRefresh,
    dryRun,
    dryRunOutput,
    applicationMenu,
    applicationOutput,
    recording,
    ctx.parts.batches,
    vscode.window.createTreeView('motion.batchResults', { treeDataProvider: ctx.parts.batches }),
  );

  // From here to the commands' registration nothing waits: a command run meanwhile finds its stand-in.
  releaseCommands();
  void vscode.commands.executeCommand('setContext', 'motion.active', true);
  const dryRunTree = vscode.window.createTreeView('motion.dryRun', { treeDataProvider: dryRun });
  const selectionTree = vscode.window.createTreeView('motion.selection', { treeDataProvider: selection });
  const applicationMenuTree = vscode.window.createTreeView('motion.applicationMenu', {
    treeDataProvider: applicationMenu,
  });
  own(
    explorerTree,
    selectionTree,
    explorer.onDidChangeMessage((message) => (explorerTree.message = message)),
    selection.onDidChangeMessage((message) => (selectionTree.message = message)),
    dryRun.onDidChangeMessage((message) => (dryRunTree.message = message)),
    applicationMenuTree,
    applicationMenu.onDidChangeMessage((message) => (applicationMenuTree.message = message)),
    connection.onDidChange(() => applicationMenu.refresh()),

    dryRunTree,
    dryRunTree.onDidChangeSelection(({ selection }) => highlightChange(ctx, selection[0])),
    vscode.workspace.registerFileSystemProvider(SEGMENT_SCHEME, segments, { isCaseSensitive: true }),
  );
  const statusBar = startConnectionStatus(ctx);
  startServerChoices(ctx);
  startSegmentEditor(ctx);
  showCanUndo(ctx);
  startDebugging(ctx);
  followWalkthrough(ctx, explorerTree);
  reloadOnSave(ctx);
  registerCommands(
    ctx,
    connectionCommands,
    serverCommands,
    languageCommands,
    newScriptCommands,
    typeCheckingCommands,
    editCommands,
    transferCommands,
    segmentCommands,
    selectionCommands,
    historyCommands,
    runCommands,
    debugCommands,
    skeletonViewCommands,
    dryRunCommands,
    snapshotCommands,
    dryRun3dCommands,
    recordingCommands,
    notebookCommands,
    pythonCommands,
    applicationMenuCommands,
    batchCommands,
  );
  startPythonStatus(ctx);
  startTargetsStatus(ctx);
  const notebooks = startNotebooks(ctx, explorerTree);
  const assistantTools = registerLanguageModelTools(ctx);
  // VS Code 1.101 and later: `motion mcp` offered to its assistants too, with no configuration.
  const mcpOffered = offerMcpServer(ctx);
  log.info(`assistants: the language-model tools${mcpOffered ? ', and motion mcp as an MCP server' : ''}`);
  const scriptTests = new ScriptTests(ctx);
  own(scriptTests);
  followConnection(ctx);
  followApplication(ctx, embedded);
  followSettings(ctx);
  own(connection.onDidChange((state) => state.kind !== 'connecting' && times.note('connection')));
  void connection.connect();

  const api: MotionExtensionApi = {
    documentation: () => documentation,
    onDidLoadDocumentation: loaded.event,
    connection,
    explorer,
    explorerTree,
    selection,
    skeletonViews,
    dryRun,
    batches: ctx.parts.batches,
    scriptTests,
    statusBar,
    languageServerStarted: () => languageServerUp,
    embeddedServerPid: () => embedded.pid,
    recording,
    notebooks,
    assistantTools,
    terminalText: (language) => runner.transcript(language),
  };
  return { api, stop: () => languageClient.stop() };
}
