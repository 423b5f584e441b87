import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import { lackingMessage } from '../failure-text';
import { isMissingOperation } from '../../api/client/motion-error';
import { reportFailure } from '../failures';
import { describeSelection, type SelectionItem } from '../../api/state/selection-names';

interface Row {
  item: SelectionItem;
  label: string;
  description: string;
}

/** The Selection view: the application's current selection, with deselect and clear. */
export class SelectionView implements vscode.TreeDataProvider<Row>, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changes.event;
  private readonly messages = new vscode.EventEmitter<string | undefined>();
  /** What the view says above its rows (the application lacks an operation it reads), or nothing. */
  readonly onDidChangeMessage = this.messages.event;
  private message: string | undefined;

  constructor(
    private readonly client: () => MotionClient,
    private readonly connected: () => boolean,
    private readonly application: () => string,
  ) {}

  refresh(): void {
    this.changes.fire();
  }

  getTreeItem(row: Row): vscode.TreeItem {
    const tree = new vscode.TreeItem(row.label);
    tree.description = row.description;
    tree.contextValue = 'selection';
    tree.iconPath = new vscode.ThemeIcon(row.item.type === 'trajectory' ? 'pulse' : 'link');
    return tree;
  }

  async getChildren(): Promise<Row[]> {
    if (!this.connected()) return [];
    let rows: Row[] = [];
    let message: string | undefined;
    try {
      rows = await describeSelection(this.client());
    } catch (error) {
      // Said once, in the view (as the Skeletons view does), when the application lacks the operation.
      if (isMissingOperation(error)) message = lackingMessage('Selection', error.operation, this.application());
      else reportFailure(error, 'could not load the selection');
    }
    if (message !== this.message) this.messages.fire((this.message = message));
    // An empty view says why it is empty, and how to select (package.json's viewsWelcome); a view
    // with a message shows that instead (VS Code shows a welcome in its place).
    void vscode.commands.executeCommand('setContext', 'motion.selection.empty', rows.length === 0 && !message);
    return rows;
  }

  dispose(): void {
    this.changes.dispose();
    this.messages.dispose();
  }
}
