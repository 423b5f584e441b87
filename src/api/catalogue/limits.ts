/**
 * The sizes the reference server accepts, chosen as a real application would: far above any real
 * skeleton, far below what would make every later write slow (a name of megabytes is rewritten in
 * the state file on every change). Beyond them a call is refused with `invalid_argument`.
 */
export const LIMITS = {
  /** Characters in a skeleton, segment, marker or rigid body name. */
  nameLength: 256,
  /** Skeletons in one settings source. */
  skeletonsPerSource: 1_000,
  /** Segments in one skeleton. */
  segmentsPerSkeleton: 1_000,
  /** Markers, and rigid bodies, of one segment. */
  itemsPerSegment: 1_000,
} as const;

/** The limits as the help text and the README say them. */
export const LIMITS_TEXT = [
  `names of skeletons, segments, markers and rigid bodies: at most ${LIMITS.nameLength} characters`,
  `at most ${LIMITS.skeletonsPerSource} skeletons per settings source and ${LIMITS.segmentsPerSkeleton} segments per skeleton`,
  `at most ${LIMITS.itemsPerSegment} markers and ${LIMITS.itemsPerSegment} rigid bodies per segment`,
];
