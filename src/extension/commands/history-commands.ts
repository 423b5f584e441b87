import * as vscode from 'vscode';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';
import { prompts, type ScriptedAnswers } from '../prompts';
import { describeUndo, describeWhen, type Change } from '../history/change-history';

/** The history of the application connected now: a change made on another one is never undone here. */
function applicationOf(ctx: MotionContext): string {
  const app = ctx.parts.connection.application();
  if (!app) throw new Error('not connected to an application: nothing to undo');
  return app;
}

/**
 * Says that a larger change went through (an import, a copy, an apply), with Undo at hand: a
 * change that took a dialog and a progress bar should not end in silence.
 */
export function reportDone(message: string): void {
  void vscode.window.showInformationMessage(`Motion: ${message}`, 'Undo').then((choice) => {
    if (choice === 'Undo') void vscode.commands.executeCommand('motion.undoLastChange');
  });
}

/** Keeps the `motion.canUndo` context (the Undo button of the Skeletons view) true to the current application's history. */
export function showCanUndo(ctx: MotionContext): void {
  const { history, connection } = ctx.parts;
  const show = () => {
    const app = connection.application();
    void vscode.commands.executeCommand('setContext', 'motion.canUndo', !!app && history.list(app).length > 0);
  };
  show();
  ctx.own(history.onDidChange(show), connection.onDidChange(show));
}

async function undo(ctx: MotionContext, changes: Change[], answers?: ScriptedAnswers) {
  const { message, detail } = describeUndo(changes);
  if ((await prompts(answers).decide(message, ['Undo'], detail)) !== 'Undo')
    return { changed: false, undone: [] as string[] };
  const outcome = await ctx.parts.history.undo(ctx.parts.connection.client(), changes);
  const undone = outcome.undone.map((c) => c.description);
  if (outcome.undone.length > 0) {
    ctx.changedApplication();
    ctx.parts.recording.actionDone(`Undo: ${undone.join('; ')}`);
  }
  if (outcome.failed) {
    const before = undone.length ? `Undid ${undone.length} change${undone.length === 1 ? '' : 's'}; then ` : '';
    throw new Error(`${before}could not undo "${outcome.failed.change.description}": ${outcome.failed.reason}`);
  }
  void vscode.window.setStatusBarMessage(
    `Motion: undid ${undone.length === 1 ? `"${undone[0]}"` : `${undone.length} changes`}`,
    5000,
  );
  return { changed: true, undone };
}

/** Undo Last Change and Change History (undo back to a chosen change). */
export const historyCommands: CommandTable = {
  'motion.undoLastChange': (ctx) => async (answers?: ScriptedAnswers) => {
    const [last] = ctx.parts.history.list(applicationOf(ctx));
    if (!last) {
      void vscode.window.showInformationMessage('Motion: no change made from VS Code to undo on this application.');
      return { changed: false, undone: [] };
    }
    return undo(ctx, [last], answers);
  },
  'motion.showChangeHistory': (ctx) => async (answers?: ScriptedAnswers & { backTo?: number }) => {
    const { history } = ctx.parts;
    const changes = history.list(applicationOf(ctx));
    if (changes.length === 0) {
      void vscode.window.showInformationMessage('Motion: no changes made from VS Code on this application yet.');
      return { changed: false, undone: [] };
    }
    const chosen =
      answers?.backTo !== undefined
        ? changes[answers.backTo]
        : (
            await vscode.window.showQuickPick(
              changes.map((change, i) => ({
                label: change.description,
                description: change.where,
                detail: `${describeWhen(change.when)}${i > 0 ? ` — undoing it undoes the ${i} newer change${i === 1 ? '' : 's'} too` : ''}`,
                change,
              })),
              { placeHolder: 'Undo back to and including which change? (newest first)', matchOnDescription: true },
            )
          )?.change;
    if (!chosen) return { changed: false, undone: [] };
    return undo(ctx, history.backTo(applicationOf(ctx), chosen.id), answers);
  },
};
