import * as vscode from 'vscode';
import type { AssistantContext } from '../../runner/assistant/assistant-context';
import { applyQuestion } from '../../runner/assistant/apply-question';
import { ASSISTANT_TOOLS, invokeTool, type AssistantTool } from '../../runner/assistant/assistant-tools';
import { undoScript } from '../history/undo-script';
import type { MotionContext } from '../motion-context';
import { vscodeAssistantContext } from './vscode-assistant-context';

/** What the chat shows while a tool works: the script or words it was given. */
function invocationMessage(tool: AssistantTool, input: Record<string, unknown>): string {
  const what = typeof input.path === 'string' ? input.path : typeof input.query === 'string' ? `"${input.query}"` : '';
  return `${tool.title}${what ? `: ${what}` : ''}`;
}

/**
 * The question VS Code asks before the changing tool runs (applyQuestion). Asked even when the
 * run is unknown (the tool then refuses, having changed nothing).
 */
function applyConfirmation(
  ctx: AssistantContext,
  input: { dryRunId?: unknown },
): vscode.LanguageModelToolConfirmationMessages {
  const rehearsal = typeof input.dryRunId === 'string' ? ctx.rehearsals.get(input.dryRunId) : undefined;
  const caveat = rehearsal ? undoScript(rehearsal.before, rehearsal.after).caveat : undefined;
  return applyQuestion(rehearsal, input.dryRunId, caveat);
}

/** The registered tools: what VS Code was last told to ask the user (its dialog shows it, or the chat). */
export interface LanguageModelTools {
  lastConfirmation(): { title: string; message: string } | undefined;
}

/**
 * Registers the assistant tools with VS Code's language-model tools (package.json declares them,
 * from the same table, shown where motion is in use). The changing one asks the user first.
 */
export function registerLanguageModelTools(ctx: MotionContext): LanguageModelTools {
  const assistant = vscodeAssistantContext(ctx);
  let asked: { title: string; message: string } | undefined;
  const confirm = (input: Record<string, unknown>) => {
    const confirmation = applyConfirmation(assistant, input);
    const { message } = confirmation;
    asked = { title: confirmation.title, message: typeof message === 'string' ? message : message.value };
    return confirmation;
  };
  for (const tool of ASSISTANT_TOOLS) {
    ctx.own(
      vscode.lm.registerTool<Record<string, unknown>>(tool.name, {
        prepareInvocation: ({ input }) => ({
          invocationMessage: invocationMessage(tool, input ?? {}),
          ...(tool.changesApplication ? { confirmationMessages: confirm(input ?? {}) } : {}),
        }),
        async invoke({ input }, token) {
          if (tool.runsCode && !vscode.workspace.isTrusted)
            throw new Error(
              `${tool.title} runs the user's code, which Restricted Mode does not allow here. The user can trust this folder (Manage Workspace Trust) to allow it; the reading tools work meanwhile.`,
            );
          const cancel = new AbortController();
          const listening = token.onCancellationRequested(() => cancel.abort());
          try {
            const answer = await invokeTool(tool, input, assistant, cancel.signal);
            // A failure is thrown, as VS Code asks: the model reads the message and may try again.
            if (answer.failed) throw new Error(answer.text);
            return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.text)]);
          } finally {
            listening.dispose();
          }
        },
      }),
    );
  }
  return { lastConfirmation: () => asked };
}
