import * as vscode from 'vscode';
import { identifyApplication, type ApplicationIdentity } from '../../api/client/identify-application';
import { MotionClient, type RequestEvent, type WriteCall } from '../../api/client/motion-client';
import { MotionConnectionError } from '../../api/client/motion-error';
import { sameApplicationAddress } from '../../api/client/application-url';
import { windowsHostUnreachable, windowsHostUrl } from '../../api/client/windows-host';
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
  private readonly watcher = new ApplicationWatcher(
    (watched, identity) => {
      const url = this.foundAt.get(watched) ?? watched;
      this.log.info(`the application answers at ${url} (${identity.version}) while the embedded server stands in`);
      this.seen.fire({ url, version: identity.version });
    },
    {
      identify: (url, timeoutMs) =>
        this.identifyHereOrOnHost(url, timeoutMs).then(
          ({ identity, reason }) => identity ?? Promise.reject(new Error(reason)),
        ),
    },
  );
  /** Where the application last answered for a URL: itself, or the Windows host's address for it (WSL). */
  private readonly foundAt = new Map<string, string>();
  private readonly hostMissed = new vscode.EventEmitter<{ url: string; hostUrl: string; reason: string }>();
  /**
   * In WSL, nothing answers at the loopback URL nor at the Windows host's address for it: said
   * before the embedded server stands in, so that nobody takes its demo data for the application's.
   */
  readonly onDidMissWindowsHost = this.hostMissed.event;
  private current: ConnectionState;
  private clientFor: { url: string; client: MotionClient } | undefined;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private attempt = 0;
  private generation = 0;
  private checking: Promise<void> | undefined;
  private readonly embeddedExit: { dispose(): void };
  private writeWatcher: WriteWatcher | undefined;
  private readonly stoodIn = new vscode.EventEmitter<{ application: string; reason: string }>();
  /** The embedded server stands in for an application that was connected and went away (`auto`). */
  readonly onDidStandIn = this.stoodIn.event;
  /**
   * The application that was connected and went away, while Motion has not connected to it again:
   * a stand-in for it is asked for first (`standInAsked`), and said (onDidStandIn).
   */
  private lostApplication: { url: string; reason: string } | undefined;
  /** Asked before the embedded server stands in for a lost application: whether it may (followApplication asks the user when something holds state). */
  private mayStandIn: ((url: string, reason: string) => Promise<boolean>) | undefined;
  /** What was answered for this loss: undefined while not asked, or being asked. */
  private standInAnswer: 'asking' | 'yes' | 'no' | undefined;
  /**
   * The embedded server chosen for now (Use the Embedded Server), not by the setting: the URL is
   * still watched, and Motion offers to move back when the application answers; Reconnect does.
   */
  private embeddedByChoice = false;

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
  /** The embedded server, chosen for now: the application's URL is still watched (onDidSeeApplication). */
  useEmbedded(): Promise<ConnectionState> {
    this.embeddedByChoice = true;
    return this.connect();
  }

  /** Whether the embedded server stands in because the person chose it (not the setting, not a lost application). */
  get onEmbeddedByChoice(): boolean {
    return this.embeddedByChoice;
  }

  /** Reconnect: to the application at the URL, as the settings say, whatever was chosen for now. */
  reconnect(): Promise<ConnectionState> {
    this.embeddedByChoice = false;
    return this.connect();
  }

  async connect(): Promise<ConnectionState> {
    this.stopTimers();
    const generation = ++this.generation;
    const settings = this.settings();
    const { url } = settings;
    const embedded = this.embeddedByChoice ? 'always' : settings.embedded;
    this.set({ kind: 'connecting', url });
    let reason = '';
    if (embedded !== 'always') {
      const found = await this.identifyHereOrOnHost(url);
      if (generation !== this.generation) return this.current;
      const { identity } = found;
      reason = found.reason;
      if (found.url !== url && identity?.kind === 'motion') return this.connected(found.url, identity, false);
      if (identity?.kind === 'foreign') {
        // Something else answers there: say so, rather than quietly using the embedded server.
        this.set({ kind: 'foreign', url, reason: identity.reason });
        return this.current;
      }
      // The embedded server never takes the URL's port, but a user may point the URL at it: name it for what it is.
      if (identity) return this.connected(url, identity, this.embeddedAnswersAt(url));
    }
    // In auto, after the application went away: the embedded server stands in only once it may
    // (asked while something holds state); meanwhile Motion waits for the application, offline.
    if (embedded === 'auto' && this.lostApplication && this.standInAnswer !== 'yes') {
      if (this.standInAnswer === undefined) this.askToStandIn(this.lostApplication.url, reason);
      this.offline(url, `${reason}; the embedded server stands in only when you say so`);
      return this.current;
    }
    if (embedded !== 'never') {
      try {
        const embeddedUrl = await this.embedded.start(url);
        const identity = await identifyApplication(embeddedUrl);
        if (generation !== this.generation) return this.current;
        if (identity.kind === 'motion') {
          const lost = this.lostApplication;
          const state = this.connected(embeddedUrl, identity, true);
          if (lost) this.stoodIn.fire({ application: lost.url, reason: lost.reason });
          this.lostApplication = undefined;
          this.standInAnswer = undefined;
          return state;
        }
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

  /**
   * What answers at `url`, or (in WSL, when nothing does and `url` is loopback) at the Windows
   * host's address for it. `reason` says why nothing answers where nothing does.
   */
  private async identifyHereOrOnHost(
    url: string,
    timeoutMs?: number,
  ): Promise<{ url: string; identity?: ApplicationIdentity; reason: string }> {
    let reason = '';
    const identity = await identifyApplication(url, timeoutMs).catch(
      (error: Error) => ((reason = error.message), undefined),
    );
    if (identity) return this.found(url, url, identity, reason);
    const hostUrl = await windowsHostUrl(url);
    if (!hostUrl) return { url, reason };
    const onHost = await identifyApplication(hostUrl, timeoutMs).catch(() => undefined);
    if (onHost?.kind === 'motion') return this.found(url, hostUrl, onHost, reason);
    const why = windowsHostUnreachable(url, hostUrl);
    if (this.current.kind !== 'connected') this.hostMissed.fire({ url, hostUrl, reason: why });
    return { url, reason: why };
  }

  private found(url: string, at: string, identity: ApplicationIdentity, reason: string) {
    this.foundAt.set(url, at);
    return { url: at, identity, reason };
  }

  /**
   * Whoever decides whether the embedded server may stand in for an application that went away;
   * without one it stands in at once (and onDidStandIn says so).
   */
  askBeforeStandingIn(mayStandIn: (url: string, reason: string) => Promise<boolean>): vscode.Disposable {
    this.mayStandIn = mayStandIn;
    return new vscode.Disposable(() => {
      if (this.mayStandIn === mayStandIn) this.mayStandIn = undefined;
    });
  }

  private askToStandIn(url: string, reason: string): void {
    const mayStandIn = this.mayStandIn;
    if (!mayStandIn) {
      this.standInAnswer = 'yes';
      return;
    }
    this.standInAnswer = 'asking';
    void mayStandIn(url, reason).then(
      (yes) => {
        if (this.standInAnswer !== 'asking') return; // the application came back meanwhile
        this.standInAnswer = yes ? 'yes' : 'no';
        if (yes && this.current.kind !== 'connected') void this.connect();
      },
      () => (this.standInAnswer = 'no'),
    );
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
    this.stoodIn.dispose();
    this.hostMissed.dispose();
  }

  /** The application went away: offline now (the status says why), and reconnecting at once, then with backoff. */
  private lost(reason: string): void {
    if (this.current.kind === 'connected' && !this.current.embedded)
      this.lostApplication = { url: this.current.url, reason };
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
    // The application is back (or another was chosen): a later loss is a new one, asked about afresh.
    if (!embedded) {
      this.lostApplication = undefined;
      this.standInAnswer = undefined;
    }
    this.set({ kind: 'connected', url, version: identity.version, embedded });
    this.heartbeat = setInterval(() => void this.check(), HEARTBEAT_MS);
    const configured = this.settings();
    if (
      embedded &&
      (configured.embedded === 'auto' || this.embeddedByChoice) &&
      !sameApplicationAddress(url, configured.url)
    )
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
