/**
 * npm run bench:ls — completion latency after an edit in a 10,000-line Python script: our language
 * server against pyright's (npm package `pyright`, its language server over stdio, given the stubs
 * from `motion stubs`), in the same run, each driven the same way over stdio. Prints p50/p99 and ratios,
 * and ours again over Node IPC, the way VS Code starts it. Ours runs with its Node flags, as the
 * extension and the README start it.
 * Then the inlay hints of the visible range around the edit (50 lines, every kind on), after each
 * edit, where the server offers them (pyright does not: they are Pylance's).
 *
 * Diagnostics: the first ones after the document opens (a long script's part in view comes first,
 * its top here), all of them (the first publication that has the mistake on the script's last
 * line), and after each edit: from the edit to the diagnostics of the text it made (the publication
 * of its version; a server that gives none: the next one).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { LANGUAGE_SERVER_NODE_FLAGS } from '../server/language/node-flags';
import { generatePythonStubs } from '../src/api/codegen/python-stubs';
import { bundledDocumentation } from '../src/api/docs/load-documentation';
import { startChildServer } from '../test/support/child-server';
import { tenThousandLineScript } from './ten-thousand-lines';

/**
 * Rounds for our server, and for pyright, whose rounds take seconds each. Ours are 500: the p99 of
 * 200 is their third-slowest sample, one slow round more or less moves it (before the server's V8
 * compiles waited 10 ms, node-flags.ts, it moved between 3.5 and 5.8 ms from run to run on the same
 * code; see CONTRIBUTING.md); of 500 it is the fifth.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const PEER_ROUNDS = Number(process.env.BENCH_PEER_ROUNDS ?? 30);
const EDIT_LINE = 5_000;
/** A typing pause between rounds, so each server's background work (re-parse, diagnostics) runs between keystrokes. */
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 300);

interface Figures {
  p50: number;
  p99: number;
  mean: number;
  firstDiagnosticsMs: number;
  allDiagnosticsMs: number;
  /** From an edit to the diagnostics of its version: typing a line, and taking it away again. */
  typedDiagnostics: { p50: number; p99: number };
  undoneDiagnostics: { p50: number };
  items: number;
  /** The visible range's inlay hints after each edit; undefined when the server offers none. */
  hints?: { p50: number; p99: number; count: number };
  /** A request no server handles, answered at once with an error: the pipes, JSON-RPC and the machine. */
  floor: { p50: number; p99: number };
}

/** The lines an editor shows around the edit: what it asks inlay hints for. */
const VISIBLE_LINES = 50;

/** Nearest-rank percentile of sorted samples: the smallest value with at least q of them at or below it. */
const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];

async function measure(
  name: string,
  command: string[],
  workspace: string,
  file: string,
  text: string,
  initializationOptions: unknown,
  rounds: number,
): Promise<Figures> {
  // Over stdio, as editors other than VS Code start a server; over Node IPC, as VS Code starts ours.
  const ipc = command.includes('--node-ipc');
  const child = spawn(process.execPath, command, {
    cwd: workspace,
    stdio: ipc ? ['pipe', 'pipe', 'pipe', 'ipc'] : ['pipe', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', () => undefined);
  const connection = ipc
    ? createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child))
    : createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const uri = pathToFileURL(file).href;
  const lastLine = text.split('\n').length - 2;
  let diagnosed: () => void = () => undefined;
  const firstDiagnostics = new Promise<void>((r) => (diagnosed = r));
  let allDiagnosed: () => void = () => undefined;
  const allDiagnostics = new Promise<void>((r) => (allDiagnosed = r));
  /** When the diagnostics of each version came; a publication without a version is the latest edit's. */
  const published = new Map<number, number>();
  let latest = 1;
  let heard: () => void = () => undefined;
  connection.onNotification(
    'textDocument/publishDiagnostics',
    (p: { uri: string; version?: number; diagnostics: { range: { start: { line: number } } }[] }) => {
      if (p.uri !== uri) return;
      diagnosed();
      if (p.diagnostics.some((d) => d.range.start.line === lastLine)) allDiagnosed();
      const version = p.version ?? latest;
      if (!published.has(version)) published.set(version, performance.now());
      heard();
    },
  );
  /** How long after `since` the diagnostics of `version` came (waiting up to 3 s for them). */
  const diagnosticsOf = async (version: number, since: number): Promise<number | undefined> => {
    const deadline = performance.now() + 3_000;
    while (!published.has(version) && performance.now() < deadline)
      await new Promise<void>((r) => {
        heard = r;
        setTimeout(r, 50);
      });
    const at = published.get(version);
    return at === undefined ? undefined : at - since;
  };
  // Every kind of inlay hint on, as a user who wants them has it.
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) =>
      item.section === 'motion.inlayHints' ? { parameterNames: 'all', variableTypes: true } : null,
    ),
  );
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onNotification(() => undefined);
  connection.listen();
  const initialized = await connection.sendRequest<{ capabilities: { inlayHintProvider?: unknown } }>('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(workspace).href,
    workspaceFolders: [{ uri: pathToFileURL(workspace).href, name: 'bench' }],
    capabilities: {
      workspace: { configuration: true },
      textDocument: { completion: { completionItem: { snippetSupport: false } }, publishDiagnostics: {} },
    },
    initializationOptions,
  });
  void connection.sendNotification('initialized', {});
  const opened = performance.now();
  void connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'python', version: 1, text },
  });
  await firstDiagnostics;
  const firstDiagnosticsMs = performance.now() - opened;
  await allDiagnostics;
  const allDiagnosticsMs = performance.now() - opened;
  const typed: number[] = [];
  const undone: number[] = [];

  const times: number[] = [];
  const hintTimes: number[] = [];
  let hintCount = 0;
  const offersHints = !!initialized.capabilities.inlayHintProvider;
  let items = 0;
  let version = 1;
  const floorTimes: number[] = [];
  for (let round = 0; round < rounds + 5; round++) {
    // Type `sel.` on a new line in the middle of the file, ask for completion, then take it away again.
    void connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: (latest = ++version) },
      contentChanges: [
        {
          range: { start: { line: EDIT_LINE, character: 0 }, end: { line: EDIT_LINE, character: 0 } },
          text: '    sel.\n',
        },
      ],
    });
    const typedAt = performance.now();
    const started = performance.now();
    const result = await connection.sendRequest<{ items?: unknown[] } | unknown[] | null>('textDocument/completion', {
      textDocument: { uri },
      position: { line: EDIT_LINE, character: 8 },
    });
    const elapsed = performance.now() - started;
    if (round >= 5) times.push(elapsed); // the first rounds warm up the JIT
    items = Array.isArray(result) ? result.length : (result?.items?.length ?? 0);
    if (offersHints) {
      const asked = performance.now();
      const hints = await connection.sendRequest<unknown[] | null>('textDocument/inlayHint', {
        textDocument: { uri },
        range: {
          start: { line: EDIT_LINE - VISIBLE_LINES / 2, character: 0 },
          end: { line: EDIT_LINE + VISIBLE_LINES / 2, character: 0 },
        },
      });
      if (round >= 5) hintTimes.push(performance.now() - asked);
      hintCount = hints?.length ?? 0;
    }
    const afterTyping = await diagnosticsOf(version, typedAt);
    void connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: (latest = ++version) },
      contentChanges: [
        { range: { start: { line: EDIT_LINE, character: 0 }, end: { line: EDIT_LINE + 1, character: 0 } }, text: '' },
      ],
    });
    const afterUndo = await diagnosticsOf(version, performance.now());
    if (round >= 5 && afterTyping !== undefined) typed.push(afterTyping);
    if (round >= 5 && afterUndo !== undefined) undone.push(afterUndo);
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    // What a round trip costs with no work in it, in the completions' conditions (after a pause,
    // the server idle): then a pause again before the next edit, so the completion is not helped.
    const asked = performance.now();
    await connection.sendRequest('motion/bench/noSuchRequest').catch(() => undefined);
    if (round >= 5) floorTimes.push(performance.now() - asked);
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
  await connection.sendRequest('shutdown').catch(() => undefined);
  // Written before the kill: a write still queued when the server is gone fails the bench.
  await connection.sendNotification('exit').catch(() => undefined);
  child.stdin!.on('error', () => undefined);
  child.kill();
  times.sort((a, b) => a - b);
  hintTimes.sort((a, b) => a - b);
  floorTimes.sort((a, b) => a - b);
  const figures: Figures = {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    firstDiagnosticsMs,
    allDiagnosticsMs,
    typedDiagnostics: {
      p50: percentile(
        typed.sort((a, b) => a - b),
        0.5,
      ),
      p99: percentile(typed, 0.99),
    },
    undoneDiagnostics: {
      p50: percentile(
        undone.sort((a, b) => a - b),
        0.5,
      ),
    },
    items,
    hints: offersHints
      ? { p50: percentile(hintTimes, 0.5), p99: percentile(hintTimes, 0.99), count: hintCount }
      : undefined,
    floor: { p50: percentile(floorTimes, 0.5), p99: percentile(floorTimes, 0.99) },
  };
  console.log(
    `  ${name.padEnd(28)} ${String(rounds).padStart(3)} rounds  p50 ${figures.p50.toFixed(1).padStart(7)} ms   p99 ${figures.p99.toFixed(1).padStart(7)} ms   mean ${figures.mean.toFixed(1).padStart(7)} ms   ${String(items).padStart(3)} items`,
  );
  console.log(
    `  ${''.padEnd(28)} slowest five: ${times
      .slice(-5)
      .map((t) => t.toFixed(1))
      .join(', ')} ms`,
  );
  console.log(
    `  ${''.padEnd(28)} a request answered at once (no work): p50 ${figures.floor.p50.toFixed(1)} ms, p99 ${figures.floor.p99.toFixed(1)} ms, slowest ${floorTimes[floorTimes.length - 1].toFixed(1)} ms`,
  );
  console.log(
    `  ${''.padEnd(28)} diagnostics after open: first ${firstDiagnosticsMs.toFixed(0)} ms, all ${allDiagnosticsMs.toFixed(0)} ms`,
  );
  console.log(
    `  ${''.padEnd(28)} diagnostics of an edit's text: a line typed p50 ${figures.typedDiagnostics.p50.toFixed(1)} ms, p99 ${figures.typedDiagnostics.p99.toFixed(1)} ms (${typed.length} of ${rounds}); taken away again p50 ${figures.undoneDiagnostics.p50.toFixed(1)} ms (${undone.length})`,
  );
  console.log(
    `  ${''.padEnd(28)} inlay hints of ${VISIBLE_LINES} visible lines: ${
      figures.hints
        ? `p50 ${figures.hints.p50.toFixed(2)} ms, p99 ${figures.hints.p99.toFixed(2)} ms (${figures.hints.count} hints)`
        : 'not offered'
    }`,
  );
  return figures;
}

async function main(): Promise<void> {
  const workspace = mkdtempSync(join(tmpdir(), 'motion-bench-ls-'));
  const file = join(workspace, 'big_script.py');
  // A mistake on the last line: the diagnostics that have it are all of them.
  const text = `${tenThousandLineScript()}skeleton.get_skeleton_cont("project")\n`;
  writeFileSync(file, text);
  for (const [relative, content] of generatePythonStubs(bundledDocumentation())) {
    mkdirSync(dirname(join(workspace, 'typings', relative)), { recursive: true });
    writeFileSync(join(workspace, 'typings', relative), `${content}\n`);
  }
  writeFileSync(
    join(workspace, 'pyrightconfig.json'),
    JSON.stringify({ stubPath: 'typings', reportMissingModuleSource: 'none' }),
  );
  const server = await startChildServer(['--log-level', 'warn']);

  console.log(
    `Completion after an edit, 10,000-line Python script (type "sel." at line ${EDIT_LINE}, complete, undo, pause ${PAUSE_MS} ms)`,
  );
  const oursOver = (transport: '--stdio' | '--node-ipc', name: string) =>
    measure(
      name,
      // As the extension and the README start it: with its Node flags.
      [...LANGUAGE_SERVER_NODE_FLAGS, resolve(__dirname, '../dist/language-server.js'), transport],
      workspace,
      file,
      text,
      { serverUrl: server.url, cacheDir: join(workspace, '.cache') },
      ROUNDS,
    );
  const ours = await oursOver('--stdio', 'motion language server');
  const oursOverIpc = await oursOver('--node-ipc', 'motion language server, IPC');
  const overIpc = () =>
    console.log(
      `  completion over Node IPC, as VS Code starts our server: p99 ${oursOverIpc.p99.toFixed(1)} ms, p50 ${oursOverIpc.p50.toFixed(1)} ms; a request answered at once p99 ${oursOverIpc.floor.p99.toFixed(1)} ms`,
    );
  if (process.env.BENCH_ONLY_OURS) {
    overIpc();
    server.child.kill();
    process.exit(0);
  }
  const pyright = await measure(
    'pyright (with motion stubs)',
    [resolve(__dirname, '../node_modules/pyright/langserver.index.js'), '--stdio'],
    workspace,
    file,
    text,
    {},
    PEER_ROUNDS,
  );
  console.log(
    `  ratio pyright/ours: p50 ${(pyright.p50 / ours.p50).toFixed(1)}×, p99 ${(pyright.p99 / ours.p99).toFixed(1)}×`,
  );
  const goal = (met: boolean) => (met ? 'is' : 'is NOT');
  console.log(
    `  completion: our p99 ${ours.p99.toFixed(1)} ms ${goal(ours.p99 < 5)} under the 5 ms goal; a request answered at once takes p99 ${ours.floor.p99.toFixed(1)} ms here, p50 ${ours.floor.p50.toFixed(1)} ms (completion p50 ${ours.p50.toFixed(1)} ms)`,
  );
  overIpc();
  console.log(
    `  diagnostics after open: our first ${ours.firstDiagnosticsMs.toFixed(0)} ms ${goal(ours.firstDiagnosticsMs < 500)} under the 500 ms goal (pyright ${pyright.firstDiagnosticsMs.toFixed(0)} ms, ${(pyright.firstDiagnosticsMs / ours.firstDiagnosticsMs).toFixed(1)}×); all ${ours.allDiagnosticsMs.toFixed(0)} ms (pyright ${pyright.allDiagnosticsMs.toFixed(0)} ms, ${(pyright.allDiagnosticsMs / ours.allDiagnosticsMs).toFixed(1)}×)`,
  );
  console.log(
    `  diagnostics of a typed line: our p50 ${ours.typedDiagnostics.p50.toFixed(1)} ms ${goal(ours.typedDiagnostics.p50 < 50)} under the 50 ms goal (pyright ${pyright.typedDiagnostics.p50.toFixed(1)} ms, ${(pyright.typedDiagnostics.p50 / ours.typedDiagnostics.p50).toFixed(1)}×)`,
  );
  if (ours.hints)
    console.log(
      `  inlay hints: our p99 ${ours.hints.p99.toFixed(2)} ms ${ours.hints.p99 < 10 ? 'is' : 'is NOT'} under the 10 ms goal; ${
        pyright.hints
          ? `pyright p99 ${pyright.hints.p99.toFixed(2)} ms, ratio ${(pyright.hints.p99 / ours.hints.p99).toFixed(1)}×`
          : 'pyright offers none (inlay hints are Pylance’s), so no peer figure'
      }`,
    );
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(workspace, { recursive: true, force: true });
}

void main();
