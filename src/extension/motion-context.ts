import type { DialogAnswerer } from './application-menu/dialog-answerer';
import type { BatchResultsView } from './batch/batch-results-view';
import * as vscode from 'vscode';
import type { ApplicationMenuView } from './application-menu/application-menu-view';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { DocumentationIndex } from '../api/docs/documentation-index';
import type { MotionConfig } from './config';
import type { DocumentationPreviews } from './connection/documentation-previews';
import type { PeriodicRefresh } from './skeletons-view/periodic-refresh';
import type { MotionConnection } from './connection/motion-connection';
import type { DryRunView } from './dry-run/dry-run-view';
import type { SkeletonExplorer } from './skeletons-view/skeleton-explorer';
import type { ChangeLog } from './history/change-log';
import type { ChangeHistory } from './history/change-history';
import type { Recording } from './recording/recording';
import type { ScriptRunner } from './run/script-runner';
import type { SegmentPreviews } from './segment-editor/segment-previews';
import type { SegmentFileSystem } from './segment-editor/segment-file-system';
import type { SelectionView } from './selection/selection-view';
import type { SkeletonViews } from './skeletons-in-3d/skeleton-views';

/** The extension's parts, made once at activation; commands and reactions reach each other through them. */
interface MotionParts {
  readonly config: MotionConfig;
  readonly log: vscode.LogOutputChannel;
  readonly connection: MotionConnection;
  readonly languageClient: LanguageClient;
  readonly explorer: SkeletonExplorer;
  /** The 3D views of skeletons. */
  readonly skeletonViews: SkeletonViews;
  readonly selection: SelectionView;
  readonly segments: SegmentFileSystem;
  readonly segmentPreviews: SegmentPreviews;
  readonly history: ChangeHistory;
  /** Where commands record the changes they make, for Undo and Change History. */
  readonly changes: ChangeLog;
  /** Record as Script: the changes made from VS Code, written down as calls while it is on. */
  readonly recording: Recording;
  readonly runner: ScriptRunner;
  /** What the last dry run would change, and the output of its script. */
  readonly dryRun: DryRunView;
  readonly dryRunOutput: vscode.OutputChannel;
  /** The application's menus and commands (Application Menu), and what its scripts say (messages, terminal). */
  readonly applicationMenu: ApplicationMenuView;
  readonly applicationOutput: vscode.OutputChannel;
  /** The person at the reference server while a command Motion sent runs: its dialogs, shown. */
  readonly dialogs: DialogAnswerer;
  /** Batch Results: the last batch's file by file (Run Script on Measurements). */
  readonly batches: BatchResultsView;
  /** The connected application's documentation: live, else the cache the language server keeps, else bundled. */
  documentation(): Promise<DocumentationIndex>;
  /** The documentation as read-only Markdown documents (Show Documentation, Go to Definition). */
  readonly documentationPreviews: DocumentationPreviews;
  /** The periodic refresh of the views while connected (motion.explorer.autoRefreshSeconds). */
  readonly periodicRefresh: PeriodicRefresh;
  /** The interpreter that debugs, by the one that runs scripts (motion-debugging.ts). */
  readonly debugInterpreters: Map<string, string>;
}

/**
 * The extension's context (like rust-analyzer's ctx.ts): its parts, and two cleanup lists. What
 * lives as long as the extension goes to `extension.subscriptions` (VS Code disposes it); what
 * belongs to the application connected now goes to `forConnection()` and is disposed when the
 * connection changes (another application, or lost).
 */
export class MotionContext implements vscode.Disposable {
  private connectionScope: vscode.Disposable[] = [];

  constructor(
    readonly extension: vscode.ExtensionContext,
    readonly parts: MotionParts,
  ) {}

  /** Keeps `items` for the extension's life. */
  own(...items: vscode.Disposable[]): void {
    this.extension.subscriptions.push(...items);
  }

  /** Keeps `items` until the connection changes. */
  forConnection(...items: vscode.Disposable[]): void {
    this.connectionScope.push(...items);
  }

  /** The application connected now is no longer (reconnecting, another one, or lost): drop what was its. */
  endConnection(): void {
    const ending = this.connectionScope;
    this.connectionScope = [];
    for (const item of ending.reverse()) item.dispose();
  }

  /**
   * After any change made from VS Code: the Skeletons view reloads, and open segment documents
   * without a draft show the application's definition.
   */
  changedApplication(): void {
    this.parts.explorer.refresh();
    this.parts.segments.reloadClean(vscode.workspace.textDocuments.map((d) => d.uri));
  }

  dispose(): void {
    this.endConnection();
  }
}
