import * as vscode from 'vscode';
import { diffOutline } from '../../api/state/state-diff';
import type { AssistantContext } from '../../runner/assistant/assistant-context';
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
 * The question VS Code asks before the changing tool runs: the dry run's changes, as the Dry Run
 * panel lists them, and what its undo cannot restore. Asked even when the run is unknown (the
 * tool then refuses, having changed nothing).
 */
function applyConfirmation(
  ctx: AssistantContext,
  input: { dryRunId?: unknown },
): vscode.LanguageModelToolConfirmationMessages {
  const rehearsal = typeof input.dryRunId === 'string' ? ctx.rehearsals.get(input.dryRunId) : undefined;
  if (!rehearsal)
    return {
      title: 'Apply a script to the application?',
      message: `There is no dry run "${String(input.dryRunId)}": nothing will be applied.`,
    };
  const n = rehearsal.changes.length;
  const message = new vscode.MarkdownString();
  message.appendMarkdown(
    `The assistant asks to run **${rehearsal.label}** against the application. Its dry run ${rehearsal.id} found ${n} change${n === 1 ? '' : 's'}:\n\n`,
  );
  message.appendCodeblock(diffOutline(rehearsal.changes).join('\n'), 'text');
  const caveat = undoScript(rehearsal.before, rehearsal.after).caveat;
  message.appendMarkdown(
    `\n\nIt runs only if the application is still as the dry run found it. Motion: Undo Last Change takes it back as one change${caveat ? ` (${caveat})` : ''}.`,
  );
  return { title: `Apply ${rehearsal.label} to the application?`, message };
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
