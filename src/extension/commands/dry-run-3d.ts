import * as vscode from 'vscode';
import { SOURCE_TITLES } from '../../api/skeletons/skeleton-model';
import type { SkeletonSource } from '../../api/state/motion-state';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';
import type { SkeletonPanel } from '../skeletons-in-3d/skeleton-views';
import { changedSources, changesInThreeD, segmentToHighlight } from '../dry-run/changes-in-3d';
import type { ChangeNode } from '../dry-run/change-tree';

/** The one 3D view of the last dry run: a new dry run replaces what it shows. */
const DRY_RUN_VIEW = 'dry-run';

/** The source a dry run's 3D view shows: the one it changed, or the one chosen when it changed several. */
async function chooseSource(sources: SkeletonSource[]): Promise<SkeletonSource | undefined> {
  if (sources.length === 1) return sources[0];
  const picked = await vscode.window.showQuickPick(
    sources.map((source) => ({ label: SOURCE_TITLES[source], source })),
    { title: 'Motion: Show Dry Run in 3D', placeHolder: 'The script changed skeletons in several places' },
  );
  return picked?.source;
}

/** Shows the last dry run's changes to a source's skeletons in a 3D view (the view that is open is brought up to date). */
async function showDryRunIn3D(ctx: MotionContext, source?: SkeletonSource): Promise<SkeletonPanel | undefined> {
  const report = ctx.parts.dryRun.report;
  if (!report)
    return void vscode.window.showWarningMessage('Motion: dry-run a script first; its changes are then shown in 3D.');
  const sources = changedSources(report.changes);
  if (sources.length === 0)
    return void vscode.window.showInformationMessage(
      `Motion: the dry run of ${report.script} changed no skeleton; its changes are in the Dry Run view.`,
    );
  const chosen = source && sources.includes(source) ? source : await chooseSource(sources);
  if (!chosen) return undefined;
  const { before, after } = report.states;
  return ctx.parts.skeletonViews.showFixed(
    DRY_RUN_VIEW,
    { source: chosen },
    changesInThreeD(before, after, report.changes, chosen, report.script),
  );
}

/** A dry run was shown, cleared or applied: an open 3D view of the last one follows (or closes with nothing to show). */
export function followDryRunIn3D(ctx: MotionContext): void {
  const open = ctx.parts.skeletonViews.isOpen(DRY_RUN_VIEW);
  const report = ctx.parts.dryRun.report;
  if (!open) return;
  const sources = report ? changedSources(report.changes) : [];
  if (!report || sources.length === 0) return ctx.parts.skeletonViews.close(DRY_RUN_VIEW);
  const source = sources.includes(open.target.source) ? open.target.source : sources[0];
  void showDryRunIn3D(ctx, source);
}

/**
 * A row chosen in the Dry Run view: its segment (a change of it, or the place holding its changes;
 * a whole skeleton's root) is highlighted in the dry run's 3D view.
 */
export function highlightChange(ctx: MotionContext, node: ChangeNode | undefined): void {
  const panel = ctx.parts.skeletonViews.isOpen(DRY_RUN_VIEW);
  const report = ctx.parts.dryRun.report;
  const object = node?.change?.object ?? node?.children.find((child) => child.change)?.change?.object;
  const segment = panel && report && segmentToHighlight(object, panel.target.source, report.states);
  if (segment) panel.highlight(segment);
}

export const dryRun3dCommands: CommandTable = {
  'motion.showDryRunIn3D': (ctx) => (source?: SkeletonSource) => showDryRunIn3D(ctx, source),
};
