import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../../../src/runner/bundled-worker';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import type { FromAnalysis, ToAnalysis } from './analysis-messages';

/** The request thread's handle on the analysis worker. */
export class AnalysisWorker {
  private readonly worker: Worker;

  constructor(onDiagnostics: (message: Extract<FromAnalysis, { kind: 'diagnostics' }>) => void, onError: (error: Error) => void) {
    this.worker = new Worker(bundledWorker('language-worker.js'));
    this.worker.on('message', (message: FromAnalysis) => {
      if (message.kind === 'diagnostics') onDiagnostics(message);
    });
    this.worker.on('error', onError);
    this.worker.unref();
  }

  post(message: ToAnalysis): void {
    this.worker.postMessage(message);
  }

  useDocumentation(index: DocumentationIndex): void {
    this.post({ kind: 'documentation', documentation: index.documentation, source: index.source });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}
