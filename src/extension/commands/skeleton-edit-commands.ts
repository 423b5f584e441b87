import * as vscode from 'vscode';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';
import { prompts, type ScriptedAnswers } from '../prompts';
import * as edits from '../skeletons-view/edit-operations';
import type { ExplorerItem } from '../skeletons-view/explorer-data';

type Edit = typeof edits.addSkeleton;

/**
 * An edit of the Skeletons view: asks (or takes scripted answers), changes the application, records
 * the change for undo and reloads the view.
 */
const editCommand =
  (edit: Edit, fromWelcome?: ExplorerItem) =>
  (ctx: MotionContext) =>
  async (given?: ExplorerItem, answers?: ScriptedAnswers) => {
    const item = given ?? fromWelcome;
    if (!item) throw new Error('run this command on an item of the Skeletons view');
    const outcome = await edit(ctx.parts.connection.client(), prompts(answers), item);
    if (outcome.change) ctx.parts.changes.record(outcome.change);
    if (outcome.changed) ctx.changedApplication();
    if (outcome.message) void vscode.window.setStatusBarMessage(`Motion: ${outcome.message}`, 5000);
    return outcome;
  };

export const editCommands: CommandTable = {
  // From the view's welcome (no item): a new skeleton goes to the project settings.
  'motion.addSkeleton': editCommand(edits.addSkeleton, { kind: 'source', source: 'project' }),
  'motion.renameSkeleton': editCommand(edits.renameSkeleton),
  'motion.deleteSkeleton': editCommand(edits.deleteSkeleton),
  'motion.setSkeletonScale': editCommand(edits.setScale),
  'motion.addSegment': editCommand(edits.addSegment),
  'motion.renameSegment': editCommand(edits.renameSegment),
  'motion.deleteSegment': editCommand(edits.deleteSegment),
  'motion.setSegmentSolver': editCommand(edits.setSolver),
  'motion.setSegmentEndpoint': editCommand(edits.setEndpoint),
  'motion.refreshExplorer': (ctx) => () => ctx.parts.explorer.refresh(),
  // Motion: Show Skeletons, from the palette in any folder: Motion starts (its stand-in), then the view shows.
  'motion.showSkeletons': () => () => vscode.commands.executeCommand('motion.explorer.focus'),
};
