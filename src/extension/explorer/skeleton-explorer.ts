import * as vscode from 'vscode';
import { ExplorerData, presentItem, type ExplorerItem } from './explorer-data';

/** The Skeletons view: a thin provider over ExplorerData. */
export class SkeletonExplorer implements vscode.TreeDataProvider<ExplorerItem>, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<ExplorerItem | undefined>();
  readonly onDidChangeTreeData = this.changes.event;

  constructor(readonly data: ExplorerData) {}

  refresh(): void {
    this.data.refresh();
    this.changes.fire(undefined);
  }

  getTreeItem(item: ExplorerItem): vscode.TreeItem {
    const shown = presentItem(item);
    const tree = new vscode.TreeItem(shown.label, shown.expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    tree.id = shown.id;
    tree.description = shown.description;
    tree.tooltip = shown.tooltip ? new vscode.MarkdownString(shown.tooltip) : undefined;
    tree.contextValue = shown.contextValue;
    tree.iconPath = new vscode.ThemeIcon({ source: 'folder-library', skeleton: 'person', segment: 'symbol-field', marker: 'circle-filled' }[item.kind]);
    return tree;
  }

  async getChildren(item?: ExplorerItem): Promise<ExplorerItem[]> {
    try {
      return await this.data.children(item);
    } catch (error) {
      void vscode.window.showErrorMessage(`Motion: could not load the skeletons: ${(error as Error).message}`);
      return [];
    }
  }

  dispose(): void {
    this.changes.dispose();
  }
}
