import { access, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import * as z from 'zod';
import { describeState } from '../../api/state/state-summary';
import { versionText } from '../../api/state/state-document';
import { DryRunError } from '../dry-run/dry-run';
import { takeSnapshot } from '../dry-run/record-snapshot';
import type { AssistantContext } from './assistant-context';
import { inFolder } from './dry-run-script';
import { scriptToRun } from './script-input';
import { ToolRefusal, type ToolAnswer } from './tool-answer';

export const takeSnapshotInput = z
  .object({
    output: z
      .string()
      .min(1)
      .regex(/\.json$/, 'a snapshot file ends with .json (e.g. fixtures/stage.motion.json)')
      .describe('Where to write the snapshot, relative to the workspace folder (e.g. fixtures/stage.motion.json).'),
    record: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A script (.py or .lua) to run once as a dry run, keeping the answers its reads get, so that dry runs and tests of it work offline.',
      ),
    overwrite: z.boolean().optional().describe('Replace the file when it exists (default: refuse).'),
  })
  .strict();

/**
 * Reads the application's whole state (and, with a script, the answers its reads get) into a
 * snapshot file that dry runs and tests start from with no application. Only reads reach the
 * application; the file is written only when the whole snapshot was read.
 */
export async function takeSnapshotTool(
  ctx: AssistantContext,
  input: z.infer<typeof takeSnapshotInput>,
  signal?: AbortSignal,
): Promise<ToolAnswer> {
  const target = inFolder(ctx, input.output);
  if (
    !input.overwrite &&
    (await access(target).then(
      () => true,
      () => false,
    ))
  )
    throw new ToolRefusal(`${input.output} exists: give overwrite: true to replace it, or another output.`);
  const script = input.record === undefined ? undefined : await scriptToRun({ path: input.record }, ctx);
  let taken;
  try {
    taken = await takeSnapshot({
      application: ctx.client(),
      signal,
      record: script && {
        name: script.label,
        serverScript: ctx.serverScript,
        script: { path: script.path, code: script.code },
        python: script.language === 'python' ? await ctx.python(script.path) : undefined,
        onOutput: () => undefined,
        readLine: async () => null,
      },
    });
  } catch (error) {
    if (error instanceof DryRunError) throw new ToolRefusal(`Nothing was written: ${error.message}.`);
    throw error;
  }
  await writeFile(target, taken.text);
  const { reads, keepsDocumentation } = taken;
  const name = relative(ctx.folder, target) || target;
  const kept = [
    ...(keepsDocumentation ? ["the application's documentation"] : []),
    ...(script ? [`${reads} answer${reads === 1 ? '' : 's'} to the reads of ${script.label}`] : []),
  ];
  return {
    text: `Wrote ${name}: ${describeState(taken.state)}, from version ${versionText(taken.origin.application)} at ${taken.origin.url}${kept.length > 0 ? `, keeping ${kept.join(' and ')}` : ''}. Give it as snapshot to motion_dry_run_script or motion_run_script_tests to work without the application.`,
    data: { file: name, answers: reads, documentation: keepsDocumentation },
  };
}
