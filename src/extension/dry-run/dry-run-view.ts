import * as vscode from 'vscode';
import type { MotionState } from '../../api/state/motion-state';
import type { StateChange } from '../../api/state/state-diff';
import type { RunResult } from '../../runner/script-session';
import type { Prompts } from '../questions';
import type { NotSentCall, PassedRead } from '../../runner/dry-run/dry-run-gateway';
import { changeTree, notSentTree, type ChangeNode } from './change-tree';
import { siteFile, tracebackSite } from '../../runner/dry-run/call-site';
import { whereItStopped } from '../../runner/dry-run/call-site';

/** What the last dry run found: the script, what it started from, how it ended, and its changes. */
interface DryRunReport {
  /** "edit.py", or "edit.py (lines 3–5)" for a selection. */
  script: string;
  /** "a snapshot of 127.0.0.1:7979 taken now", or the snapshot file's name. */
  startedFrom: string;
  result: RunResult;
  /** What the script printed (all of it is in the Motion Dry Run output channel). */
  output: string;
  changes: StateChange[];
  /** The calls not sent, and the reads the application answered (the reference server models neither). */
  notSent: NotSentCall[];
  reads: PassedRead[];
  /** The script, opened at a call's line when its row is chosen. */
  uri: vscode.Uri;
  /** What the script started from and left (the 3D view draws its changes from them). */
  states: { before: MotionState; after: MotionState };
  /** Runs the same code again against the application (Apply for Real), when it may, after asking. */
  apply?: (ask: Prompts) => Promise<unknown>;
}

/** How many lines of the script's output the view shows under its outcome. */
const OUTPUT_LINES = 20;

const ICONS: Record<NonNullable<ChangeNode['kind']>, [string, string]> = {
  added: ['diff-added', 'gitDecoration.addedResourceForeground'],
  removed: ['diff-removed', 'gitDecoration.deletedResourceForeground'],
  changed: ['diff-modified', 'gitDecoration.modifiedResourceForeground'],
};

/**
 * The Dry Run view: what the last dry run would change, by place (source, skeleton, segment), each
 * change with before → after; the script's outcome on top. Nothing here changes the application.
 */
export class DryRunView implements vscode.TreeDataProvider<ChangeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly replaced = new vscode.EventEmitter<void>();
  /** Another dry run is shown, or none. */
  readonly onDidShow = this.replaced.event;
  private shown: { report: DryRunReport; rows: ChangeNode[] } | undefined;
  private readonly messages = new vscode.EventEmitter<string | undefined>();
  /** Why the last dry run could not be made, shown above the (empty) view; undefined once one was made. */
  readonly onDidChangeMessage = this.messages.event;

  get report(): DryRunReport | undefined {
    return this.shown?.report;
  }

  /** A dry run that could not be made: the view says why, and shows no earlier result. */
  fail(why: string): void {
    this.show(undefined);
    this.messages.fire(why);
    // The message stands in the view's place, not its welcome.
    void vscode.commands.executeCommand('setContext', 'motion.dryRun.failed', true);
  }

  show(report: DryRunReport | undefined): void {
    this.messages.fire(undefined);
    void vscode.commands.executeCommand('setContext', 'motion.dryRun.failed', false);
    const notSent = report && notSentTree(report.notSent, report.reads, scriptFile(report));
    this.shown = report && {
      report,
      rows: [outcomeRow(report), ...changeTree(report.changes, scriptFile(report)), ...(notSent ? [notSent] : [])],
    };
    void vscode.commands.executeCommand('setContext', 'motion.dryRun.shown', !!report);
    void vscode.commands.executeCommand('setContext', 'motion.dryRun.canApply', !!report?.apply);
    this.changed.fire();
    this.replaced.fire();
  }

  getTreeItem(node: ChangeNode): vscode.TreeItem {
    const outcome = this.shown?.rows[0] === node;
    const item = new vscode.TreeItem(
      node.label,
      node.children.length === 0
        ? vscode.TreeItemCollapsibleState.None
        : outcome || node.change
          ? vscode.TreeItemCollapsibleState.Collapsed
          : vscode.TreeItemCollapsibleState.Expanded,
    );
    item.description = node.description;
    if (node.kind) {
      const [icon, colour] = ICONS[node.kind];
      item.iconPath = new vscode.ThemeIcon(icon, new vscode.ThemeColor(colour));
      item.tooltip = `${node.change!.path.join(' › ')}\n${node.change!.text}${node.at ? `\nMade at ${node.at.file}:${node.at.line}` : ''}`;
      item.contextValue = `dryRunChange.${node.kind}${node.at ? '.line' : ''}`;
      // Chosen, it opens the line that made it (and the 3D view shows where it is: start-motion.ts);
      // a row of frames opens to them instead, its line a button away (motion.dryRun.openLine).
      if (node.at && node.children.length === 0)
        item.command = { command: 'motion.dryRun.openLine', title: 'Open the Line That Made It', arguments: [node] };
    } else if (outcome) {
      item.iconPath = new vscode.ThemeIcon(this.shown!.report.result.ok ? 'pass' : 'error');
      item.tooltip = node.description;
    } else if (node.opens) {
      const report = this.shown!.report;
      item.iconPath = new vscode.ThemeIcon('go-to-file');
      item.tooltip = `Open ${node.opens.file} at line ${node.opens.line}`;
      item.command = this.openAt(
        { file: siteFile(node.opens, scriptFile(report)), line: node.opens.line },
        'Open the File at This Line',
      );
    } else if (node.at) {
      item.iconPath = new vscode.ThemeIcon('debug-disconnect');
      item.tooltip = `${node.label}\n${node.at.file}:${node.at.line}\nNot sent: the reference server does not model it, so the dry run cannot know what it would do.`;
      item.command = this.openAt(node.at, 'Open the File at This Call');
    }
    return item;
  }

  /** The file of the run a row's line is in: the script as the dry run had it (an unsaved editor included), or a helper module it imported. */
  fileOf(at: { file: string }): vscode.Uri {
    const report = this.shown!.report;
    return at.file === scriptFile(report) ? report.uri : vscode.Uri.file(at.file);
  }

  /** Opens a file of the run at a line. */
  private openAt(at: { file: string; line: number }, title: string): vscode.Command {
    const position = new vscode.Position(at.line - 1, 0);
    return {
      command: 'vscode.open',
      title,
      arguments: [this.fileOf(at), { selection: new vscode.Range(position, position) }],
    };
  }

  getChildren(node?: ChangeNode): ChangeNode[] {
    return node ? node.children : (this.shown?.rows ?? []);
  }

  dispose(): void {
    this.changed.dispose();
    this.replaced.dispose();
    this.messages.dispose();
  }
}

/** The file the dry run ran, when it is one on disk (an untitled script has none). */
function scriptFile(report: DryRunReport): string | undefined {
  return report.uri.scheme === 'file' ? report.uri.fsPath : undefined;
}

/** The first row: which script, from what, how it ended, and how many changes. */
function outcomeRow(report: DryRunReport): ChangeNode {
  const n = report.changes.length;
  const unsent = report.notSent.length;
  const counted =
    (n === 0 ? 'no changes' : `${n} change${n === 1 ? '' : 's'}`) +
    (unsent === 0 ? '' : `, ${unsent} call${unsent === 1 ? '' : 's'} not sent`);
  const ending = report.result.ok
    ? counted
    : `${report.result.error?.type ?? 'failed'}${whereItStopped(report.result.error, scriptFile(report))}; ${counted} before it`;
  // What it printed, under it: the first lines, or, when it raised, the last (its traceback); the
  // whole output is in its channel. A line naming a file and line opens it there.
  const lines = report.output.split('\n').filter((line) => line.trim() !== '');
  const row = (line: string): ChangeNode => {
    const opens = tracebackSite(line);
    return { label: line, description: '', children: [], ...(opens ? { opens } : {}) };
  };
  const more = (n: number, where: string): ChangeNode => ({
    label: `… ${n} ${where} lines in the Motion Dry Run output`,
    description: '',
    children: [],
  });
  const cut = lines.length - OUTPUT_LINES;
  const shown =
    cut <= 0
      ? lines.map(row)
      : report.result.ok
        ? [...lines.slice(0, OUTPUT_LINES).map(row), more(cut, 'more')]
        : [more(cut, 'earlier'), ...lines.slice(cut).map(row)];
  return { label: report.script, description: `${ending} · from ${report.startedFrom}`, children: shown };
}
