import * as vscode from 'vscode';
import { lackingMessage } from '../failure-text';
import { isMissingOperation } from '../../api/client/motion-error';
import { reportFailure } from '../failures';
import { ExplorerData, presentItem, type ExplorerItem } from './explorer-data';

/** Skeletons with more segments than this load with a cancellable notification. */
const LARGE_SKELETON = 200;

/** The Skeletons view: a thin provider over ExplorerData. */
export class SkeletonExplorer implements vscode.TreeDataProvider<ExplorerItem>, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<ExplorerItem | undefined>();
  readonly onDidChangeTreeData = this.changes.event;
  private readonly messages = new vscode.EventEmitter<string | undefined>();
  /** What the view says above its items (the application lacks an operation it reads), or nothing. */
  readonly onDidChangeMessage = this.messages.event;
  private message: string | undefined;

  /**
   * `connected()`: while not connected the view is empty, and its welcome says why.
   * `application()`: the connected application, as a message names it.
   */
  constructor(
    readonly data: ExplorerData,
    private readonly connected: () => boolean,
    private readonly application: () => string,
  ) {}

  refresh(): void {
    this.data.refresh();
    this.changes.fire(undefined);
  }

  getTreeItem(item: ExplorerItem): vscode.TreeItem {
    const shown = presentItem(item);
    const tree = new vscode.TreeItem(
      shown.label,
      shown.expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    tree.id = shown.id;
    tree.description = shown.description;
    tree.tooltip = shown.tooltip ? new vscode.MarkdownString(shown.tooltip) : undefined;
    tree.contextValue = shown.contextValue;
    tree.iconPath = new vscode.ThemeIcon(
      { source: 'folder-library', skeleton: 'person', segment: 'symbol-field', marker: 'circle-filled' }[item.kind],
    );
    return tree;
  }

  async getChildren(item?: ExplorerItem): Promise<ExplorerItem[]> {
    if (!this.connected()) return [];
    try {
      // A skeleton's tree takes a request per field of every segment: show that it is loading, and
      // let a large one be cancelled.
      if (item?.kind === 'skeleton') {
        const count = await this.data.segmentCount(item.skeleton);
        if (count <= LARGE_SKELETON) {
          return await vscode.window.withProgress(
            { location: { viewId: 'motion.explorer' }, title: `Loading ${item.skeleton.name}` },
            () => this.data.children(item),
          );
        }
        return await vscode.window.withProgress(
          {
            location: vscode.ProgressLocation.Notification,
            title: `Loading ${item.skeleton.name} (${count} segments)`,
            cancellable: true,
          },
          async (_progress, token) => {
            const controller = new AbortController();
            token.onCancellationRequested(() => controller.abort());
            try {
              return await this.data.children(item, controller.signal);
            } catch (error) {
              if (controller.signal.aborted) return [];
              throw error;
            }
          },
        );
      }
      const children = await this.data.children(item);
      // The welcome tells an application without skeletons from one that did not answer.
      if (!item) {
        this.say(undefined);
        void vscode.commands.executeCommand(
          'setContext',
          'motion.explorer.root',
          children.length === 0 ? 'empty' : 'loaded',
        );
      }
      return children;
    } catch (error) {
      // An application without an operation the view reads (another version): said once, in the
      // view, not as an error message at every refresh.
      if (isMissingOperation(error)) {
        if (!item) void vscode.commands.executeCommand('setContext', 'motion.explorer.root', 'lacking');
        this.say(lackingMessage('Skeletons', error.operation, this.application()));
        return [];
      }
      if (!item) void vscode.commands.executeCommand('setContext', 'motion.explorer.root', 'failed');
      reportFailure(error, 'could not load the skeletons');
      return [];
    }
  }

  private say(message: string | undefined): void {
    if (message === this.message) return;
    this.message = message;
    this.messages.fire(message);
  }

  /** Lets VS Code reveal an item (the 3D view reveals the segments clicked in it). */
  getParent(item: ExplorerItem): Promise<ExplorerItem | undefined> {
    return this.data.parent(item);
  }

  dispose(): void {
    this.changes.dispose();
    this.messages.dispose();
  }
}
