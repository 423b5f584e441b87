import { walkSegments, type SkeletonTree } from './skeleton-model';

/**
 * A skeleton as indented lines of text: its name, id, scale and segment count, then each segment
 * with its id, solver and marker count (and its endpoint when it is a leaf). `motion tree` prints
 * it; the assistants read it.
 */
export function renderSkeleton(skeleton: SkeletonTree): string[] {
  const lines = [
    `  ${skeleton.name}  (skeleton ${skeleton.id}, scale ${skeleton.scale}, ${skeleton.segmentCount} segments)`,
  ];
  for (const { node, depth } of walkSegments(skeleton.root)) {
    const details = [
      `id ${node.id}`,
      node.solver ?? 'solved with parent',
      `${node.markerCount} marker${node.markerCount === 1 ? '' : 's'}`,
    ];
    if (node.endpoint) details.push(`endpoint [${node.endpoint.join(', ')}]`);
    lines.push(`${'  '.repeat(depth + 2)}${node.name}  (${details.join(', ')})`);
  }
  return lines;
}
