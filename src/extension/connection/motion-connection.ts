import * as vscode from 'vscode';
import { identifyApplication, type ApplicationIdentity } from '../../api/client/identify-application';
import { MotionClient, type RequestEvent, type WriteCall } from '../../api/client/motion-client';
import { MotionConnectionError } from '../../api/client/motion-error';
import { sameApplicationAddress } from '../../api/client/application-url';
import { ApplicationWatcher } from './application-watcher';
import { backoff, type ConnectionState, type EmbeddedMode } from './connection-state';
import type { EmbeddedServer } from './embedded-server';

/** While connected, how often the application is asked whether it is still there. */
const HEARTBEAT_MS = 5_000;
/** How long a failed check waits for the embedded server's exit event, to report its reason. */
const EXIT_WAIT_MS = 1_000;

/** A motion application that answers at the configured URL while the embedded server stands in for it. */
interface ApplicationSeen {
  url: string;
  version: string;
}

/** Around every change made through the connection's clients: `send` makes it (a recording's hook). */
type WriteWatcher = (client: MotionClient, call: WriteCall, send: () => Promise<unknown>) => Promise<unknown>;

/**
 * The connection to the application: the configured URL, or the embedded reference server when
 * nothing answers there (`auto`) or always (`always`). A URL counts only when a motion application
 * answers there. Offline, it retries with backoff; connected, it notices a lost application (a
 * heartbeat, failed calls, the embedded server's exit) and reconnects. On the embedded server in
 * `auto`, it keeps watching the URL and tells (onDidSeeApplication) when the application starts
 * there; connect() then moves to it. Everything that talks to the application asks it for the
 * current client.
 */
export class MotionConnection implements vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<ConnectionState>();
  readonly onDidChange = this.changes.event;
  private readonly seen = new vscode.EventEmitter<ApplicationSeen>();
  readonly onDidSeeApplication = this.seen.event;
  private readonly watcher = new ApplicationWatcher((url, identity) => {
    this.log.info(`the application answers at ${url} (${identity.version}) while the embedded server stands in`);
    this.seen.fire({ url, version: identity.version });
  });
  private current: ConnectionState;
  private clientFor: { url: string; client: MotionClient } | undefined;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private attempt = 0;
  private generation = 0;
  private checking: Promise<void> | undefined;
  private readonly embeddedExit: { dispose(): void };
  private writeWatcher: WriteWatcher | undefined;

  constructor(
    private readonly settings: () => { url: string; embedded: EmbeddedMode },
    private readonly embedded: EmbeddedServer,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.current = { kind: 'connecting', url: settings().url };
    this.embeddedExit = embedded.onUnexpectedExit((description) => {
      if (this.current.kind !== 'connected' || !this.current.embedded) return;
      this.log.error(`the embedded server stopped (${description}): restarting it`);
      this.lost(`the embedded server stopped (${description})`);
    });
  }

  get state(): ConnectionState {
    return this.current;
  }

  /**
   * Which application is connected, for the change history: the embedded server (the same state
   * whatever its port) or the URL; undefined while not connected.
   */
  application(): string | undefined {
    if (this.current.kind !== 'connected') return undefined;
    return this.current.embedded ? 'embedded' : this.current.url;
  }

  /** A client for the connected application (or the configured URL while not connected). */
  client(): MotionClient {
    const url = this.current.url;
    if (this.clientFor?.url !== url) {
      void this.clientFor?.client.close();
      const onRequest = (e: RequestEvent) => {
        const line = `${e.operation} ${e.status} ${e.milliseconds.toFixed(1)} ms${e.error ? `: ${e.error.message}` : ''}`;
        if (e.error) this.log.warn(line);
        else this.log.trace(line);
        // A call that found nobody: check at once rather than at the next heartbeat.
        if (e.error instanceof MotionConnectionError && (e.error.kind === 'unreachable' || e.error.kind === 'dropped'))
          void this.check();
      };
      const client: MotionClient = new MotionClient({
        url,
        onRequest,
        aroundWrite: (call, send) => (this.writeWatcher ? this.writeWatcher(client, call, send) : send()),
      });
      this.clientFor = { url, client };
    }
    return this.clientFor.client;
  }

  /** Every change made through the clients this connection gives goes through `watcher` until disposed. */
  watchWrites(watcher: WriteWatcher): vscode.Disposable {
    this.writeWatcher = watcher;
    return new vscode.Disposable(() => {
      if (this.writeWatcher === watcher) this.writeWatcher = undefined;
    });
  }

  /** (Re)connects now: the configured URL first, then the embedded server as the mode allows. */
  async connect(): Promise<ConnectionState> {
    this.stopTimers();
    const generation = ++this.generation;
    const { url, embedded } = this.settings();
    this.set({ kind: 'connecting', url });
    let reason = '';
    if (embedded !== 'always') {
      const identity = await identifyApplication(url).catch((error: Error) => ((reason = error.message), undefined));
      if (generation !== this.generation) return this.current;
      if (identity?.kind === 'foreign') {
        // Something else answers there: say so, rather than quietly using the embedded server.
        this.set({ kind: 'foreign', url, reason: identity.reason });
        return this.current;
      }
      // The embedded server never takes the URL's port, but a user may point the URL at it: name it for what it is.
      if (identity) return this.connected(url, identity, this.embeddedAnswersAt(url));
    }
    if (embedded !== 'never') {
      try {
        const embeddedUrl = await this.embedded.start(url);
        const identity = await identifyApplication(embeddedUrl);
        if (generation !== this.generation) return this.current;
        if (identity.kind === 'motion') return this.connected(embeddedUrl, identity, true);
        reason = `the embedded server does not answer as a motion application: ${identity.reason}`;
      } catch (error) {
        if (generation !== this.generation) return this.current;
        reason = (error as Error).message;
        this.log.error(`embedded server: ${reason}`);
      }
    }
    this.offline(url, reason);
    return this.current;
  }

  private embeddedAnswersAt(url: string): boolean {
    return this.embedded.running && !!this.embedded.url && sameApplicationAddress(this.embedded.url, url);
  }

  /**
   * Checks that the connected application still answers (after a failed call, and on a heartbeat);
   * reconnects if it is gone. One that answers with another version was updated and restarted in
   * place between two heartbeats: connected still, with its new version (what follows the
   * connection reads its documentation again).
   */
  check(): Promise<void> {
    if (this.current.kind !== 'connected') return Promise.resolve();
    const { url } = this.current;
    const generation = this.generation;
    this.checking ??= identifyApplication(url)
      .then(
        (identity) => {
          if (identity.kind !== 'motion') return `${url} no longer answers as a motion application: ${identity.reason}`;
          const now = this.current;
          if (generation === this.generation && now.kind === 'connected' && now.version !== identity.version)
            this.set({ ...now, version: identity.version });
          return undefined;
        },
        (error: Error) => error.message,
      )
      .then(async (problem) => {
        // The embedded server's own exit says why better than "nothing is listening": wait for it briefly.
        if (problem && this.current.kind === 'connected' && this.current.embedded)
          await this.embedded.exitWithin(EXIT_WAIT_MS);
        if (problem && generation === this.generation && this.current.kind === 'connected') this.lost(problem);
      })
      .finally(() => (this.checking = undefined));
    return this.checking;
  }

  dispose(): void {
    this.stopTimers();
    this.generation++;
    this.embeddedExit.dispose();
    void this.clientFor?.client.close();
    this.changes.dispose();
    this.seen.dispose();
  }

  /** The application went away: offline now (the status says why), and reconnecting at once, then with backoff. */
  private lost(reason: string): void {
    this.generation++;
    this.stopTimers();
    this.set({ kind: 'offline', url: this.current.url, reason });
    void this.connect();
  }

  private offline(url: string, reason: string): void {
    const retryInMs = backoff(this.attempt++);
    this.set({ kind: 'offline', url, reason, retryInMs });
    this.retry = setTimeout(() => void this.connect(), retryInMs);
  }

  private connected(
    url: string,
    identity: Extract<ApplicationIdentity, { kind: 'motion' }>,
    embedded: boolean,
  ): ConnectionState {
    this.attempt = 0;
    this.set({ kind: 'connected', url, version: identity.version, embedded });
    this.heartbeat = setInterval(() => void this.check(), HEARTBEAT_MS);
    const configured = this.settings();
    if (embedded && configured.embedded === 'auto' && !sameApplicationAddress(url, configured.url))
      this.watcher.watch(configured.url);
    return this.current;
  }

  private stopTimers(): void {
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    this.watcher.stop();
  }

  /** The URL watched for the application while the embedded server stands in, if any. */
  get watchedUrl(): string | undefined {
    return this.watcher.watching;
  }

  private set(state: ConnectionState): void {
    this.current = state;
    this.log.info(
      `connection: ${state.kind} ${state.url}${state.kind === 'offline' || state.kind === 'foreign' ? ` (${state.reason})` : ''}`,
    );
    this.changes.fire(state);
  }
}
