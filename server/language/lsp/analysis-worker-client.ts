import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../../../src/api/runtime/bundled-worker';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { yieldToRequests } from '../service/script-documents';
import type { FromAnalysis, ToAnalysis } from '../service/analysis-messages';

/** Restarts allowed within RESTART_WINDOW_MS before the worker is left stopped (and that is logged). */
export const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

interface AnalysisWorkerOptions {
  onDiagnostics(message: Extract<FromAnalysis, { kind: 'diagnostics' }>): void;
  log(line: string): void;
  /** What a new worker needs to catch up: the open documents, as open messages. */
  openDocuments(): ToAnalysis[];
  /** The worker's script (default: the built dist/language-worker.js). */
  script?: string;
}

/**
 * The request thread's handle on the analysis worker. A worker that dies (a bug, out of memory) is
 * started again with the documentation and the open documents, and checks them again; after
 * MAX_RESTARTS within a minute it is left stopped, and the log says so.
 */
export class AnalysisWorker {
  private worker!: Worker;
  private documentation: ToAnalysis | undefined;
  private restarts: number[] = [];
  private stopping = false;

  constructor(private readonly options: AnalysisWorkerOptions) {
    this.start();
  }

  /** Messages for the worker, sent in order once the requests waiting now are answered. */
  private outbox: ToAnalysis[] = [];

  /**
   * Sends a message to the worker, after the requests already waiting: a check (and the edits it
   * brings) that falls due as a keystroke's requests come in does not go before them.
   */
  post(message: ToAnalysis): void {
    this.outbox.push(message);
    if (this.outbox.length === 1) void yieldToRequests().then(() => this.flush());
  }

  private flush(): void {
    const messages = this.outbox;
    this.outbox = [];
    for (const message of messages) this.worker.postMessage(message);
  }

  useDocumentation(index: DocumentationIndex): void {
    this.documentation = { kind: 'documentation', documentation: index.documentation, source: index.source };
    this.post(this.documentation);
  }

  async terminate(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
  }

  private start(): void {
    const worker = new Worker(this.options.script ?? bundledWorker('language-worker.js'));
    this.worker = worker;
    worker.on('message', (message: FromAnalysis) => {
      if (message.kind === 'diagnostics') this.options.onDiagnostics(message);
      if (message.kind === 'failed') this.options.log(`motion: checking ${message.uri} failed: ${message.message}`);
    });
    worker.on('error', (error) => this.options.log(`motion: analysis worker failed: ${error.stack ?? error.message}`));
    worker.on('exit', (code) => {
      if (this.stopping || worker !== this.worker) return;
      const now = Date.now();
      this.restarts = this.restarts.filter((t) => now - t < RESTART_WINDOW_MS);
      if (this.restarts.length >= MAX_RESTARTS) {
        this.options.log(
          `motion: analysis worker stopped (exit ${code}) ${MAX_RESTARTS} times within a minute; diagnostics are off until the language server restarts`,
        );
        return;
      }
      this.restarts.push(now);
      this.options.log(
        `motion: analysis worker stopped (exit ${code}); starting it again (${this.restarts.length} of ${MAX_RESTARTS})`,
      );
      this.start();
      if (this.documentation) this.post(this.documentation);
      for (const open of this.options.openDocuments()) {
        this.post(open);
        if (open.kind === 'open') this.post({ kind: 'diagnose', uri: open.uri });
      }
    });
    worker.unref();
  }
}
