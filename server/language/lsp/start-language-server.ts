import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  ErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver';
import { createMotionLanguageService, type MotionLanguageService } from '../service/language-service';
import { OpenScripts } from '../service/open-scripts';
import { loadScriptParsers } from '../service/script-parsers';
import { AnalysisWorker } from './analysis-worker-client';
import { DocumentationSource } from './documentation-source';
import { readInlayHintSettings } from './inlay-hint-settings';
import { NO_INLAY_HINTS } from '../service/inlay-hints';
import { COMPLETION_TRIGGER_CHARACTERS } from './completion-triggers';
import {
  DocumentationLoadedNotification,
  CheckScriptRequest,
  DocumentationRequest,
  INSERT_SNIPPET_COMMAND,
  ReloadDocumentationRequest,
  VisibleRangesNotification,
  type DocumentationState,
  type InitializationOptions,
} from './protocol';

/** Wires the language service to an LSP connection. All the language logic lives in the service. */
export function startLanguageServer(connection: Connection): void {
  let source: DocumentationSource | undefined;
  let service: MotionLanguageService | undefined;
  let canAskConfiguration = false;
  /** The client answers workspace/configuration (the inlay hints' settings are read from it). */
  let canReadSettings = false;
  /** The client owns the URL (the VS Code extension: its connection may be the embedded server): and the one it gave at start. */
  let urlFromClient = false;
  let initialUrl: string | undefined;
  let hintSettings = NO_INLAY_HINTS;
  const readHintSettings = async () => {
    if (!canReadSettings) return;
    hintSettings = readInlayHintSettings(
      await connection.workspace.getConfiguration('motion.inlayHints').catch(() => undefined),
    );
  };
  let analysis: AnalysisWorker | undefined;
  // Each open script's pipeline: re-parsing and checking run in the analysis worker; this thread
  // answers requests, and publishes what the worker found with the live-name checks of now.
  let scripts: OpenScripts | undefined;
  let namesChanged: NodeJS.Timeout | undefined;
  const namesChangedChecks = () => {
    clearTimeout(namesChanged);
    namesChanged = setTimeout(() => {
      scripts?.namesChanged();
      // The names behind identifiers came (or changed): the editor asks for the hints again.
      if (hintSettings.identifierNames) void connection.languages.inlayHint.refresh().catch(() => undefined);
    }, 50);
  };

  // The load under way (or the last one): a request for the documentation waits for it.
  let loading: Promise<unknown> = Promise.resolve();
  const reload = (): Promise<DocumentationState> => {
    const loaded = (async () => {
      analysis?.useDocumentation(await source!.reload());
      scripts?.checkAll();
      const current = source!.state();
      void connection.sendNotification(DocumentationLoadedNotification, current);
      return current;
    })();
    loading = loaded.catch(() => undefined);
    return loaded;
  };

  // The versions of the application a folder's scripts must run on (motion.targetVersions, a
  // resource setting): read for each script as it opens, and again when settings change.
  const readTargets = async (uri: string) => {
    if (!canReadSettings) return;
    const text: unknown = await connection.workspace
      .getConfiguration({ scopeUri: uri, section: 'motion.targetVersions' })
      .catch(() => undefined);
    scripts?.setTargets(uri, typeof text === 'string' && text.trim() ? { text, from: 'setting' } : undefined);
  };

  const configuredUrl = async (): Promise<string | undefined> => {
    if (!canAskConfiguration) return undefined;
    const settings = (await connection.workspace.getConfiguration('motion.server').catch(() => undefined)) as
      { url?: unknown } | undefined;
    return typeof settings?.url === 'string' && settings.url ? settings.url : undefined;
  };

  connection.onInitialize(async (params): Promise<InitializeResult> => {
    const options = (params.initializationOptions ?? {}) as InitializationOptions;
    source = new DocumentationSource({
      serverUrl: options.serverUrl,
      cacheDir: options.cacheDir,
      timeoutMs: options.timeoutMs,
      log: connection.console,
      onNamesChanged: namesChangedChecks,
    });
    const { liveNames } = source;
    // Only a client that does not say the URL itself is asked for the setting.
    canReadSettings = !!params.capabilities.workspace?.configuration;
    canAskConfiguration = canReadSettings && !options.serverUrlFromClient;
    urlFromClient = !!options.serverUrlFromClient;
    initialUrl = options.serverUrl;
    service = createMotionLanguageService({
      parsers: await loadScriptParsers(),
      documentation: () => source!.documentation,
      liveNames,
      snippetCommand: INSERT_SNIPPET_COMMAND,
    });
    const worker = new AnalysisWorker({
      onDiagnostics: (message) => scripts?.received(message),
      log: (line) => connection.console.error(line),
      openDocuments: () => scripts?.asOpened() ?? [],
    });
    analysis = worker;
    scripts = new OpenScripts({
      service,
      post: (message) => worker.post(message),
      // With the version checked: the editor (and a bench) knows which text they are about.
      publish: ({ uri, version, diagnostics }) => void connection.sendDiagnostics({ uri, version, diagnostics }),
      packageName: () => source!.documentation.packageName,
    });
    analysis.useDocumentation(source.documentation);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        ...(options.completionFromClient
          ? {}
          : { completionProvider: { triggerCharacters: COMPLETION_TRIGGER_CHARACTERS, resolveProvider: true } }),
        hoverProvider: true,
        signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [','] },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: { label: 'Motion calls' },
        definitionProvider: true,
        inlayHintProvider: true,
      },
      serverInfo: { name: 'motion-language-server' },
    };
  });

  connection.onInitialized(async () => {
    await readHintSettings();
    if (canReadSettings)
      void connection.client
        .register(DidChangeConfigurationNotification.type, { section: 'motion' })
        .catch(() => undefined);
    // A client that owns the URL and gave none yet says it when it knows it (reloadDocumentation):
    // loading the default application's now would be a load for nothing.
    if (urlFromClient && !initialUrl) return;
    source!.useServerUrl(await configuredUrl());
    await reload();
  });

  connection.onDidChangeConfiguration(async () => {
    const before = JSON.stringify(hintSettings);
    await readHintSettings();
    if (JSON.stringify(hintSettings) !== before) void connection.languages.inlayHint.refresh().catch(() => undefined);
    await Promise.all(service?.documents.uris().map(readTargets) ?? []);
    if (canAskConfiguration && source?.useServerUrl(await configuredUrl())) await reload();
  });

  connection.onRequest(ReloadDocumentationRequest, async (params) => {
    source!.useServerUrl(params?.serverUrl);
    return reload();
  });

  connection.onRequest(DocumentationRequest, async (params) => {
    if (source!.useServerUrl(params?.serverUrl)) await reload();
    else await loading;
    const { documentation, source: from } = source!.documentation;
    return { documentation, source: from };
  });

  connection.onRequest(CheckScriptRequest, ({ uri, languageId, text, targets }) => {
    if (!OpenScripts.takes(languageId))
      throw new ResponseError(ErrorCodes.InvalidParams, `only Python and Lua scripts are checked, not ${languageId}`);
    return service!.checkText(uri, languageId, text, targets ? { text: targets, from: 'option' } : undefined);
  });

  connection.onDidOpenTextDocument(({ textDocument: { uri, languageId, version, text } }) => {
    if (scripts?.open(uri, languageId, version, text)) void readTargets(uri);
  });
  connection.onDidChangeTextDocument(({ textDocument: { uri, version }, contentChanges }) =>
    scripts?.change(uri, version, contentChanges),
  );
  connection.onNotification(VisibleRangesNotification, ({ uri, ranges }) => scripts?.visible(uri, ranges));
  connection.onDidCloseTextDocument(({ textDocument: { uri } }) => scripts?.close(uri));
  connection.onShutdown(async () => {
    clearTimeout(namesChanged);
    scripts?.dispose();
    await source?.close();
    await analysis?.terminate();
  });

  // Each request's cancellation token goes to the service: a request the editor already superseded answers nothing.
  connection.onCompletion(
    ({ textDocument, position }, token) => service?.complete(textDocument.uri, position, token) ?? null,
  );
  connection.onCompletionResolve((item) => service?.resolveCompletion(item) ?? item);
  connection.onHover(({ textDocument, position }, token) => service?.hover(textDocument.uri, position, token) ?? null);
  connection.onDefinition(
    ({ textDocument, position }, token) => service?.definition(textDocument.uri, position, token) ?? null,
  );
  connection.onDocumentSymbol(({ textDocument }) => service?.documentSymbols(textDocument.uri) ?? null);
  connection.onCodeAction(
    ({ textDocument, context }) => service?.codeActions(textDocument.uri, context.diagnostics) ?? null,
  );
  connection.languages.inlayHint.on(
    ({ textDocument: { uri }, range }, token) => service?.inlayHints(uri, range, hintSettings, token) ?? null,
  );
  connection.onSignatureHelp(
    ({ textDocument, position }, token) => service?.signatureHelp(textDocument.uri, position, token) ?? null,
  );
}
