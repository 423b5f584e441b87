import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

export const LANGUAGE_SERVER_BIN = resolve(__dirname, '../../dist/language-server.js');

/** The built language server over stdio, and a JSON-RPC connection to it: what any LSP client does. */
export interface LspSession {
  connection: MessageConnection;
  child: ChildProcess;
  /** Resolves with the next diagnostics published for a URI that satisfy a condition. */
  diagnostics(
    uri: string,
    accept?: (p: PublishDiagnosticsParams) => boolean,
    timeoutMs?: number,
  ): Promise<PublishDiagnosticsParams>;
  stderr(): string;
  close(): Promise<void>;
}

export function startLspSession(): LspSession {
  const child = spawn(process.execPath, [LANGUAGE_SERVER_BIN, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (d) => (errors += d));
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const waiters: {
    uri: string;
    accept: (p: PublishDiagnosticsParams) => boolean;
    resolve: (p: PublishDiagnosticsParams) => void;
  }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    for (const w of [...waiters]) {
      if (w.uri === params.uri && w.accept(params)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(params);
      }
    }
  });
  connection.onRequest('workspace/configuration', () => [null]);
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  return {
    connection,
    child,
    diagnostics: (uri, accept = () => true, timeoutMs = 10_000) =>
      new Promise((resolvePromise, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({ uri, accept, resolve: (p) => (clearTimeout(timer), resolvePromise(p)) });
      }),
    stderr: () => errors,
    async close() {
      try {
        await connection.sendRequest('shutdown');
        void connection.sendNotification('exit');
      } catch {
        // already gone
      }
      connection.dispose();
      await new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
    },
  };
}

/** A diagnostic's message as text (LSP 3.18 allows Markdown content there). */
/**
 * Opens the conversation as an editor does: initialize, then initialized. Without options, no
 * application answers (its URL is unreachable: the bundled documentation) and the cache is new.
 */
export async function initializeLsp(
  lsp: LspSession,
  { capabilities = {}, initializationOptions }: { capabilities?: object; initializationOptions?: object } = {},
): Promise<unknown> {
  const result: unknown = await lsp.connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities,
    initializationOptions: initializationOptions ?? {
      serverUrl: 'http://127.0.0.1:9',
      cacheDir: lspCacheFolder(),
    },
  });
  void lsp.connection.sendNotification('initialized', {});
  return result;
}

/** The language servers' cache folders, removed when this process ends (the suite leaves none behind). */
const cacheFolders: string[] = [];
process.once('exit', () => {
  for (const folder of cacheFolders) rmSync(folder, { recursive: true, force: true });
});

function lspCacheFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'motion-lsp-'));
  cacheFolders.push(folder);
  return folder;
}

export function messageText(message: string | { value: string }): string {
  return typeof message === 'string' ? message : message.value;
}
