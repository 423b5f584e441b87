import * as z from 'zod';
import { collectScriptTests, runScriptTest } from '../testing/script-tests-of';
import { ScriptTestError, type ScriptTestResult } from '../testing/script-test';
import type { AssistantContext } from './assistant-context';
import { DEADLINE_SECONDS, inFolder, SNAPSHOT_FILE } from './dry-run-script';
import { ANSWER_LINES, boundedLines, outputTail, ToolRefusal, type ToolAnswer } from './tool-answer';
import { defaultPythonCommand } from '../../api/runtime/find-python';
import { readUserText } from '../../api/files/user-text';

export const runScriptTestsInput = z
  .object({
    paths: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Test files or folders, relative to the workspace folder (default: every test there): test_*.py (pytest) and *_spec.lua.',
      ),
    snapshot: SNAPSHOT_FILE,
    deadlineSeconds: DEADLINE_SECONDS,
  })
  .strict();

const MARK = { passed: '✓', failed: '✗', errored: '!', skipped: '-' } as const;

function resultLines(result: ScriptTestResult): string[] {
  const head = `${MARK[result.outcome]} ${result.test.id} ${result.outcome}`;
  if (result.outcome === 'passed') return [head];
  const where = result.failureLine ? ` (${result.test.file}:${result.failureLine})` : '';
  const lines = [head, `    ${result.message ?? result.outcome}${where}`];
  if (result.expected !== undefined) lines.push(`    expected ${result.expected}, got ${result.actual}`);
  return lines;
}

/**
 * Runs the user's script tests, each against an application of its own (a private server from
 * the snapshot or the demo data): the application is never touched.
 */
export async function runScriptTests(
  ctx: AssistantContext,
  input: z.infer<typeof runScriptTestsInput>,
): Promise<ToolAnswer> {
  let snapshot: string | undefined;
  if (input.snapshot !== undefined)
    snapshot = await readUserText(inFolder(ctx, input.snapshot)).catch((error: NodeJS.ErrnoException) => {
      throw new ToolRefusal(`Cannot read the snapshot ${input.snapshot} (${error.code ?? error.message}).`);
    });
  const options = {
    python: (await ctx.python(ctx.folder)) ?? defaultPythonCommand(),
    cwd: ctx.folder,
    serverScript: ctx.serverScript,
    snapshot,
    deadlineMs: (input.deadlineSeconds ?? 60) * 1000,
  };
  const results: ScriptTestResult[] = [];
  try {
    const paths = (input.paths ?? []).map((p) => inFolder(ctx, p));
    const tests = await collectScriptTests(paths, options);
    if (tests.length === 0)
      return {
        text: `No tests found in ${input.paths?.join(', ') ?? ctx.folder}: tests are test_*.py files (pytest) and *_spec.lua files.`,
        data: { results: [] },
      };
    for (const test of tests) results.push(await runScriptTest(test, options));
  } catch (error) {
    if (error instanceof ScriptTestError) throw new ToolRefusal(`The tests could not be run: ${error.message}.`);
    throw error;
  }
  const counts = (['passed', 'failed', 'errored', 'skipped'] as const)
    .map((outcome) => [outcome, results.filter((r) => r.outcome === outcome).length] as const)
    .filter(([, n]) => n > 0)
    .map(([outcome, n]) => `${n} ${outcome}`);
  const failures = results.filter((r) => r.outcome === 'failed' || r.outcome === 'errored');
  const lines = [
    `${results.length} test${results.length === 1 ? '' : 's'}: ${counts.join(', ')} (each against an application of its own; the application was not touched).`,
    ...boundedLines(results.flatMap(resultLines), ANSWER_LINES, 'run fewer paths to see the rest'),
  ];
  const first = failures[0];
  if (first?.details) lines.push(`The first failure in full (${first.test.id}):`, outputTail(first.details, 3000));
  return {
    text: lines.join('\n'),
    data: {
      results: results.map((r) => ({
        id: r.test.id,
        file: r.test.file,
        outcome: r.outcome,
        message: r.message ?? null,
        line: r.failureLine ?? null,
        expected: r.expected ?? null,
        actual: r.actual ?? null,
      })),
    },
  };
}
