import { reloadDocumentation } from '../language-client';
import type { MotionContext } from '../motion-context';

/**
 * Everything follows the connection: the views reload on every change of state (an application
 * that comes back shows again); when another application is connected, what belonged to the last
 * one ends, the language server loads the new one's documentation, and script sessions restart
 * against it. While connected, the views refresh every motion.explorer.autoRefreshSeconds.
 */
export function followConnection(ctx: MotionContext): void {
  const { connection, explorer, selection, languageClient, runner, periodicRefresh, log } = ctx.parts;
  // A language server that did not start has said so already (start-motion.ts): here it is only logged.
  const reload = (url: string) =>
    reloadDocumentation(languageClient, url).catch((error: Error) =>
      log.warn(`the documentation of ${url} was not loaded: ${error.message}`),
    );
  let connectedUrl: string | undefined;
  let connectedVersion: string | undefined;
  let told = false;
  let lastKind = connection.state.kind;
  let lastVersion: string | undefined;
  let application: string | undefined;
  ctx.own(
    connection.onDidChange((state) => {
      // Connected, lost, back; or another version in place (restarted, with what it holds now).
      const version = state.kind === 'connected' ? state.version : undefined;
      if (state.kind !== lastKind || version !== lastVersion) {
        lastKind = state.kind;
        lastVersion = version;
        explorer.refresh();
        selection.refresh();
      }
      // Lost, or connected to another application: what was the last one's ends.
      const now = state.kind === 'connected' ? state.url : undefined;
      if (now !== application) {
        ctx.endConnection();
        application = now;
        if (now) {
          periodicRefresh.restart();
          ctx.forConnection({ dispose: () => periodicRefresh.stop() });
        }
      }
      // The language server loads no documentation until told which application's (the connection
      // owns the URL): the first time no application answers there (nothing, or another service), the one configured (its cached
      // documentation, else the bundled one).
      if ((state.kind === 'offline' || state.kind === 'foreign') && !told) {
        told = true;
        void reload(state.url);
      }
      // Another application, or the same one of another version (updated and restarted in place):
      // its documentation. Sessions restart only for another application.
      if (state.kind !== 'connected' || (state.url === connectedUrl && state.version === connectedVersion)) return;
      told = true;
      const previous = connectedUrl;
      connectedUrl = state.url;
      connectedVersion = state.version;
      void reload(state.url);
      if (previous && previous !== state.url)
        void runner.reset(`the application changed from ${previous} to ${state.url}`);
    }),
  );
}

/** Settings changes, by what they need (settings-rules.ts says which setting needs what). */
export function followSettings(ctx: MotionContext): void {
  const { config, connection, runner, periodicRefresh } = ctx.parts;
  ctx.own(
    // A new URL or embedded mode is a choice made anew: what was chosen for now gives way.
    config.onNeed('reconnect', () => void connection.reconnect()),
    config.onNeed('reset-sessions', () => void runner.reset('the Python interpreter setting changed')),
    config.onNeed('reschedule-refresh', () => {
      if (connection.state.kind === 'connected') periodicRefresh.restart();
    }),
  );
}
