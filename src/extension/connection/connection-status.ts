import * as vscode from 'vscode';
import { prompts } from '../prompts';
import { describeConnection } from './connection-state';
import type { MotionConnection } from './motion-connection';

/** The status bar item, and the actions it offers when clicked. */
export function connectionStatus(connection: MotionConnection): {
  item: vscode.StatusBarItem;
  disposables: vscode.Disposable[];
} {
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
  const disposables = [
    item,
    connection.onDidChange(show),
    vscode.commands.registerCommand('motion.useEmbeddedServer', () =>
      vscode.workspace
        .getConfiguration('motion')
        .update('server.embedded', 'always', vscode.ConfigurationTarget.Global),
    ),
    // Through the one prompts layer, so that automation (and the tests) can give the pick.
    vscode.commands.registerCommand('motion.connectionActions', async (answers?: unknown) => {
      const action = await prompts(answers).pick(describeConnection(connection.state).tooltip, [
        { label: '$(refresh) Reconnect', value: 'retry' },
        { label: '$(server-process) Use the embedded server', value: 'embedded' },
        { label: '$(list-unordered) Select a recent server…', value: 'select' },
        { label: '$(gear) Change the server URL', value: 'url' },
      ]);
      if (action === 'retry') await connection.connect();
      if (action === 'embedded') await vscode.commands.executeCommand('motion.useEmbeddedServer');
      if (action === 'select') await vscode.commands.executeCommand('motion.selectServer');
      if (action === 'url') await vscode.commands.executeCommand('workbench.action.openSettings', 'motion.server.url');
      return action;
    }),
  ];
  return { item, disposables };
}
