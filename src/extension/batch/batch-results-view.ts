import { basename, dirname, isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import type { BatchFile } from '../../runner/batch/batch-inputs';
import type { BatchEntry } from '../../runner/batch/batch-journal';
import { batchSummary } from '../../runner/batch/batch-report';

/** A batch as the view shows it: what runs over what, how, and each file's end so far. */
interface BatchShown {
  script: vscode.Uri;
  files: readonly BatchFile[];
  /** A dry run writes nothing; a run saves to `out`, or over the originals. */
  dry: boolean;
  out?: string;
  /** The entries so far, by file path. */
  entries: Map<string, BatchEntry>;
  /** Running, cancelled (resumable) or done. */
  state: 'running' | 'cancelled' | 'done';
  seconds: number;
}

type BatchRow =
  { kind: 'summary' } | { kind: 'file'; file: BatchFile } | { kind: 'line'; text: string; error?: BatchEntry['error'] };

const ICONS: Record<BatchEntry['status'] | 'waiting', vscode.ThemeIcon> = {
  changed: new vscode.ThemeIcon('check', new vscode.ThemeColor('testing.iconPassed')),
  unchanged: new vscode.ThemeIcon('circle-outline'),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  skipped: new vscode.ThemeIcon('debug-step-over'),
  waiting: new vscode.ThemeIcon('watch'),
};

/**
 * Batch Results: a row per measurement of the last batch (changed, unchanged, failed, done before,
 * or waiting), under a summary row. A changed file opens to its changes; a failed one to its error,
 * and a click on it opens the script at its line.
 */
/** A batch as a person asked for it: the script, the measurements, and how (a dry run, to a folder, over the originals). */
export interface BatchAsked {
  script: vscode.Uri;
  inputs: string[];
  dry: boolean;
  out?: string;
  inPlace?: boolean;
}

export class BatchResultsView implements vscode.TreeDataProvider<BatchRow>, vscode.Disposable {
  /** The batch asked for last: what Run for Real and Resume run again. */
  asked: BatchAsked | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private shownBatch: BatchShown | undefined;
  private readonly rows = new Map<string, BatchRow>();
  private readonly summary: BatchRow = { kind: 'summary' };

  /** The batch shown (tests, and the report's commands). */
  get shown(): BatchShown | undefined {
    return this.shownBatch;
  }

  show(batch: BatchShown | undefined): void {
    this.shownBatch = batch;
    this.rows.clear();
    for (const file of batch?.files ?? []) this.rows.set(file.path, { kind: 'file', file });
    void vscode.commands.executeCommand('setContext', 'motion.batch.shown', !!batch);
    this.changedState();
  }

  /** A file ended (or was skipped): its row says so. */
  ended(entry: BatchEntry): void {
    this.shownBatch?.entries.set(entry.file, entry);
    this.changed.fire();
  }

  /** The batch as a whole: running, cancelled (it can be resumed) or done. */
  changedState(): void {
    const batch = this.shownBatch;
    void vscode.commands.executeCommand(
      'setContext',
      'motion.batch.resumable',
      batch?.state === 'cancelled' && !batch.dry,
    );
    void vscode.commands.executeCommand(
      'setContext',
      'motion.batch.canRunForReal',
      batch?.state === 'done' && batch.dry && [...batch.entries.values()].some((e) => e.status !== 'failed'),
    );
    this.changed.fire();
  }

  getChildren(row?: BatchRow): BatchRow[] {
    const batch = this.shownBatch;
    if (!batch) return [];
    if (!row) return [this.summary, ...batch.files.map((f) => this.rows.get(f.path)!)];
    if (row.kind !== 'file') return [];
    const entry = batch.entries.get(row.file.path);
    if (!entry) return [];
    const lines: BatchRow[] = [];
    if (entry.error)
      lines.push({ kind: 'line', text: `${entry.error.type}: ${entry.error.message}`, error: entry.error });
    if (entry.result) lines.push({ kind: 'line', text: `saved as ${entry.result}` });
    for (const change of entry.changes ?? []) lines.push({ kind: 'line', text: change });
    return lines;
  }

  getTreeItem(row: BatchRow): vscode.TreeItem {
    const batch = this.shownBatch!;
    if (row.kind === 'summary') {
      const entries = [...batch.entries.values()];
      const left = batch.files.length - entries.length;
      const what = `${batch.dry ? 'Dry run of' : 'Ran'} ${basename(batch.script.fsPath)}`;
      const item = new vscode.TreeItem(what);
      item.description =
        batch.state === 'running'
          ? `${entries.length} of ${batch.files.length} done…`
          : `${batchSummary(entries, left, batch.seconds)}${batch.state === 'cancelled' ? ' · cancelled: Resume continues' : ''}`;
      item.iconPath = new vscode.ThemeIcon(
        batch.state === 'running' ? 'loading~spin' : entries.some((e) => e.status === 'failed') ? 'warning' : 'pass',
      );
      item.tooltip = batch.dry
        ? 'Nothing was written'
        : batch.out
          ? `Changed measurements saved in ${batch.out}`
          : 'Saved over the originals';
      return item;
    }
    if (row.kind === 'line') {
      const item = new vscode.TreeItem(row.text);
      item.tooltip = row.text;
      if (row.error?.line) item.command = openAt(batch.script, row.error);
      return item;
    }
    const entry = batch.entries.get(row.file.path);
    const status = entry?.status ?? 'waiting';
    const hasLines = !!entry && (entry.error || entry.result || (entry.changes?.length ?? 0) > 0);
    const item = new vscode.TreeItem(
      row.file.name,
      hasLines ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = row.file.path;
    item.iconPath = ICONS[status];
    const said = !entry && batch.state !== 'running' ? 'not run' : describe(entry);
    item.description = said;
    item.tooltip = `${row.file.path}\n${said}`;
    item.resourceUri = vscode.Uri.file(row.file.path);
    if (entry?.error?.line) item.command = openAt(batch.script, entry.error);
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function describe(entry: BatchEntry | undefined): string {
  if (!entry) return 'waiting';
  if (entry.status === 'failed') return `failed: ${entry.error?.message ?? ''}`;
  if (entry.status === 'skipped') return 'done before';
  const changes = entry.changes?.length;
  return `${entry.status}${changes ? ` · ${changes} change${changes === 1 ? '' : 's'}` : ''} · ${entry.seconds.toFixed(1)} s`;
}

/** Opens the script (or the helper the error names) at the error's line. */
function openAt(script: vscode.Uri, error: NonNullable<BatchEntry['error']>): vscode.Command {
  const file = !error.file
    ? script
    : vscode.Uri.file(isAbsolute(error.file) ? error.file : join(dirname(script.fsPath), error.file));
  const line = Math.max(0, (error.line ?? 1) - 1);
  return {
    command: 'vscode.open',
    title: 'Open the Script at the Error',
    arguments: [file, { selection: new vscode.Range(line, 0, line, 0) }],
  };
}
