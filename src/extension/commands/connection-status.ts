import * as vscode from 'vscode';
import { prompts } from '../prompts';
import { describeConnection } from '../connection/connection-state';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';

/** The status bar item: which application, which version, or what is wrong. Clicking it offers the connection actions. */
export function startConnectionStatus(ctx: MotionContext): vscode.StatusBarItem {
  const { connection } = ctx.parts;
  const item = vscode.window.createStatusBarItem('motion.connection', vscode.StatusBarAlignment.Left, 10);
  item.name = 'Motion connection';
  item.command = 'motion.connectionActions';
  const show = () => {
    const { text, tooltip } = describeConnection(connection.state);
    item.text = text;
    item.tooltip = tooltip;
    item.backgroundColor =
      connection.state.kind === 'foreign' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    void vscode.commands.executeCommand('setContext', 'motion.connection', connection.state.kind);
  };
  show();
  item.show();
  ctx.own(item, connection.onDidChange(show));
  return item;
}

/** Through the one prompts layer, so that automation (and the tests) can give the pick. */
export const connectionCommands: CommandTable = {
  'motion.useEmbeddedServer': (ctx) => () => ctx.parts.config.useEmbedded('always'),
  'motion.connectionActions': (ctx) => async (answers?: unknown) => {
    const { connection } = ctx.parts;
    const { state } = connection;
    const onEmbedded = state.kind === 'connected' && state.embedded;
    const action = await prompts(answers).pick(describeConnection(state).summary, [
      { label: '$(refresh) Reconnect', value: 'retry' },
      ...(onEmbedded ? [] : [{ label: '$(server-process) Use the embedded server', value: 'embedded' }]),
      { label: '$(list-unordered) Select a recent server…', value: 'select' },
      { label: '$(edit) Another URL…', value: 'url' },
    ]);
    if (action === 'retry') await connection.connect();
    if (action === 'embedded') await vscode.commands.executeCommand('motion.useEmbeddedServer');
    if (action === 'select') await vscode.commands.executeCommand('motion.selectServer');
    if (action === 'url') await vscode.commands.executeCommand('motion.selectServer', 'other');
    return action;
  },
};
