import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import { guarded } from '../command-errors';
import type { ChangeLog } from '../history/history-commands';
import { prompts, type ScriptedAnswers } from '../prompts';
import * as edits from './edit-operations';
import type { ExplorerItem } from './explorer-data';

const COMMANDS: Record<
  string,
  (client: MotionClient, p: edits.Prompts, item: ExplorerItem) => Promise<edits.EditOutcome>
> = {
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

/** The explorer's edit commands; each refreshes the view and records its change for undo, and a refusal becomes a clear error. */
export function registerEditCommands(
  client: () => MotionClient,
  changedApplication: () => void,
  log: ChangeLog,
): vscode.Disposable[] {
  return Object.entries(COMMANDS).map(([command, edit]) =>
    vscode.commands.registerCommand(
      command,
      guarded(async (given?: ExplorerItem, answers?: ScriptedAnswers) => {
        // From the view's welcome (no item): a new skeleton goes to the project settings.
        const item: ExplorerItem | undefined =
          given ?? (command === 'motion.addSkeleton' ? { kind: 'source', source: 'project' } : undefined);
        if (!item) throw new Error('run this command on an item of the Skeletons view');
        const outcome = await edit(client(), prompts(answers), item);
        if (outcome.change) log.record(outcome.change);
        if (outcome.changed) changedApplication();
        if (outcome.message) void vscode.window.setStatusBarMessage(`Motion: ${outcome.message}`, 5000);
        return outcome;
      }),
    ),
  );
}
