import * as vscode from 'vscode';
import type { CommandTable } from './command-table';
import type { ExplorerItem } from '../skeletons-view/explorer-data';
import type { MotionContext } from '../motion-context';
import type { SelectionItem } from '../../api/state/selection-names';
import { selectMarkers } from '../selection/selection-operations';

/** Changes the application's selection, then shows it in the Selection view. */
const changingSelection =
  <A extends unknown[], R>(change: (ctx: MotionContext, ...args: A) => Promise<R>) =>
  (ctx: MotionContext) =>
  async (...args: A): Promise<R> => {
    const result = await change(ctx, ...args);
    ctx.parts.selection.refresh();
    return result;
  };

const select = (mode: 'replace' | 'add') =>
  changingSelection(async (ctx, item?: ExplorerItem) => {
    if (!item || item.kind === 'source') throw new Error('select a skeleton or a segment in the Skeletons view');
    const outcome = await selectMarkers(ctx.parts.connection.client(), item, mode);
    const missing = outcome.missing.length > 0 ? `; no labelled trajectory for ${outcome.missing.join(', ')}` : '';
    void vscode.window.setStatusBarMessage(`Motion: selected ${outcome.selected} trajectories${missing}`, 5000);
    return outcome;
  });

/** Select a skeleton's or segment's markers in the application; deselect and clear in the Selection view. */
export const selectionCommands: CommandTable = {
  'motion.selectMarkers': select('replace'),
  'motion.addMarkersToSelection': select('add'),
  'motion.deselect': changingSelection(async (ctx, row?: { item: SelectionItem }) => {
    if (!row) throw new Error('choose an item of the Selection view');
    await ctx.parts.connection.client().gui.selection.deselect([row.item]);
  }),
  'motion.clearSelection': changingSelection((ctx) => ctx.parts.connection.client().gui.selection.clear_selections()),
  'motion.refreshSelection': (ctx) => () => ctx.parts.selection.refresh(),
};
