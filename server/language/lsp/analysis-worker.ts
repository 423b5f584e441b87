// The analysis worker (dist/language-worker.js): re-parses and checks documents off the request
// thread, so completion is never queued behind a long file's analysis.
import { parentPort } from 'node:worker_threads';
import { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { bundledDocumentation } from '../../../src/api/docs/load-documentation';
import { createMotionLanguageService } from '../service/language-service';
import { loadScriptParsers } from '../service/script-parsers';
import type { Range } from 'vscode-languageserver-types';
import type { FromAnalysis, ToAnalysis } from './analysis-messages';

const SLICE_MS = 8;
/** The lines an editor shows of a script it opens, when it has not said: its top. */
const TOP_LINES = 100;

async function main(): Promise<void> {
  const port = parentPort!;
  let documentation = bundledDocumentation();
  const service = createMotionLanguageService({
    parsers: await loadScriptParsers(),
    documentation: () => documentation,
  });
  const send = (message: FromAnalysis) => port.postMessage(message);

  // The lines the editor shows of each document, as it last said; the last version checked whole.
  const inView = new Map<string, Range[]>();
  const checkedWhole = new Map<string, number>();
  // A newer check of a document supersedes the one running (new documentation, a newer edit).
  const checks = new Map<string, number>();

  port.on('message', (message: ToAnalysis) => {
    switch (message.kind) {
      case 'open':
        service.documents.open(message.uri, message.languageId, message.version, message.text);
        checkedWhole.delete(message.uri);
        break;
      case 'change':
        service.documents.change(message.uri, message.version, message.changes);
        break;
      case 'close':
        service.documents.close(message.uri);
        inView.delete(message.uri);
        checkedWhole.delete(message.uri);
        checks.delete(message.uri);
        break;
      case 'documentation':
        documentation = DocumentationIndex.fromPackage(message.documentation, message.source);
        break;
      case 'diagnose':
        void diagnose(message.uri);
        break;
      case 'visible':
        inView.set(message.uri, message.ranges);
        // Scrolled (or shown) while a long script has not been checked whole yet: that part first.
        if (service.documents.get(message.uri)?.chunked && !checkedWhole.has(message.uri))
          void checkInView(message.uri);
        break;
    }
  });

  /**
   * A long script's first check gives the part in view first (what the editor said it shows, else
   * the top, where an editor opens a script), then the whole: its first diagnostics do not wait for
   * the whole of it.
   */
  const checkInView = async (uri: string) => {
    const document = service.documents.get(uri);
    if (!document) return;
    const version = document.text.version;
    const ranges = inView.get(uri) ?? [{ start: { line: 0, character: 0 }, end: { line: TOP_LINES, character: 0 } }];
    const within = {
      start: ranges.reduce((a, r) => (r.start.line < a.line ? r.start : a), ranges[0].start),
      end: ranges.reduce((a, r) => (r.end.line > a.line ? r.end : a), ranges[0].end),
    };
    try {
      const diagnostics = await service.diagnoseInSlices(uri, SLICE_MS, undefined, within);
      const references = diagnostics && (await service.nameReferencesInSlices(uri, SLICE_MS, undefined, within));
      // The whole check may have got there first: its diagnostics stand.
      if (!diagnostics || !references || checkedWhole.get(uri) === version) return;
      send({ kind: 'diagnostics', uri, version, diagnostics, aliases: [], references, partial: true });
    } catch (error) {
      send({ kind: 'failed', uri, message: (error as Error).stack ?? String(error) });
    }
  };

  // Slices let newer edits arrive (and abandon a stale check) while a long file is being checked.
  const diagnose = async (uri: string) => {
    const document = service.documents.get(uri);
    if (!document) return;
    const version = document.text.version;
    const check = (checks.get(uri) ?? 0) + 1;
    checks.set(uri, check);
    const superseded = {
      get isCancellationRequested() {
        return checks.get(uri) !== check;
      },
    };
    try {
      if (document.chunked && !checkedWhole.has(uri)) await checkInView(uri);
      const diagnostics = await service.diagnoseInSlices(uri, SLICE_MS, superseded);
      const references = diagnostics && (await service.nameReferencesInSlices(uri, SLICE_MS, superseded));
      if (!diagnostics || !references || service.documents.get(uri) !== document) return;
      checkedWhole.set(uri, version);
      send({
        kind: 'diagnostics',
        uri,
        version,
        diagnostics,
        aliases: [...document.aliases(documentation.packageName)],
        references,
      });
    } catch (error) {
      // One file that trips a bug must not stop the checking of every other file.
      send({ kind: 'failed', uri, message: (error as Error).stack ?? String(error) });
    }
  };
  send({ kind: 'ready' });
}

void main();
