import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import { describeFailure } from '../explorer/edit-operations';
import type { ExplorerItem } from '../explorer/explorer-data';
import { selectMarkers, type SelectionItem } from './selection-operations';
import type { SelectionView } from './selection-view';

/** Select a skeleton's or segment's markers in the application; deselect and clear in the Selection view. */
export function registerSelectionCommands(client: () => MotionClient, view: SelectionView): vscode.Disposable[] {
  const guarded = <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R | { error: string }> => {
      try {
        const result = await run(...args);
        view.refresh();
        return result;
      } catch (error) {
        const message = `Motion: ${describeFailure(error)}`;
        void vscode.window.showErrorMessage(message);
        return { error: message };
      }
    };
  const select = (mode: 'replace' | 'add') =>
    guarded(async (item?: ExplorerItem) => {
      if (!item || item.kind === 'source') throw new Error('select a skeleton or a segment in the Skeletons view');
      const outcome = await selectMarkers(client(), item, mode);
      const missing = outcome.missing.length > 0 ? `; no labelled trajectory for ${outcome.missing.join(', ')}` : '';
      void vscode.window.setStatusBarMessage(`Motion: selected ${outcome.selected} trajectories${missing}`, 5000);
      return outcome;
    });
  return [
    vscode.commands.registerCommand('motion.selectMarkers', select('replace')),
    vscode.commands.registerCommand('motion.addMarkersToSelection', select('add')),
    vscode.commands.registerCommand(
      'motion.deselect',
      guarded(async (row?: { item: SelectionItem }) => {
        if (!row) throw new Error('choose an item of the Selection view');
        await client().gui.selection.deselect([row.item]);
      }),
    ),
    vscode.commands.registerCommand('motion.clearSelection', guarded(() => client().gui.selection.clear_selections())),
    vscode.commands.registerCommand('motion.refreshSelection', async () => view.refresh()),
  ];
}
