import { elementAt, invalid } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import { newSegment, segmentsInOrder, type SkeletonRecord, type SkeletonSource } from '../model/records';
import { LIMITS } from '../../../src/api/catalogue/limits';
import {
  checkCount,
  checkName,
  checkNamedWeighted,
  checkScale,
  checkSegmentNameFree,
  completeDegreesOfFreedom,
} from './skeleton-rules';

/**
 * The skeleton operations, written once for every source: the settings module calls them with
 * "project"/"measurement", the read-only data module with "data" (and has no setters).
 */
type SkeletonHandler = (tx: Transaction, source: SkeletonSource, args: any[]) => unknown;

function addSkeleton(tx: Transaction, source: SkeletonSource, name: string): number {
  checkName(name);
  const existing = tx.skeletons(source).find((s) => s.name === name);
  if (existing) tx.removeSkeleton(source, existing.id);
  else
    checkCount(
      tx.skeletons(source).length + 1,
      LIMITS.skeletonsPerSource,
      'name',
      `skeletons in the ${source} settings`,
    );
  const id = tx.allocateId();
  const root = newSegment(tx.allocateId(), 'root', null);
  const skeleton: SkeletonRecord = { id, name, scale: 1, rootId: root.id, segments: { [root.id]: root } };
  tx.addSkeleton(source, skeleton);
  return id;
}

export const SKELETON_HANDLERS: Record<string, SkeletonHandler> = {
  add_skeleton: (tx, source, [name]) => addSkeleton(tx, source, name),

  add_segment: (tx, source, [parentId, name]) => {
    checkName(name);
    const { draft, segment: parent } = tx.editSegment(source, parentId);
    checkSegmentNameFree(draft.record, name);
    checkCount(
      Object.keys(draft.record.segments).length + 1,
      LIMITS.segmentsPerSkeleton,
      'name',
      `segments in skeleton "${draft.record.name}"`,
    );
    const segment = newSegment(tx.allocateId(), name, parent.id);
    draft.addSegment(segment);
    parent.children.push(segment.id);
    parent.endpoint = null;
    return segment.id;
  },

  delete_skeleton: (tx, source, [id]) => {
    tx.skeleton(source, id);
    tx.removeSkeleton(source, id);
    return null;
  },

  delete_segment: (tx, source, [id]) => {
    const { skeleton, segment } = tx.segment(source, id);
    if (segment.parentId === null) {
      throw invalid(
        'segment_id',
        `segment ${id} is the root of skeleton "${skeleton.name}"; delete the skeleton instead`,
      );
    }
    const draft = tx.editSkeleton(source, skeleton.id);
    const parent = draft.segment(segment.parentId);
    parent.children = parent.children.filter((c) => c !== id);
    const stack = [id];
    while (stack.length > 0) {
      const gone = stack.pop()!;
      stack.push(...draft.record.segments[gone].children);
      draft.removeSegment(gone);
    }
    return null;
  },

  clear_skeletons: (tx, source) => {
    for (const s of [...tx.skeletons(source)]) tx.removeSkeleton(source, s.id);
    return null;
  },

  get_skeleton_id: (tx, source, [i]) => elementAt(tx.skeletons(source), i, 'index', 'skeletons').id,
  get_skeleton_ids: (tx, source) => tx.skeletons(source).map((s) => s.id),
  get_skeleton_count: (tx, source) => tx.skeletons(source).length,
  get_skeleton_name: (tx, source, [id]) => tx.skeleton(source, id).name,

  set_skeleton_name: (tx, source, [id, name]) => {
    checkName(name);
    const skeleton = tx.skeleton(source, id);
    if (skeleton.name === name) return null;
    const other = tx.skeletons(source).find((s) => s.name === name);
    if (other) tx.removeSkeleton(source, other.id);
    tx.editSkeleton(source, id).record.name = name;
    return null;
  },

  get_skeleton_scale: (tx, source, [id]) => tx.skeleton(source, id).scale,
  set_skeleton_scale: (tx, source, [id, scale]) => {
    checkScale(scale);
    tx.editSkeleton(source, id).record.scale = scale;
    return null;
  },

  get_skeleton_root_id: (tx, source, [id]) => tx.skeleton(source, id).rootId,
  get_segment_id: (tx, source, [id, i]) => elementAt(segmentsInOrder(tx.skeleton(source, id)), i, 'index', 'segments'),
  get_segment_ids: (tx, source, [id]) => segmentsInOrder(tx.skeleton(source, id)),
  get_segment_count: (tx, source, [id]) => Object.keys(tx.skeleton(source, id).segments).length,
  get_segment_name: (tx, source, [id]) => tx.segment(source, id).segment.name,

  set_segment_name: (tx, source, [id, name]) => {
    checkName(name);
    const { draft, segment } = tx.editSegment(source, id);
    checkSegmentNameFree(draft.record, name, id);
    segment.name = name;
    return null;
  },

  get_segment_solver: (tx, source, [id]) => tx.segment(source, id).segment.solver,
  set_segment_solver: (tx, source, [id, solver]) => {
    const { segment } = tx.editSegment(source, id);
    if (solver === null && segment.parentId === null) {
      throw invalid(
        'solver',
        `segment ${id} is a root; solving is hierarchical from the root, which must keep a solver`,
      );
    }
    segment.solver = solver;
    return null;
  },

  get_segment_transform: (tx, source, [id]) => tx.segment(source, id).segment.transform,
  set_segment_transform: (tx, source, [id, transform]) => {
    tx.editSegment(source, id).segment.transform = transform;
    return null;
  },

  get_segment_default_transform: (tx, source, [id]) => tx.segment(source, id).segment.defaultTransform,
  set_segment_default_transform: (tx, source, [id, transform]) => {
    tx.editSegment(source, id).segment.defaultTransform = transform;
    return null;
  },

  get_segment_degrees_of_freedom: (tx, source, [id]) => tx.segment(source, id).segment.degreesOfFreedom,
  set_segment_degrees_of_freedom: (tx, source, [id, dofs]) => {
    const { draft, segment } = tx.editSegment(source, id);
    segment.degreesOfFreedom = completeDegreesOfFreedom(dofs, draft.record, segment.name);
    return null;
  },

  get_segment_endpoint: (tx, source, [id]) => tx.segment(source, id).segment.endpoint,
  set_segment_endpoint: (tx, source, [id, endpoint]) => {
    const { segment } = tx.editSegment(source, id);
    if (endpoint !== null && segment.children.length > 0) {
      throw invalid(
        'endpoint',
        `segment ${id} has ${segment.children.length} ${segment.children.length === 1 ? 'child' : 'children'}; only a leaf segment can have an endpoint`,
      );
    }
    segment.endpoint = endpoint;
    return null;
  },

  get_segment_markers: (tx, source, [id]) => tx.segment(source, id).segment.markers,
  set_segment_markers: (tx, source, [id, markers]) => {
    checkNamedWeighted(markers, 'markers');
    tx.editSegment(source, id).segment.markers = markers;
    return null;
  },

  get_segment_rigid_bodies: (tx, source, [id]) => tx.segment(source, id).segment.rigidBodies,
  set_segment_rigid_bodies: (tx, source, [id, bodies]) => {
    checkNamedWeighted(bodies, 'rigid_bodies');
    tx.editSegment(source, id).segment.rigidBodies = bodies;
    return null;
  },

  get_segment_skeleton_id: (tx, source, [id]) => tx.segment(source, id).skeleton.id,
  get_segment_parent_id: (tx, source, [id]) => tx.segment(source, id).segment.parentId,
  get_segment_child_id: (tx, source, [id, i]) =>
    elementAt(tx.segment(source, id).segment.children, i, 'index', 'children'),
  get_segment_child_ids: (tx, source, [id]) => tx.segment(source, id).segment.children,
  get_segment_child_count: (tx, source, [id]) => tx.segment(source, id).segment.children.length,
  find_skeleton: (tx, source, [name]) => tx.skeletons(source).find((s) => s.name === name)?.id ?? null,
  find_segment: (tx, source, [id, name]) =>
    Object.values(tx.skeleton(source, id).segments).find((s) => s.name === name)?.id ?? null,
};
