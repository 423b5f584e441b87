import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import { guarded } from '../command-errors';
import { prompts, type ScriptedAnswers } from '../prompts';
import { ChangeHistory, describeUndo, describeWhen, type Change, type ChangeRecord } from './change-history';

/** Where commands record the changes they made to the connected application. */
export interface ChangeLog {
  record(change: ChangeRecord): void;
}

/**
 * Undo Last Change and Change History: the history of the application connected now (a change made
 * on another one is never undone here). `application()` names it; undefined while not connected.
 */
export function registerHistoryCommands(
  history: ChangeHistory,
  application: () => string | undefined,
  client: () => MotionClient,
  onUndone: () => void,
): { log: ChangeLog; disposables: vscode.Disposable[] } {
  const current = () => {
    const app = application();
    if (!app) throw new Error('not connected to an application: nothing to undo');
    return app;
  };
  const showCanUndo = () =>
    void vscode.commands.executeCommand(
      'setContext',
      'motion.canUndo',
      !!application() && history.list(application()!).length > 0,
    );
  const undo = async (changes: Change[], answers?: ScriptedAnswers) => {
    const { message, detail } = describeUndo(changes);
    if ((await prompts(answers).decide(message, ['Undo'], detail)) !== 'Undo')
      return { changed: false, undone: [] as string[] };
    const outcome = await history.undo(client(), changes);
    if (outcome.undone.length > 0) onUndone();
    const undone = outcome.undone.map((c) => c.description);
    if (outcome.failed) {
      const before = undone.length ? `Undid ${undone.length} change${undone.length === 1 ? '' : 's'}; then ` : '';
      throw new Error(`${before}could not undo "${outcome.failed.change.description}": ${outcome.failed.reason}`);
    }
    void vscode.window.setStatusBarMessage(
      `Motion: undid ${undone.length === 1 ? `"${undone[0]}"` : `${undone.length} changes`}`,
      5000,
    );
    return { changed: true, undone };
  };
  showCanUndo();
  return {
    log: { record: (change) => history.record(current(), change) },
    disposables: [
      history.onDidChange(showCanUndo),
      vscode.commands.registerCommand(
        'motion.undoLastChange',
        guarded(async (answers?: ScriptedAnswers) => {
          const [last] = history.list(current());
          if (!last) {
            void vscode.window.showInformationMessage(
              'Motion: no change made from VS Code to undo on this application.',
            );
            return { changed: false, undone: [] };
          }
          return undo([last], answers);
        }),
      ),
      vscode.commands.registerCommand(
        'motion.showChangeHistory',
        guarded(async (answers?: ScriptedAnswers & { backTo?: number }) => {
          const changes = history.list(current());
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
                    {
                      placeHolder: 'Undo back to and including which change? (newest first)',
                      matchOnDescription: true,
                    },
                  )
                )?.change;
          if (!chosen) return { changed: false, undone: [] };
          return undo(history.backTo(current(), chosen.id), answers);
        }),
      ),
    ],
  };
}
