// The analysis worker (dist/language-worker.js): re-parses and checks documents off the request
// thread, so completion is never queued behind a long file's analysis.
import { parentPort } from 'node:worker_threads';
import { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { bundledDocumentation } from '../../../src/api/docs/load-documentation';
import { createMotionLanguageService } from '../service/language-service';
import { loadScriptParsers } from '../service/script-parsers';
import type { FromAnalysis, ToAnalysis } from './analysis-messages';

const SLICE_MS = 8;

async function main(): Promise<void> {
  const port = parentPort!;
  let documentation = bundledDocumentation();
  const service = createMotionLanguageService({
    parsers: await loadScriptParsers(),
    documentation: () => documentation,
  });
  const send = (message: FromAnalysis) => port.postMessage(message);

  port.on('message', (message: ToAnalysis) => {
    switch (message.kind) {
      case 'open':
        service.documents.open(message.uri, message.languageId, message.version, message.text);
        break;
      case 'change':
        service.documents.change(message.uri, message.version, message.changes);
        break;
      case 'close':
        service.documents.close(message.uri);
        break;
      case 'documentation':
        documentation = DocumentationIndex.fromPackage(message.documentation, message.source);
        break;
      case 'diagnose':
        void diagnose(message.uri);
        break;
    }
  });

  // Slices let newer edits arrive (and abandon a stale check) while a long file is being checked.
  const diagnose = async (uri: string) => {
    const document = service.documents.get(uri);
    if (!document) return;
    const version = document.text.version;
    try {
      const diagnostics = await service.diagnoseInSlices(uri, SLICE_MS);
      const references = diagnostics && (await service.nameReferencesInSlices(uri, SLICE_MS));
      if (!diagnostics || !references || service.documents.get(uri) !== document) return;
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
