import * as z from 'zod';
import type { AssistantContext } from './assistant-context';
import { scriptToRun, SCRIPT_FIELDS } from './script-input';
import { ANSWER_LINES, boundedLines, type ToolAnswer } from './tool-answer';
import { releasesInput } from './releases-input';

export const checkScriptInput = z
  .object({
    ...SCRIPT_FIELDS,
    targets: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The application releases the script must run on, as the user's lab runs them: '2025.2', '>=2025.1', '2025.1..2026.2', several joined by commas. Each call one of them lacks is then a problem saying when it came or went. Default: the script's own '# motion: targets' comment, else the connected application's release.",
      ),
  })
  .strict();

/** Our diagnostics for a script, as the editor shows them: every motion.* call against the application's documentation. */
export async function checkScript(ctx: AssistantContext, input: z.infer<typeof checkScriptInput>): Promise<ToolAnswer> {
  const targets = input.targets === undefined ? undefined : releasesInput('targets', input.targets);
  const script = await scriptToRun(input, ctx);
  const [problems, documentation] = await Promise.all([
    ctx.check(script.code, script.language, script.path, input.targets),
    ctx.documentation(),
  ]);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const head =
    problems.length === 0
      ? `No problems in ${script.label}`
      : `${problems.length} problem${problems.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}) in ${script.label}`;
  const lines = [
    `${head}; checked against the documentation ${documentation.describeSource()}${targets ? ` for the application ${targets.described}` : ''}.`,
    ...boundedLines(
      problems.map((p) => `${p.line}:${p.column}: ${p.severity}: ${p.message}${p.code ? ` [${p.code}]` : ''}`),
      ANSWER_LINES,
      'fix these and check again',
    ),
  ];
  return { text: lines.join('\n'), data: { script: script.label, errors, problems } };
}
