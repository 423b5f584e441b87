import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { EmbeddedMode } from './connection-state';
import { EmbeddedServer } from './embedded-server';
import { embeddedNeededNow, HeldLines } from './embedded-server-early';

/** This window's embedded server, and where its lines go once Motion's log exists. */
export interface OwnEmbeddedServer {
  server: EmbeddedServer;
  logTo(log: (line: string) => void): void;
}

/**
 * The embedded server, made as Motion starts, before Motion's code is loaded: its state in the
 * extension's storage, and started at once when it is sure to be needed (embedded-server-early.ts)
 * and the start waits on the application first, so that its process starts while the extension host
 * loads Motion. Stopped with the extension.
 */
export async function ownEmbeddedServer(
  extension: vscode.ExtensionContext,
  /** The settings as they are now (MotionConfig's). */
  config: { readonly serverUrl: string; readonly embedded: EmbeddedMode },
  /** Whether the start waits on the application first (else the server starts when the connection asks). */
  connectionFirst: boolean,
): Promise<OwnEmbeddedServer> {
  // Made by Node in this process, where the folder is (the extension host runs beside it): through
  // workspace.fs it is a round trip to the workbench, a tenth of a second at a busy start.
  await mkdir(extension.globalStorageUri.fsPath, { recursive: true });
  const lines = new HeldLines();
  const server = new EmbeddedServer(
    extension.asAbsolutePath(path.join('dist', 'motion-server.js')),
    path.join(extension.globalStorageUri.fsPath, 'state.json'),
    lines.say,
    // A second window's own, when the first one's embedded server holds the shared state.
    extension.storageUri && path.join(extension.storageUri.fsPath, 'state.json'),
  );
  extension.subscriptions.push({ dispose: () => void server.stop() });
  // A start that fails here is tried again, and said, when the connection asks for the server.
  if (connectionFirst && (await embeddedNeededNow(config.serverUrl, config.embedded)))
    void server.start(config.serverUrl).catch(() => undefined);
  return { server, logTo: (log) => lines.sendTo(log) };
}
