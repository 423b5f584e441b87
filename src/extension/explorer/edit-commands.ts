import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import * as edits from './edit-operations';
import type { ExplorerItem } from './explorer-data';
import type { SkeletonExplorer } from './skeleton-explorer';

/** Answers given with a command instead of asking (automation, tests): inputs, confirmations, picks in order. */
export interface ScriptedAnswers {
  inputs?: string[];
  confirm?: boolean;
  pick?: unknown;
}

function prompts(answers: ScriptedAnswers | undefined): edits.Prompts {
  if (answers) {
    const inputs = [...(answers.inputs ?? [])];
    return {
      input: async ({ validate }) => {
        const value = inputs.shift();
        if (value === undefined) return undefined;
        const problem = validate(value);
        if (problem) throw new Error(problem);
        return value;
      },
      confirm: async () => answers.confirm ?? false,
      pick: async <T>(_placeholder: string, items: { value: T }[]) => items.find((i) => i.value === answers.pick)?.value,
    };
  }
  return {
    input: ({ prompt, value, validate }) => Promise.resolve(vscode.window.showInputBox({ prompt, value, validateInput: validate, ignoreFocusOut: true })),
    confirm: async (message, action) => (await vscode.window.showWarningMessage(message, { modal: true }, action)) === action,
    pick: async (placeHolder, items) => (await vscode.window.showQuickPick(items, { placeHolder }))?.value,
  };
}

const COMMANDS: Record<string, (client: MotionClient, p: edits.Prompts, item: ExplorerItem) => Promise<edits.EditOutcome>> = {
  'motion.addSkeleton': edits.addSkeleton,
  'motion.renameSkeleton': edits.renameSkeleton,
  'motion.deleteSkeleton': edits.deleteSkeleton,
  'motion.setSkeletonScale': edits.setScale,
  'motion.addSegment': edits.addSegment,
  'motion.renameSegment': edits.renameSegment,
  'motion.deleteSegment': edits.deleteSegment,
  'motion.setSegmentSolver': edits.setSolver,
  'motion.setSegmentEndpoint': edits.setEndpoint,
};

/** The explorer's edit commands; each refreshes the view, and a refusal becomes a clear error. */
export function registerEditCommands(client: () => MotionClient, explorer: SkeletonExplorer): vscode.Disposable[] {
  return Object.entries(COMMANDS).map(([command, edit]) =>
    vscode.commands.registerCommand(command, async (given?: ExplorerItem, answers?: ScriptedAnswers) => {
      // From the view's welcome (no item): a new skeleton goes to the project settings.
      const item: ExplorerItem | undefined = given ?? (command === 'motion.addSkeleton' ? { kind: 'source', source: 'project' } : undefined);
      if (!item) return void vscode.window.showWarningMessage('Motion: run this command on an item of the Skeletons view.');
      try {
        const outcome = await edit(client(), prompts(answers), item);
        if (outcome.changed) explorer.refresh();
        if (outcome.message) void vscode.window.setStatusBarMessage(`Motion: ${outcome.message}`, 5000);
        return outcome;
      } catch (error) {
        const message = `Motion: ${edits.describeFailure(error)}`;
        void vscode.window.showErrorMessage(message);
        return { changed: false, error: message };
      }
    }),
  );
}
