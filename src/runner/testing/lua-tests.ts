import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../../api/runtime/bundled-worker';
import { withTestApplication } from './test-application';
import type { LuaTestJob } from '../lua/lua-test-worker';
import type { PythonTestOptions } from './python-tests';
import type { LuaOutcome } from '../lua/lua-test-host';
import { namedSnapshot, refusedSnapshot } from './named-snapshot';
import { PastDeadline, ScriptTestError, type ScriptTest, type ScriptTestResult } from './script-test';
import { readUserText } from '../../api/files/user-text';

/** What running Lua tests needs: the folder, our server, the snapshot; no interpreter (Lua is built in). */
export type LuaTestOptions = Omit<PythonTestOptions, 'python'>;

const COLLECTION_DEADLINE_MS = 120_000;

/** What a spec file holds: its tests' names and lines, or why it could not be read. */
interface LuaFound {
  problem?: string;
  tests?: { names: string[]; line: number; endLine: number }[];
}

/** A job on a thread of its own against a private server of its own; stopped at the deadline. */
function inThread<T>(
  job: Pick<LuaTestJob, 'file' | 'names'>,
  options: LuaTestOptions,
  deadlineMs: number,
): Promise<{ outcome: T; output: string }> {
  return withTestApplication(
    options.serverScript,
    options.snapshot,
    (server) =>
      new Promise((done, fail) => {
        const data: LuaTestJob = { ...job, serverUrl: server.url, stateFile: server.stateFile, cwd: options.cwd };
        const worker = new Worker(bundledWorker('lua-test-worker.js'), { workerData: data });
        const timer = setTimeout(() => {
          void worker.terminate();
          fail(new PastDeadline(`the test did not finish within ${deadlineMs / 1000} s, so it was stopped`));
        }, deadlineMs);
        worker.once('message', (message: { outcome: T; output: string } | { failure: string }) => {
          clearTimeout(timer);
          void worker.terminate();
          if ('failure' in message) fail(new ScriptTestError(`${job.file}: ${message.failure}`));
          else done(message);
        });
        worker.once('error', (error) => {
          clearTimeout(timer);
          fail(new ScriptTestError(`${job.file}: ${error.message}`));
        });
      }),
  );
}

/**
 * The describe/it tests of `*_spec.lua` files (relative to the folder), with the snapshot each file
 * names: each file read once, its it bodies not run.
 */
export async function collectLuaTests(files: string[], options: LuaTestOptions): Promise<ScriptTest[]> {
  const tests: ScriptTest[] = [];
  for (const file of files) {
    const snapshot = namedSnapshot(file, await readUserText(resolve(options.cwd, file)).catch(() => ''));
    // Reading a spec runs its file (and the tools it requires) against the snapshot it names: a
    // recording may hold the documentation of an interface larger than the reference server's.
    const named =
      snapshot === undefined ? undefined : await readUserText(resolve(options.cwd, snapshot)).catch(() => undefined);
    const find = (own: LuaTestOptions) => inThread<LuaFound>({ file }, own, COLLECTION_DEADLINE_MS);
    // A snapshot the server refuses: the file is read as the others are, and its tests say why when run.
    const { outcome } = await (named === undefined ? find(options) : find({ ...options, snapshot: named })).catch(
      (error: unknown) => {
        if (named === undefined || !refusedSnapshot(error)) throw error;
        return find(options);
      },
    );
    if (outcome.problem) throw new ScriptTestError(`the tests of ${file} could not be read: ${outcome.problem}`);
    const seen = new Set<string>();
    for (const { names, line, endLine } of outcome.tests ?? []) {
      const id = [file, ...names].join('::');
      if (seen.has(id)) continue; // two tests of the same name: the first is the one a run finds
      seen.add(id);
      tests.push({
        id,
        file,
        name: names.join(' › '),
        line,
        endLine,
        names,
        ...(snapshot === undefined ? {} : { snapshot }),
      });
    }
  }
  return tests;
}

/** Runs one Lua test in a VM of its own, against a private server of its own. */
export async function runLuaTest(test: ScriptTest, options: LuaTestOptions): Promise<ScriptTestResult> {
  const started = performance.now();
  let ran: { outcome: LuaOutcome; output: string };
  try {
    ran = await inThread<LuaOutcome>({ file: test.file, names: test.names }, options, options.deadlineMs ?? 60_000);
  } catch (error) {
    if (!(error instanceof PastDeadline)) throw error;
    return { test, outcome: 'errored', durationMs: performance.now() - started, message: error.message, output: '' };
  }
  return luaResult(test, ran.outcome, ran.output, performance.now() - started);
}

/** A test's result from how its runner said it ended (run, or debugged). */
export function luaResult(test: ScriptTest, outcome: LuaOutcome, output: string, durationMs: number): ScriptTestResult {
  const result: ScriptTestResult = { test, outcome: outcome.outcome, durationMs, output };
  if (outcome.outcome === 'passed') return result;
  return {
    ...result,
    message: outcome.message?.split('\n')[0],
    details: outcome.traceback ?? outcome.message,
    failureLine: outcome.line,
    ...(outcome.expected !== undefined && outcome.actual !== undefined
      ? { expected: outcome.expected, actual: outcome.actual }
      : {}),
  };
}
