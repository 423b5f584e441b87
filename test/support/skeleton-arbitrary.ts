import fc from 'fast-check';
import type {
  SegmentDefinitionDocument,
  SkeletonDefinitionDocument,
} from '../../src/api/skeletons/skeleton-definition';

const DOFS = ['rotation_x', 'rotation_y', 'rotation_z', 'translation_x', 'translation_y', 'translation_z'] as const;

/** A number as the interface holds one: mm or degrees, within what a real definition has. */
const number = (max = 5_000) => fc.double({ min: -max, max, noNaN: true, noDefaultInfinity: true });
const weight = fc.double({ min: 0, max: 100, noNaN: true, noDefaultInfinity: true });
const vec3 = fc.tuple(number(), number(), number());

/**
 * Names as people write them, with what a file must escape: XML's specials, quotes, non-ASCII, tabs,
 * inner spaces (never blank: the interface refuses that).
 */
const name = fc
  .array(fc.constantFrom('a', 'Z', '_', '1', ' ', '&', '<', '>', '"', "'", 'é', 'ü', '肩', '-', '.', '\t'), {
    minLength: 1,
    maxLength: 12,
  })
  .map((chars) => chars.join(''))
  .filter((n) => n.trim() !== '');

/** A rigid transform: a rotation from a unit quaternion (row-major, translation in the last column). */
const transform = fc
  .tuple(number(1), number(1), number(1), number(1), vec3)
  .filter(([x, y, z, w]) => Math.hypot(x, y, z, w) > 0.1)
  .map(([qx, qy, qz, qw, t]) => {
    const n = Math.hypot(qx, qy, qz, qw);
    const [x, y, z, w] = [qx / n, qy / n, qz / n, qw / n];
    return [
      [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), t[0]],
      [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), t[1]],
      [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), t[2]],
      [0, 0, 0, 1],
    ];
  });

/** Named items with unique names: markers, rigid bodies. */
function named<T extends { name: string }>(item: fc.Arbitrary<T>, maxLength: number) {
  return fc.uniqueArray(item, { maxLength, selector: (i) => i.name });
}

/** One degree of freedom in every shape the format allows: free, constrained, coupled, with a goal, or all of these. */
function degreeOfFreedom(others: string[]) {
  const coupling = (segments: string[]) =>
    fc.record({
      segment: fc.constantFrom(...segments),
      degree_of_freedom: fc.constantFrom(...DOFS),
      coefficient: number(10),
    });
  return fc.record({
    constraint: fc.option(
      fc
        .tuple(number(180), number(180))
        .map(([a, b]) => ({ lower_bound: Math.min(a, b), upper_bound: Math.max(a, b) })),
      { nil: null },
    ),
    couplings: others.length > 0 ? fc.array(coupling(others), { maxLength: 3 }) : fc.constant([]),
    goal: fc.option(fc.record({ value: number(180), weight }), { nil: null }),
  });
}

type Shape = { name: string; children: Shape[] };

/** A tree of up to `max` segments with unique names, the root first. */
const tree = (max: number) =>
  fc.uniqueArray(name, { minLength: 1, maxLength: max }).chain((names) =>
    // Each segment after the root hangs under one that comes before it.
    fc.tuple(...names.slice(1).map((_, i) => fc.nat({ max: i }))).map((parents) => {
      const shapes: Shape[] = names.map((n) => ({ name: n, children: [] }));
      parents.forEach((parent, i) => shapes[parent].children.push(shapes[i + 1]));
      return { root: shapes[0], names };
    }),
  );

function segment(shape: Shape, names: string[]): fc.Arbitrary<SegmentDefinitionDocument> {
  const others = names.filter((n) => n !== shape.name);
  const dof = degreeOfFreedom(others);
  return fc.record({
    name: fc.constant(shape.name),
    solver: fc.constantFrom('none' as const, 'global_optimization' as const, null),
    transform,
    default_transform: transform,
    degrees_of_freedom: fc
      .tuple(...DOFS.map(() => dof))
      .map((values) => Object.fromEntries(DOFS.map((d, i) => [d, values[i]]))),
    // Only a leaf has an endpoint; a leaf may have none.
    endpoint: shape.children.length > 0 ? fc.constant(null) : fc.option(vec3, { nil: null }),
    markers: named(fc.record({ name, position: vec3, weight }), 3),
    rigid_bodies: named(fc.record({ name, transform, weight }), 2),
    children: shape.children.length > 0 ? fc.tuple(...shape.children.map((c) => segment(c, names))) : fc.constant([]),
  });
}

/** Skeleton definitions of every shape the interface and the XML format allow (the root keeps a solver). */
export const skeletonDefinition = (maxSegments = 6): fc.Arbitrary<SkeletonDefinitionDocument> =>
  fc
    .record({ name, scale: fc.double({ min: 0.01, max: 100, noNaN: true }), tree: tree(maxSegments) })
    .chain(({ name, scale, tree }) =>
      segment(tree.root, tree.names).map((root) => ({
        format: 'motion-skeleton' as const,
        version: 1 as const,
        name,
        scale,
        root: { ...root, solver: root.solver ?? 'global_optimization' },
      })),
    );
