import * as vscode from 'vscode';
import { MotionClient, type RequestEvent } from '../../api/client/motion-client';
import { MotionError } from '../../api/client/motion-error';
import { backoff, type ConnectionState, type EmbeddedMode } from './connection-state';
import type { EmbeddedServer } from './embedded-server';

/**
 * The connection to the application: the configured URL, or the embedded reference server when
 * nothing answers there (`auto`) or always (`always`). Offline, it retries with backoff. Everything
 * that talks to the application asks it for the current client.
 */
export class MotionConnection implements vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<ConnectionState>();
  readonly onDidChange = this.changes.event;
  private current: ConnectionState;
  private clientFor: { url: string; client: MotionClient } | undefined;
  private retry: NodeJS.Timeout | undefined;
  private attempt = 0;
  private generation = 0;

  constructor(
    private readonly settings: () => { url: string; embedded: EmbeddedMode },
    private readonly embedded: EmbeddedServer,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.current = { kind: 'connecting', url: settings().url };
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
      };
      this.clientFor = { url, client: new MotionClient({ url, onRequest }) };
    }
    return this.clientFor.client;
  }

  /** (Re)connects now: the configured URL first, then the embedded server as the mode allows. */
  async connect(): Promise<ConnectionState> {
    clearTimeout(this.retry);
    const generation = ++this.generation;
    const { url, embedded } = this.settings();
    this.set({ kind: 'connecting', url });
    let reason = '';
    if (embedded !== 'always') {
      const version = await this.probe(url).catch((error: Error) => ((reason = error.message), undefined));
      if (generation !== this.generation) return this.current;
      if (version) return this.connected(url, version, false);
    }
    if (embedded !== 'never') {
      try {
        const embeddedUrl = await this.embedded.start();
        const version = await this.probe(embeddedUrl);
        if (generation !== this.generation) return this.current;
        return this.connected(embeddedUrl, version, true);
      } catch (error) {
        reason = (error as Error).message;
        this.log.error(`embedded server: ${reason}`);
      }
    }
    const retryInMs = backoff(this.attempt++);
    this.set({ kind: 'offline', url, reason, retryInMs });
    this.retry = setTimeout(() => void this.connect(), retryInMs);
    return this.current;
  }

  /** Checks the connection (e.g. after a failed call); reconnects if it is gone. */
  async check(): Promise<void> {
    if (this.current.kind !== 'connected') return;
    const version = await this.probe(this.current.url).catch(() => undefined);
    if (!version) await this.connect();
  }

  dispose(): void {
    clearTimeout(this.retry);
    this.generation++;
    void this.clientFor?.client.close();
    this.changes.dispose();
  }

  private connected(url: string, version: string, embedded: boolean): ConnectionState {
    this.attempt = 0;
    this.set({ kind: 'connected', url, version, embedded });
    return this.current;
  }

  private async probe(url: string): Promise<string> {
    const client = new MotionClient({ url, timeoutMs: 2_000 });
    try {
      return await client.get_version();
    } catch (error) {
      // It answered, just not this operation: an application without motion.get_version.
      if (error instanceof MotionError) return 'application (version unknown)';
      throw error;
    } finally {
      await client.close();
    }
  }

  private set(state: ConnectionState): void {
    this.current = state;
    this.log.info(`connection: ${state.kind} ${state.url}${state.kind === 'offline' ? ` (${state.reason})` : ''}`);
    this.changes.fire(state);
  }
}
