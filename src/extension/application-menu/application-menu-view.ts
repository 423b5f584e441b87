import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import { isSeparator, menuText, readApplicationMenu, type MenuEntry } from '../../api/gui/application-menu';

/**
 * The Application Menu view: the application's menus as its scripts left them (read through the
 * interface, so the reference server and the application alike), each button running its command
 * when clicked. Refreshed when asked, after a click, and when the connection changes.
 */
export class ApplicationMenuView implements vscode.TreeDataProvider<MenuEntry>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly messages = new vscode.EventEmitter<string | undefined>();
  /** Why there is no menu to show (no application, one without menus), above the view. */
  readonly onDidChangeMessage = this.messages.event;
  private menu: Promise<MenuEntry[]> | undefined;

  constructor(private readonly client: () => MotionClient | undefined) {}

  refresh(): void {
    this.menu = undefined;
    this.changed.fire();
  }

  getTreeItem(item: MenuEntry): vscode.TreeItem {
    if (isSeparator(item)) {
      const rule = new vscode.TreeItem('──────────');
      rule.contextValue = 'applicationMenu.separator';
      return rule;
    }
    const label = menuText(item.text);
    if (item.submenu) {
      const submenu = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Expanded);
      submenu.contextValue = 'applicationMenu.submenu';
      return submenu;
    }
    const button = new vscode.TreeItem(label);
    button.description = item.command;
    button.tooltip = `Runs the command "${item.command}" in the application, as a click on its menu does`;
    button.iconPath = new vscode.ThemeIcon('play');
    button.contextValue = 'applicationMenu.button';
    button.command = { command: 'motion.applicationMenu.run', title: 'Run Command', arguments: [item.command] };
    return button;
  }

  async getChildren(item?: MenuEntry): Promise<MenuEntry[]> {
    if (item) return item.items ?? [];
    const client = this.client();
    if (!client) {
      this.messages.fire('No application answers: its menus show when one does.');
      return [];
    }
    this.menu ??= readApplicationMenu(client).then((found) => found.menu);
    try {
      const menu = await this.menu;
      this.messages.fire(undefined);
      return menu;
    } catch (error) {
      this.menu = undefined;
      this.messages.fire(`The application's menus cannot be read: ${(error as Error).message}`);
      return [];
    }
  }

  dispose(): void {
    this.changed.dispose();
    this.messages.dispose();
  }
}
