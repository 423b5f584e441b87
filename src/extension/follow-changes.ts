import * as vscode from 'vscode';
import { reloadDocumentation } from './language-client';
import type { MotionContext } from './motion-context';

/**
 * Everything follows the connection: the views reload on every change of state (an application
 * that comes back shows again); when another application is connected, what belonged to the last
 * one ends, the language server loads the new one's documentation, and script sessions restart
 * against it. While connected, the views refresh every motion.explorer.autoRefreshSeconds.
 */
export function followConnection(ctx: MotionContext): void {
  const { connection, explorer, selection, languageClient, runner } = ctx.parts;
  let connectedUrl: string | undefined;
  let lastKind = connection.state.kind;
  let application: string | undefined;
  ctx.own(
    connection.onDidChange((state) => {
      if (state.kind !== lastKind) {
        lastKind = state.kind;
        explorer.refresh();
        selection.refresh();
      }
      // Lost, or connected to another application: what was the last one's ends.
      const now = state.kind === 'connected' ? state.url : undefined;
      if (now !== application) {
        ctx.endConnection();
        application = now;
        if (now) autoRefresh(ctx);
      }
      if (state.kind !== 'connected' || state.url === connectedUrl) return;
      const previous = connectedUrl;
      connectedUrl = state.url;
      void reloadDocumentation(languageClient, state.url);
      if (previous) void runner.reset(`the application changed from ${previous} to ${state.url}`);
    }),
  );
}

/** Settings changes, by what they need (settings-rules.ts says which setting needs what). */
export function followSettings(ctx: MotionContext): void {
  const { config, connection, runner } = ctx.parts;
  ctx.own(
    config.onNeed('reconnect', () => void connection.connect()),
    config.onNeed('reset-sessions', () => void runner.reset('the Python interpreter setting changed')),
    config.onNeed('reschedule-refresh', () => {
      if (connection.state.kind === 'connected') autoRefresh(ctx);
    }),
  );
}

let refreshing: vscode.Disposable | undefined;

/** (Re)starts the periodic refresh of the views for the current connection; the interface has no change events. */
function autoRefresh(ctx: MotionContext): void {
  refreshing?.dispose();
  refreshing = undefined;
  const seconds = ctx.parts.config.autoRefreshSeconds;
  if (seconds <= 0) return;
  const timer = setInterval(() => {
    ctx.parts.explorer.refresh();
    ctx.parts.selection.refresh();
  }, seconds * 1000);
  const current = (refreshing = { dispose: () => clearInterval(timer) });
  ctx.forConnection(current);
}
