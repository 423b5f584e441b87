import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver';
import { DEFAULT_URL } from '../../../src/api/client/application-url';
import { MotionClient } from '../../../src/api/client/motion-client';
import { DocumentationCache, defaultDocumentationCacheDir } from '../../../src/api/docs/documentation-cache';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { bundledDocumentation, loadDocumentation } from '../../../src/api/docs/load-documentation';
import { createMotionLanguageService, type MotionLanguageService } from '../service/language-service';
import { ScriptDocuments } from '../service/script-documents';
import { loadScriptParsers } from '../service/script-parsers';
import type { FromAnalysis } from './analysis-messages';
import { AnalysisWorker } from './analysis-worker-client';
import { ApplicationNames } from './application-names';
import {
  DocumentationLoadedNotification,
  ReloadDocumentationRequest,
  type DocumentationState,
  type InitializationOptions,
} from './protocol';

const DIAGNOSTICS_DELAY_MS = 150;
const REFRESH_DELAY_MS = 400;
const REFRESH_SLICE_MS = 4;

/** Wires the language service to an LSP connection. All the language logic lives in the service. */
export function startLanguageServer(connection: Connection): void {
  let documentation: DocumentationIndex = bundledDocumentation();
  let service: MotionLanguageService | undefined;
  let serverUrl = DEFAULT_URL;
  let cache: DocumentationCache;
  let timeoutMs: number | undefined;
  let canAskConfiguration = false;
  let analysis: AnalysisWorker | undefined;
  const pending = new Map<string, NodeJS.Timeout>();

  // Re-parsing and checking run in the analysis worker; this thread only answers requests. The
  // worker's diagnostics are published if they are for the version the editor has now, and its
  // aliases serve member completion until this thread needs a parse of its own.
  const publish = (uri: string) => {
    pending.delete(uri);
    analysis?.post({ kind: 'diagnose', uri });
  };
  const refreshing = new Map<string, NodeJS.Timeout>();
  const schedule = (uri: string) => {
    clearTimeout(pending.get(uri));
    pending.set(
      uri,
      setTimeout(() => publish(uri), DIAGNOSTICS_DELAY_MS),
    );
    // This thread's tree (strings and comments for completion) catches up after a pause in typing.
    clearTimeout(refreshing.get(uri));
    refreshing.set(
      uri,
      setTimeout(() => {
        refreshing.delete(uri);
        void service?.documents.get(uri)?.refresh(REFRESH_SLICE_MS);
      }, REFRESH_DELAY_MS),
    );
  };
  // The worker's last check of each document: published with the live-name checks of now, and
  // again when names fetched from the application change those.
  const checked = new Map<string, Extract<FromAnalysis, { kind: 'diagnostics' }>>();
  const send = (uri: string) => {
    const last = checked.get(uri);
    if (!last || service?.documents.get(uri)?.text.version !== last.version) return;
    const live = service.liveNameDiagnostics(uri, last.references);
    void connection.sendDiagnostics({ uri, diagnostics: [...last.diagnostics, ...live] });
  };
  const received = (message: Extract<FromAnalysis, { kind: 'diagnostics' }>) => {
    const document = service?.documents.get(message.uri);
    if (!document || document.text.version !== message.version) return;
    document.adoptAliases(documentation.packageName, new Map(message.aliases));
    checked.set(message.uri, message);
    send(message.uri);
  };
  let application: MotionClient | undefined;
  let namesChanged: NodeJS.Timeout | undefined;
  const liveNames = new ApplicationNames({
    client: () => (application ??= new MotionClient({ url: serverUrl, timeoutMs })),
    onChange: () => {
      clearTimeout(namesChanged);
      namesChanged = setTimeout(() => {
        for (const uri of checked.keys()) send(uri);
      }, 50);
    },
  });

  const state = (): DocumentationState => ({
    source: documentation.source.kind,
    description: documentation.describeSource(),
    serverUrl,
    modules: documentation.modules().length,
    ...(documentation.source.kind === 'bundled' ? {} : { version: documentation.source.version }),
  });

  const reload = async (): Promise<DocumentationState> => {
    // Another application (or the same one restarted): names fetched before say nothing of it.
    liveNames.clear();
    void application?.close();
    application = undefined;
    const client = new MotionClient({ url: serverUrl, timeoutMs });
    try {
      documentation = await loadDocumentation(client, {
        cache,
        onFallback: (reason) => connection.console.info(`motion: documentation not live (${reason})`),
      });
    } finally {
      await client.close();
    }
    connection.console.info(
      `motion: documentation ${documentation.describeSource()}, ${documentation.modules().length} modules`,
    );
    if (documentation.skipped.length > 0)
      connection.console.warn(
        `motion: skipped documented modules outside the ${documentation.packageName} package: ${documentation.skipped.join(', ')}`,
      );
    analysis?.useDocumentation(documentation);
    for (const uri of service?.documents.uris() ?? []) publish(uri);
    const current = state();
    void connection.sendNotification(DocumentationLoadedNotification, current);
    return current;
  };

  const configuredUrl = async (): Promise<string | undefined> => {
    if (!canAskConfiguration) return undefined;
    const settings = (await connection.workspace.getConfiguration('motion.server').catch(() => undefined)) as
      { url?: unknown } | undefined;
    return typeof settings?.url === 'string' && settings.url ? settings.url : undefined;
  };

  connection.onInitialize(async (params): Promise<InitializeResult> => {
    const options = (params.initializationOptions ?? {}) as InitializationOptions;
    serverUrl = options.serverUrl ?? serverUrl;
    timeoutMs = options.timeoutMs;
    cache = new DocumentationCache(options.cacheDir ?? defaultDocumentationCacheDir());
    // Only a client that does not say the URL itself is asked for the setting.
    canAskConfiguration = !!params.capabilities.workspace?.configuration && !options.serverUrlFromClient;
    service = createMotionLanguageService({
      parsers: await loadScriptParsers(),
      documentation: () => documentation,
      liveNames,
    });
    analysis = new AnalysisWorker({
      onDiagnostics: received,
      log: (line) => connection.console.error(line),
      openDocuments: () =>
        (service?.documents.uris() ?? []).flatMap((uri) => {
          const document = service!.documents.get(uri);
          return document
            ? [
                {
                  kind: 'open' as const,
                  uri,
                  languageId: document.syntax.languageId,
                  version: document.text.version,
                  text: document.text.getText(),
                },
              ]
            : [];
        }),
    });
    analysis.useDocumentation(documentation);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: ['.', '"', "'"], resolveProvider: true },
        hoverProvider: true,
        signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [','] },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: { label: 'Motion calls' },
        definitionProvider: true,
      },
      serverInfo: { name: 'motion-language-server' },
    };
  });

  connection.onInitialized(async () => {
    if (canAskConfiguration)
      void connection.client
        .register(DidChangeConfigurationNotification.type, { section: 'motion' })
        .catch(() => undefined);
    serverUrl = (await configuredUrl()) ?? serverUrl;
    await reload();
  });

  connection.onDidChangeConfiguration(async () => {
    const url = await configuredUrl();
    if (url && url !== serverUrl) {
      serverUrl = url;
      await reload();
    }
  });

  connection.onRequest(ReloadDocumentationRequest, async (params) => {
    if (params?.serverUrl) serverUrl = params.serverUrl;
    return reload();
  });

  connection.onDidOpenTextDocument(({ textDocument: { uri, languageId, version, text } }) => {
    if (!service || !ScriptDocuments.isScriptLanguage(languageId)) return;
    service.documents.open(uri, languageId, version, text);
    analysis?.post({ kind: 'open', uri, languageId, version, text });
    schedule(uri);
  });
  connection.onDidChangeTextDocument(({ textDocument: { uri, version }, contentChanges }) => {
    if (!service?.documents.change(uri, version, contentChanges)) return;
    analysis?.post({ kind: 'change', uri, version, changes: contentChanges });
    schedule(uri);
  });
  connection.onDidCloseTextDocument(({ textDocument: { uri } }) => {
    clearTimeout(pending.get(uri));
    pending.delete(uri);
    clearTimeout(refreshing.get(uri));
    refreshing.delete(uri);
    service?.documents.close(uri);
    checked.delete(uri);
    analysis?.post({ kind: 'close', uri });
    void connection.sendDiagnostics({ uri, diagnostics: [] });
  });
  connection.onShutdown(async () => {
    clearTimeout(namesChanged);
    await application?.close();
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
  connection.onSignatureHelp(
    ({ textDocument, position }, token) => service?.signatureHelp(textDocument.uri, position, token) ?? null,
  );
}
