import type { Pose } from '../../api/skeletons/skeleton-geometry';
import type { ViewSkeleton } from '../../protocol/skeleton-view';

/** Problems listed in the legend per skeleton. */
const MAX_LEGEND_PROBLEMS = 4;

/**
 * The legend: skeletons still loading (or placed, their names and markers to come), then each
 * skeleton with its scale and counts, and a few of its problems in full (the rest counted: each is
 * also said on hover, in the warning colour).
 */
export function legendLines(
  skeletons: readonly ViewSkeleton[],
  pose: Pose,
  waiting: number,
): { text: string; warning: boolean }[] {
  const lines: { text: string; warning: boolean }[] = [];
  const plural = (n: number) => `${n} skeleton${n === 1 ? '' : 's'}`;
  if (waiting > 0) lines.push({ text: `Loading ${waiting} more skeleton${waiting === 1 ? '' : 's'}…`, warning: false });
  const placedOnly = skeletons.filter((s) => s.placedOnly).length;
  if (placedOnly > 0) lines.push({ text: `Loading the names and markers of ${plural(placedOnly)}…`, warning: false });
  for (const skeleton of skeletons) {
    const placed = skeleton[pose];
    if (!placed) continue; // not read in this pose yet
    const markers = skeleton.placedOnly ? 'markers to come' : `${placed.markers.length} markers`;
    lines.push({
      text: `${skeleton.name} · scale ${skeleton.scale} · ${placed.segments.length} segments · ${markers}`,
      warning: false,
    });
    if (skeleton.placedOnly) continue; // its problems are named when its names come
    const problems = [
      ...placed.segments.flatMap((s) => s.problems.map((p) => `Segment ${s.name}: ${p}`)),
      ...placed.markers.flatMap((m) => m.problems.map((p) => `Marker ${m.name}: ${p}`)),
    ];
    const shown = problems.slice(0, MAX_LEGEND_PROBLEMS);
    if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more, drawn in red`);
    for (const problem of shown) lines.push({ text: `⚠ ${skeleton.name} › ${problem}`, warning: true });
  }
  return lines;
}
