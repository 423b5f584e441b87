// The analysis worker (dist/language-worker.js): re-parses and checks the open scripts off the
// request thread, so completion is never queued behind a long file's analysis. The checking
// itself is the service's (ScriptChecks); this is its wiring to the thread's port.
import { parentPort } from 'node:worker_threads';
import type { FromAnalysis, ToAnalysis } from '../service/analysis-messages';
import { ScriptChecks } from '../service/script-checks';
import { loadScriptParsers } from '../service/script-parsers';

async function main(): Promise<void> {
  const port = parentPort!;
  const send = (message: FromAnalysis) => port.postMessage(message);
  const checks = new ScriptChecks(await loadScriptParsers(), send);
  port.on('message', (message: ToAnalysis) => void checks.receive(message));
  send({ kind: 'ready' });
}

void main();
