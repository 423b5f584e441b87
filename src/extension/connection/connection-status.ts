import * as vscode from 'vscode';
import { describeConnection } from './connection-state';
import type { MotionConnection } from './motion-connection';

/** The status bar item, and the actions it offers when clicked. */
export function connectionStatus(connection: MotionConnection): { item: vscode.StatusBarItem; disposables: vscode.Disposable[] } {
  const item = vscode.window.createStatusBarItem('motion.connection', vscode.StatusBarAlignment.Left, 10);
  item.name = 'Motion connection';
  item.command = 'motion.connectionActions';
  const show = () => {
    const { text, tooltip } = describeConnection(connection.state);
    item.text = text;
    item.tooltip = tooltip;
    item.backgroundColor = connection.state.kind === 'foreign' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    void vscode.commands.executeCommand('setContext', 'motion.connection', connection.state.kind);
  };
  show();
  item.show();
  const disposables = [
    item,
    connection.onDidChange(show),
    vscode.commands.registerCommand('motion.useEmbeddedServer', () => vscode.workspace.getConfiguration('motion').update('server.embedded', 'always', vscode.ConfigurationTarget.Global)),
    vscode.commands.registerCommand('motion.connectionActions', async () => {
      const picked = await vscode.window.showQuickPick(
        [
          { label: '$(refresh) Reconnect', action: 'retry' },
          { label: '$(server-process) Use the embedded server', action: 'embedded' },
          { label: '$(list-unordered) Select a recent server…', action: 'select' },
          { label: '$(gear) Change the server URL', action: 'url' },
        ],
        { placeHolder: describeConnection(connection.state).tooltip },
      );
      if (picked?.action === 'retry') await connection.connect();
      if (picked?.action === 'embedded') await vscode.commands.executeCommand('motion.useEmbeddedServer');
      if (picked?.action === 'select') await vscode.commands.executeCommand('motion.selectServer');
      if (picked?.action === 'url') await vscode.commands.executeCommand('workbench.action.openSettings', 'motion.server.url');
    }),
  ];
  return { item, disposables };
}
