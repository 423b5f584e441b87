import * as z from 'zod';
import { formatVersion } from '../../api/client/identify-application';
import type { MotionClient } from '../../api/client/motion-client';
import { listSkeletons, loadSkeletonTree } from '../../api/skeletons/skeleton-loader';
import {
  SKELETON_SOURCE_NAMES,
  SOURCE_TITLES,
  type SkeletonSourceName,
  type SkeletonSummary,
} from '../../api/skeletons/skeleton-model';
import { renderSkeleton } from '../../api/skeletons/skeleton-text';
import { describeSelection } from '../../api/state/selection-names';
import { closestNames } from '../../api/text/closest-names';
import { ANSWER_LINES, boundedLines, ToolRefusal, type ToolAnswer } from './tool-answer';

export const readApplicationInput = z
  .object({
    source: z
      .enum(['project', 'measurement', 'data'])
      .optional()
      .describe('Only this source of skeletons: the project settings, the measurement settings, or the current data.'),
    skeleton: z
      .string()
      .min(1)
      .optional()
      .describe('One skeleton by name: its whole segment tree (asked when the overview summarises a large one).'),
  })
  .strict();

/** Up to this many segments in all, the overview shows every tree; past it, one line per skeleton. */
const WHOLE_TREES = 150;

/** A skeleton's segment count: 1 request. */
async function segmentCount(client: MotionClient, skeleton: SkeletonSummary): Promise<number> {
  return skeleton.source === 'data'
    ? client.data.object.skeleton.get_segment_count(skeleton.id)
    : client.settings.processing.skeleton.get_segment_count(skeleton.source, skeleton.id);
}

/**
 * The application as the Skeletons and Selection views show it: its skeletons by source (whole
 * trees when they are small, else one line each with how to ask for one), or one skeleton's tree,
 * and the selection.
 */
export async function readApplication(
  client: MotionClient,
  input: z.infer<typeof readApplicationInput>,
): Promise<ToolAnswer> {
  const sources: readonly SkeletonSourceName[] = input.source ? [input.source] : SKELETON_SOURCE_NAMES;
  const version = formatVersion(await client.get_version().catch(() => undefined));
  const listed = await Promise.all(
    sources.map(async (source) => ({ source, skeletons: await listSkeletons(client, source) })),
  );
  const lines = [`The application at ${client.url} (${version}).`];
  if (input.skeleton !== undefined) {
    const found = listed.flatMap(({ skeletons }) => skeletons.filter((s) => s.name === input.skeleton));
    if (found.length === 0) {
      const names = listed.flatMap(({ skeletons }) => skeletons.map((s) => s.name));
      const near = closestNames(input.skeleton, names);
      throw new ToolRefusal(
        `No skeleton "${input.skeleton}" in ${sources.map((s) => SOURCE_TITLES[s].toLowerCase()).join(', ')}.${near.length > 0 ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ''} Skeletons there: ${names.length > 0 ? names.map((n) => `"${n}"`).join(', ') : 'none'}.`,
      );
    }
    for (const skeleton of found) {
      lines.push(`${SOURCE_TITLES[skeleton.source]}:`, ...renderSkeleton(await loadSkeletonTree(client, skeleton)));
    }
    const data = { url: client.url, version, skeletons: found.map((s) => ({ ...s })) };
    return { text: boundedLines(lines, ANSWER_LINES, 'the tree is cut here').join('\n'), data };
  }
  const counts = new Map<SkeletonSummary, number>();
  await Promise.all(
    listed.flatMap(({ skeletons }) => skeletons.map(async (s) => counts.set(s, await segmentCount(client, s)))),
  );
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const whole = total <= WHOLE_TREES;
  for (const { source, skeletons } of listed) {
    lines.push(
      `${SOURCE_TITLES[source]}: ${skeletons.length === 0 ? 'no skeletons' : `${skeletons.length} skeleton${skeletons.length === 1 ? '' : 's'}`}`,
    );
    for (const skeleton of skeletons) {
      if (whole) lines.push(...renderSkeleton(await loadSkeletonTree(client, skeleton)));
      else
        lines.push(
          `  ${skeleton.name}  (skeleton ${skeleton.id}, scale ${skeleton.scale}, ${counts.get(skeleton)} segments)`,
        );
    }
  }
  if (!whole)
    lines.push(
      `(${total} segments in all: the trees are summarised. Ask with skeleton: "<name>" for one skeleton's segments.)`,
    );
  const selection = await describeSelection(client);
  lines.push(
    `Selection: ${selection.length === 0 ? 'nothing selected' : `${selection.length} selected`}`,
    ...boundedLines(
      selection.map((s) => `  ${s.label}  (${s.description})`),
      50,
      'the rest of the selection is not shown',
    ),
  );
  const data = {
    url: client.url,
    version,
    sources: Object.fromEntries(
      listed.map(({ source, skeletons }) => [source, skeletons.map((s) => ({ ...s, segments: counts.get(s) }))]),
    ),
    selection: selection.map((s) => ({ ...s.item, label: s.label })),
  };
  return { text: boundedLines(lines, ANSWER_LINES, 'ask for one source or one skeleton').join('\n'), data };
}
