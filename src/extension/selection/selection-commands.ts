import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import { guarded } from '../command-errors';
import type { ExplorerItem } from '../explorer/explorer-data';
import { selectMarkers, type SelectionItem } from './selection-operations';
import type { SelectionView } from './selection-view';

/** Select a skeleton's or segment's markers in the application; deselect and clear in the Selection view. */
export function registerSelectionCommands(client: () => MotionClient, view: SelectionView): vscode.Disposable[] {
  /** The one error contract (command-errors.ts); the view shows the application's selection afterwards. */
  const refreshing =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await run(...args);
      view.refresh();
      return result;
    };
  const select = (mode: 'replace' | 'add') =>
    guarded(
      refreshing(async (item?: ExplorerItem) => {
        if (!item || item.kind === 'source') throw new Error('select a skeleton or a segment in the Skeletons view');
        const outcome = await selectMarkers(client(), item, mode);
        const missing = outcome.missing.length > 0 ? `; no labelled trajectory for ${outcome.missing.join(', ')}` : '';
        void vscode.window.setStatusBarMessage(`Motion: selected ${outcome.selected} trajectories${missing}`, 5000);
        return outcome;
      }),
    );
  return [
    vscode.commands.registerCommand('motion.selectMarkers', select('replace')),
    vscode.commands.registerCommand('motion.addMarkersToSelection', select('add')),
    vscode.commands.registerCommand(
      'motion.deselect',
      guarded(
        refreshing(async (row?: { item: SelectionItem }) => {
          if (!row) throw new Error('choose an item of the Selection view');
          await client().gui.selection.deselect([row.item]);
        }),
      ),
    ),
    vscode.commands.registerCommand(
      'motion.clearSelection',
      guarded(refreshing(() => client().gui.selection.clear_selections())),
    ),
    vscode.commands.registerCommand('motion.refreshSelection', async () => view.refresh()),
  ];
}
