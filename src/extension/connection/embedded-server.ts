import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ServerDidNotStart, startReferenceServer, stopReferenceServer } from '../../runner/reference-server-process';
import { embeddedMayListenOn } from './embedded-port';

/** What a server says when another server holds its state file (server/scripting/persistence/state-lock.ts). */
const IN_USE = /is in use by another motion-server/;

/** How many ports the system may hand out before one that is not the application's is taken. */
const PORT_TRIES = 3;

/**
 * The project's own reference server (dist/motion-server.js) as a child process of the extension
 * host, on a free port of its own: never the application's (7979, or the configured URL's port),
 * so that an application started later finds its port free. Its state is in the extension's
 * storage. No `vscode` import.
 */
export class EmbeddedServer {
  private child: ChildProcess | undefined;
  private starting: Promise<string> | undefined;
  private readonly exitListeners = new Set<(description: string) => void>();
  url: string | undefined;

  /**
   * `stateFile`: the state every window shares (the extension's global storage); `windowStateFile`:
   * where this window's server keeps its state when another window's embedded server holds that
   * one (two VS Code windows, each with its own extension host), rather than stay offline.
   */
  constructor(
    private readonly serverScript: string,
    private readonly stateFile: string,
    private readonly log: (line: string) => void,
    private readonly windowStateFile?: string,
  ) {}

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  /**
   * Resolves once the running server has exited (its exit listeners have run), or after `ms`: a
   * call that found nobody listening can be ahead of the exit event that says why.
   */
  exitWithin(ms: number): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      child.once('exit', () => {
        clearTimeout(timer);
        setImmediate(resolve);
      });
    });
  }

  /** Told when the server stops without being asked to (a crash, a kill): with the exit code or signal. */
  onUnexpectedExit(listener: (description: string) => void): { dispose(): void } {
    this.exitListeners.add(listener);
    return { dispose: () => this.exitListeners.delete(listener) };
  }

  /**
   * Starts the server, or returns the one running or starting: two callers never start two
   * servers. `applicationUrl`: where the application is expected; its port is never taken (a
   * server running on it, after the setting changed, is stopped and started elsewhere).
   */
  async start(applicationUrl: string): Promise<string> {
    if (this.running && this.url) {
      if (embeddedMayListenOn(Number(new URL(this.url).port), applicationUrl)) return this.url;
      await this.stop();
    }
    this.starting ??= this.spawnOnOwnPort(applicationUrl).finally(() => (this.starting = undefined));
    return this.starting;
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const child = this.child;
    this.child = undefined;
    this.url = undefined;
    if (child) await stopReferenceServer(child);
  }

  /** A free port the system hands out (never 7979, which is below its range), checked against the rule all the same. */
  private async spawnOnOwnPort(applicationUrl: string): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const url = await this.spawnServer();
      if (embeddedMayListenOn(Number(new URL(url).port), applicationUrl)) return url;
      this.log(`embedded server was given ${url}, the application's port: starting it on another`);
      await this.stop();
      if (attempt === PORT_TRIES)
        throw new Error(`the embedded server found no free port other than the application's`);
    }
  }

  private async spawnServer(): Promise<string> {
    const spawnOn = (stateFile: string) =>
      startReferenceServer(this.serverScript, ['--port', '0', '--state', stateFile], (text) =>
        this.log(text.trimEnd()),
      ).then((started) => ({ ...started, stateFile }));
    const { child, url, stateFile } = await spawnOn(this.stateFile)
      .catch(async (error: Error) => {
        const windowFile = this.windowStateFile;
        if (!(error instanceof ServerDidNotStart && IN_USE.test(error.output) && windowFile)) throw error;
        this.log(
          `the shared state is another window's embedded server's: this window's keeps its own, in ${windowFile}`,
        );
        await mkdir(dirname(windowFile), { recursive: true });
        return spawnOn(windowFile);
      })
      .catch((error: Error) => {
        throw error instanceof ServerDidNotStart
          ? new Error(`the embedded server ${error.message}:\n${error.output}`, { cause: error })
          : error;
      });
    this.child = child;
    child.on('exit', (code, signal) => {
      const description = signal ? `killed by ${signal}` : `exit code ${code}`;
      this.log(`embedded server stopped (${description})`);
      // stop() forgets the child first: an exit it asked for is expected.
      if (this.child !== child) return;
      this.child = undefined;
      this.url = undefined;
      for (const listener of this.exitListeners) listener(description);
    });
    this.url = url;
    this.log(`embedded server listening on ${url}, state in ${stateFile}`);
    return url;
  }
}
