import * as vscode from 'vscode';
import { listSkeletons } from '../../api/skeletons/skeleton-loader';
import { SKELETON_SOURCE_NAMES, SOURCE_TITLES } from '../../api/skeletons/skeleton-model';
import type { CommandTable } from './command-table';
import type { ExplorerItem } from '../skeletons-view/explorer-data';
import type { MotionContext } from '../motion-context';
import type { SkeletonPanel } from '../skeletons-in-3d/skeleton-views';
import type { ViewTarget } from '../skeletons-in-3d/view-scene';

/** Without an item (from the Command Palette): choose a source's skeletons, or one skeleton. */
async function chooseTarget(ctx: MotionContext): Promise<ViewTarget | undefined> {
  const client = ctx.parts.connection.client();
  const choices = (
    await Promise.all(
      SKELETON_SOURCE_NAMES.map(async (source) => {
        const skeletons = await listSkeletons(client, source);
        if (skeletons.length === 0) return [];
        return [
          { label: `All skeletons in ${SOURCE_TITLES[source].toLowerCase()}`, target: { source } },
          ...skeletons.map((s) => ({
            label: s.name,
            description: SOURCE_TITLES[source],
            target: { source, skeletonIds: [s.id] },
          })),
        ];
      }),
    )
  ).flat();
  if (choices.length === 0) throw new Error('the application has no skeletons to show');
  return (await vscode.window.showQuickPick(choices, { title: 'Show Skeleton in 3D' }))?.target;
}

/** "Motion: Show Skeleton in 3D": a source shows all its skeletons; a skeleton itself; a segment its skeleton, highlighted. */
export const skeletonViewCommands: CommandTable = {
  'motion.showSkeleton3D':
    (ctx) =>
    async (item?: ExplorerItem): Promise<SkeletonPanel | undefined> => {
      const views = ctx.parts.skeletonViews;
      switch (item?.kind) {
        case undefined: {
          const target = await chooseTarget(ctx);
          return target && views.show(target);
        }
        case 'source':
          return views.show({ source: item.source });
        case 'skeleton':
          return views.show({ source: item.skeleton.source, skeletonIds: [item.skeleton.id] });
        case 'segment':
          return views.show(
            { source: item.source, skeletonIds: [item.skeletonId] },
            { skeletonId: item.skeletonId, segmentId: item.node.id },
          );
        case 'marker': {
          const segment = await ctx.parts.explorer.data.parent(item);
          if (segment?.kind !== 'segment')
            throw new Error(`marker ${item.marker.name} is no longer in the application`);
          return views.show(
            { source: segment.source, skeletonIds: [segment.skeletonId] },
            { skeletonId: segment.skeletonId, segmentId: segment.node.id },
          );
        }
      }
    },
};
