import * as z from 'zod';
import type { AssistantContext } from './assistant-context';
import { scriptToRun, SCRIPT_FIELDS } from './script-input';
import { ANSWER_LINES, boundedLines, type ToolAnswer } from './tool-answer';

export const checkScriptInput = z.object(SCRIPT_FIELDS).strict();

/** Our diagnostics for a script, as the editor shows them: every motion.* call against the application's documentation. */
export async function checkScript(ctx: AssistantContext, input: z.infer<typeof checkScriptInput>): Promise<ToolAnswer> {
  const script = await scriptToRun(input, ctx);
  const [problems, documentation] = await Promise.all([
    ctx.check(script.code, script.language, script.path),
    ctx.documentation(),
  ]);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const head =
    problems.length === 0
      ? `No problems in ${script.label}`
      : `${problems.length} problem${problems.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}) in ${script.label}`;
  const lines = [
    `${head}; checked against the documentation ${documentation.describeSource()}.`,
    ...boundedLines(
      problems.map((p) => `${p.line}:${p.column}: ${p.severity}: ${p.message}${p.code ? ` [${p.code}]` : ''}`),
      ANSWER_LINES,
      'fix these and check again',
    ),
  ];
  return { text: lines.join('\n'), data: { script: script.label, errors, problems } };
}
