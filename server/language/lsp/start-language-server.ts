import { homedir } from 'node:os';
import { join } from 'node:path';
import { DidChangeConfigurationNotification, TextDocumentSyncKind, type Connection, type InitializeResult } from 'vscode-languageserver';
import { DEFAULT_URL, MotionClient } from '../../../src/api/client/motion-client';
import { DocumentationCache } from '../../../src/api/docs/documentation-cache';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { bundledDocumentation, loadDocumentation } from '../../../src/api/docs/load-documentation';
import { createMotionLanguageService, type MotionLanguageService } from '../service/language-service';
import { ScriptDocuments } from '../service/script-documents';
import { loadScriptParsers } from '../service/script-parsers';
import { DocumentationLoadedNotification, ReloadDocumentationRequest, type DocumentationState, type InitializationOptions } from './protocol';

const DIAGNOSTICS_DELAY_MS = 150;
const SLICE_MS = 4;

/** Wires the language service to an LSP connection. All the language logic lives in the service. */
export function startLanguageServer(connection: Connection): void {
  let documentation: DocumentationIndex = bundledDocumentation();
  let service: MotionLanguageService | undefined;
  let serverUrl = DEFAULT_URL;
  let cache: DocumentationCache;
  let timeoutMs: number | undefined;
  let canAskConfiguration = false;
  const pending = new Map<string, NodeJS.Timeout>();

  // Diagnostics are computed in slices of a few milliseconds, so completion stays interactive while
  // a long file is re-parsed and re-checked.
  const publish = async (uri: string) => {
    pending.delete(uri);
    const diagnostics = await service?.diagnoseInSlices(uri, SLICE_MS);
    if (diagnostics) void connection.sendDiagnostics({ uri, diagnostics });
  };
  const schedule = (uri: string) => {
    clearTimeout(pending.get(uri));
    pending.set(uri, setTimeout(() => void publish(uri), DIAGNOSTICS_DELAY_MS));
  };

  const state = (): DocumentationState => ({ source: documentation.source.kind, description: documentation.describeSource(), serverUrl, modules: documentation.modules().length });

  const reload = async (): Promise<DocumentationState> => {
    const client = new MotionClient({ url: serverUrl, timeoutMs });
    try {
      documentation = await loadDocumentation(client, { cache, onFallback: (reason) => connection.console.info(`motion: documentation not live (${reason})`) });
    } finally {
      await client.close();
    }
    connection.console.info(`motion: documentation ${documentation.describeSource()}, ${documentation.modules().length} modules`);
    for (const uri of service?.documents.uris() ?? []) void publish(uri);
    const current = state();
    void connection.sendNotification(DocumentationLoadedNotification, current);
    return current;
  };

  const configuredUrl = async (): Promise<string | undefined> => {
    if (!canAskConfiguration) return undefined;
    const settings = (await connection.workspace.getConfiguration('motion.server').catch(() => undefined)) as { url?: unknown } | undefined;
    return typeof settings?.url === 'string' && settings.url ? settings.url : undefined;
  };

  connection.onInitialize(async (params): Promise<InitializeResult> => {
    const options = (params.initializationOptions ?? {}) as InitializationOptions;
    serverUrl = options.serverUrl ?? serverUrl;
    timeoutMs = options.timeoutMs;
    cache = new DocumentationCache(options.cacheDir ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'motion-scripting', 'documentation'));
    canAskConfiguration = !!params.capabilities.workspace?.configuration;
    service = createMotionLanguageService({ parsers: await loadScriptParsers(), documentation: () => documentation });
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: ['.', '"', "'"] },
        hoverProvider: true,
        signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [','] },
      },
      serverInfo: { name: 'motion-language-server' },
    };
  });

  connection.onInitialized(async () => {
    if (canAskConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'motion' }).catch(() => undefined);
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

  connection.onDidOpenTextDocument(({ textDocument }) => {
    if (!service || !ScriptDocuments.isScriptLanguage(textDocument.languageId)) return;
    service.documents.open(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text);
    schedule(textDocument.uri);
  });
  connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
    if (service?.documents.change(textDocument.uri, textDocument.version, contentChanges)) schedule(textDocument.uri);
  });
  connection.onDidCloseTextDocument(({ textDocument }) => {
    clearTimeout(pending.get(textDocument.uri));
    pending.delete(textDocument.uri);
    service?.documents.close(textDocument.uri);
    void connection.sendDiagnostics({ uri: textDocument.uri, diagnostics: [] });
  });

  connection.onCompletion(({ textDocument, position }) => service?.complete(textDocument.uri, position) ?? null);
  connection.onHover(({ textDocument, position }) => service?.hover(textDocument.uri, position) ?? null);
  connection.onSignatureHelp(({ textDocument, position }) => service?.signatureHelp(textDocument.uri, position) ?? null);
}
