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
  // For now, not for good (the setting stays): the application's URL is still watched, and Motion
  // offers to move back when it answers; Reconnect moves back at once.
  'motion.useEmbeddedServer': (ctx) => async () => {
    const { connection, config } = ctx.parts;
    const state = await connection.useEmbedded();
    if (state.kind === 'connected' && state.embedded)
      void vscode.window.showInformationMessage(
        `Motion uses the embedded reference server, with its demo data, as you chose. It keeps watching ${config.serverUrl} and offers to move back when the application answers there; Motion: Connection… → Reconnect moves back now.`,
      );
    return state;
  },
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
    if (action === 'retry') {
      // Reconnect: to the application at the URL, whatever was chosen for now; the setting is said when it keeps Motion off it.
      const now = await connection.reconnect();
      if (ctx.parts.config.embedded === 'always' && now.kind === 'connected' && now.embedded)
        void vscode.window.showInformationMessage(
          'Motion stays on the embedded server: the setting motion.server.embedded is "always". Set it to "auto" to use the application at motion.server.url.',
        );
    }
    if (action === 'embedded') await vscode.commands.executeCommand('motion.useEmbeddedServer');
    if (action === 'select') await vscode.commands.executeCommand('motion.selectServer');
    if (action === 'url') await vscode.commands.executeCommand('motion.selectServer', 'other');
    return action;
  },
};
