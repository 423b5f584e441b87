import { isAbsolute, resolve } from 'node:path';
import * as z from 'zod';
import { MotionConnectionError } from '../../api/client/motion-error';
import { readSnapshot } from '../../api/state/read-snapshot';
import { diffOutline } from '../../api/state/state-diff';
import { encodeSnapshot, snapshotOrigin } from '../../api/state/state-document';
import { checkSnapshotVersion, dryRun, DryRunError } from '../dry-run/dry-run';
import { notSentOutline } from '../dry-run/not-sent-outline';
import { whereItStopped } from '../dry-run/call-site';
import type { AssistantContext } from './assistant-context';
import { scriptToRun, SCRIPT_FIELDS } from './script-input';
import { ANSWER_LINES, boundedLines, outputTail, ToolRefusal, type ToolAnswer } from './tool-answer';
import { readUserText } from '../../api/files/user-text';

export const DEADLINE_SECONDS = z
  .number()
  .positive()
  .max(600)
  .optional()
  .describe('How long the script may run before it is stopped, in seconds (default 60, at most 600).');

export const SNAPSHOT_FILE = z
  .string()
  .min(1)
  .optional()
  .describe(
    'A snapshot file (.motion.json, from motion_take_snapshot) to start from instead of the application now: works with no application.',
  );

export const dryRunScriptInput = z
  .object({
    ...SCRIPT_FIELDS,
    args: z.array(z.string()).optional().describe("The script's arguments (sys.argv[1:] in Python, arg in Lua)."),
    snapshot: SNAPSHOT_FILE,
    deadlineSeconds: DEADLINE_SECONDS,
  })
  .strict();

/** A path the assistant gave, relative to the folder. */
export function inFolder(ctx: AssistantContext, path: string): string {
  return isAbsolute(path) ? path : resolve(ctx.folder, path);
}

/** The state a dry run starts from: the snapshot file (of the application's version when it answers), or the application now. */
async function startingState(
  ctx: AssistantContext,
  snapshot: string | undefined,
  signal?: AbortSignal,
): Promise<{ text: string | Promise<string>; from: { application: string } | { snapshot: string } }> {
  const client = ctx.client();
  if (snapshot === undefined) {
    // Taken while the script's session starts (dryRun waits for it before the script runs).
    const text = readSnapshot(client, { signal }).then(
      ({ state, origin }) => encodeSnapshot(state, origin),
      (error: unknown) => {
        if (!(error instanceof MotionConnectionError)) throw error;
        throw new ToolRefusal(
          `${error.message}. A dry run starts from the application's state: start the application, or give snapshot (a .motion.json file) to dry-run without it.`,
        );
      },
    );
    // Met by dryRun, which awaits it however the run ends; until then not unhandled.
    text.catch(() => undefined);
    return { text, from: { application: client.url } };
  }
  let text: string;
  try {
    text = await readUserText(inFolder(ctx, snapshot));
  } catch (error) {
    throw new ToolRefusal(
      `Cannot read the snapshot ${snapshot} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
  try {
    checkSnapshotVersion(snapshotOrigin(text), await client.get_version());
  } catch (error) {
    // The application is away: a dry run from a file needs nothing of it.
    if (!(error instanceof MotionConnectionError)) throw new ToolRefusal((error as Error).message);
  }
  return { text, from: { snapshot } };
}

/**
 * Runs the script against a private copy of the application's state (or of a snapshot) and says
 * what it would change: the diff, the calls not sent, how it ended, its output. Nothing is sent to
 * the application but reads. The run is kept for the changing tool, under the id the answer gives.
 */
export async function dryRunScript(
  ctx: AssistantContext,
  input: z.infer<typeof dryRunScriptInput>,
  signal?: AbortSignal,
): Promise<ToolAnswer> {
  const script = await scriptToRun(input, ctx);
  const start = await startingState(ctx, input.snapshot, signal);
  let output = '';
  let outcome;
  try {
    outcome = await dryRun({
      serverScript: ctx.serverScript,
      snapshot: start.text,
      script: { path: script.path, code: script.code, args: input.args ?? [] },
      python: script.language === 'python' ? await ctx.python(script.path) : undefined,
      application: ctx.client(),
      deadlineMs: (input.deadlineSeconds ?? 60) * 1000,
      onOutput: (_stream, text) => (output += text),
      // A script that asks for input gets none: an assistant cannot type into it.
      readLine: async () => null,
      signal,
    });
  } catch (error) {
    if (error instanceof DryRunError)
      throw new ToolRefusal(`The dry run of ${script.label} could not be made: ${error.message}.`);
    throw error;
  }
  const { result, changes, notSent, reads, before, after } = outcome;
  // Calls and errors are named beside the script's file; code given as text has none.
  const scriptFile = script.fromFile ? script.path : undefined;
  const rehearsal = ctx.rehearsals.add({
    script: { path: script.path, code: script.code, language: script.language, args: input.args ?? [] },
    label: script.label,
    startedFrom: start.from,
    fromFile: script.fromFile,
    ok: result.ok,
    before,
    after,
    changes,
  });
  const from =
    'application' in start.from
      ? `the application at ${start.from.application} as it is now`
      : `the snapshot ${start.from.snapshot}`;
  const n = changes.length;
  const lines = [
    `Dry run ${rehearsal.id} of ${script.label} from ${from}: ${n === 0 ? 'no changes' : `${n} change${n === 1 ? '' : 's'} the script would make`} (the application was not touched).`,
    ...boundedLines(diffOutline(changes), ANSWER_LINES, 'the diff is cut here'),
    ...notSentOutline(notSent, reads, scriptFile),
    result.ok
      ? 'The script finished.'
      : `The script stopped with ${result.error?.type ?? 'an error'}${whereItStopped(result.error, scriptFile)}: ${result.error?.message ?? ''} (the changes above are those it made before).`,
  ];
  if (output) lines.push('Its output:', outputTail(output));
  if (ctx.apply && result.ok && n > 0 && 'application' in start.from)
    lines.push(
      `To make these changes in the application, apply this dry run: motion_apply_script with dryRunId "${rehearsal.id}".`,
    );
  return {
    text: lines.join('\n'),
    data: {
      dryRunId: rehearsal.id,
      ok: result.ok,
      error: result.error ?? null,
      changes: changes.map((c) => ({ kind: c.kind, path: c.path, text: c.text })),
      notSent,
      reads,
      output: outputTail(output),
    },
  };
}
