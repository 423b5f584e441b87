import { notFound } from './faults';
import {
  SKELETON_SOURCES,
  type BoneRecord,
  type MotionState,
  type SegmentRecord,
  type SelectionItem,
  type SkeletonRecord,
  type SkeletonSource,
  type TrajectoryRecord,
} from './records';

/**
 * The live state and its indexes. Reads go straight to it; every change goes through a
 * Transaction, which works on copies and swaps them in only when the whole operation succeeded.
 */
export class MotionModel {
  private segmentOwner = new Map<number, { source: SkeletonSource; skeletonId: number }>();
  private trajectoryById = new Map<number, TrajectoryRecord>();
  private boneById = new Map<number, BoneRecord>();
  /** Bumped by every committed change; persistence and tests read it. */
  revision = 0;

  constructor(private state: MotionState) {
    this.reindexSkeletons();
    for (const t of state.trajectories) this.trajectoryById.set(t.id, t);
    for (const b of state.bones) this.boneById.set(b.id, b);
  }

  snapshot(): MotionState {
    return this.state;
  }

  skeletons(source: SkeletonSource): readonly SkeletonRecord[] {
    return this.state.skeletons[source];
  }

  /** The owner of a segment id, whichever source it is in. */
  ownerOf(segmentId: number): { source: SkeletonSource; skeletonId: number } | undefined {
    return this.segmentOwner.get(segmentId);
  }

  trajectories(): readonly TrajectoryRecord[] {
    return this.state.trajectories;
  }

  trajectory(id: number, parameter: string): TrajectoryRecord {
    const t = this.trajectoryById.get(id);
    if (!t) throw notFound(parameter, `no trajectory with id ${id}`);
    return t;
  }

  bones(): readonly BoneRecord[] {
    return this.state.bones;
  }

  bone(id: number, parameter: string): BoneRecord {
    const b = this.boneById.get(id);
    if (!b) throw notFound(parameter, `no bone with id ${id}`);
    return b;
  }

  selection(): readonly SelectionItem[] {
    return this.state.selection;
  }

  /** Swaps in what a transaction changed. Only Transaction.commit calls this. */
  apply(changes: { skeletons: Partial<Record<SkeletonSource, SkeletonRecord[]>>; selection?: SelectionItem[]; nextId: number }): void {
    const skeletons = { ...this.state.skeletons, ...changes.skeletons };
    this.state = { ...this.state, skeletons, selection: changes.selection ?? this.state.selection, nextId: changes.nextId };
    if (Object.keys(changes.skeletons).length > 0) this.reindexSkeletons();
    this.revision++;
  }

  private reindexSkeletons(): void {
    this.segmentOwner.clear();
    for (const source of SKELETON_SOURCES) {
      for (const skeleton of this.state.skeletons[source]) {
        for (const id of Object.keys(skeleton.segments)) this.segmentOwner.set(Number(id), { source, skeletonId: skeleton.id });
      }
    }
  }
}

/**
 * One operation's view of the model. Reads see the operation's own changes; writes go to copies
 * (a skeleton is deep-copied the first time it is edited). Nothing reaches the model unless
 * commit() is called, so an operation that throws halfway has changed nothing.
 */
export class Transaction {
  private lists: Partial<Record<SkeletonSource, SkeletonRecord[]>> = {};
  private edited = new Set<SkeletonRecord>();
  private selectionDraft?: SelectionItem[];
  private nextId: number;

  constructor(readonly model: MotionModel) {
    this.nextId = model.snapshot().nextId;
  }

  skeletons(source: SkeletonSource): readonly SkeletonRecord[] {
    return this.lists[source] ?? this.model.skeletons(source);
  }

  skeleton(source: SkeletonSource, id: number, parameter = 'skeleton_id'): SkeletonRecord {
    const found = this.skeletons(source).find((s) => s.id === id);
    if (!found) throw notFound(parameter, `no skeleton with id ${id} in ${describeSource(source)}`);
    return found;
  }

  segment(source: SkeletonSource, id: number, parameter = 'segment_id'): { skeleton: SkeletonRecord; segment: SegmentRecord } {
    const owner = this.model.ownerOf(id);
    const skeleton = owner?.source === source ? this.skeletons(source).find((s) => s.id === owner.skeletonId) : undefined;
    const segment = skeleton?.segments[id] ?? this.draftSegment(source, id);
    if (!segment) throw notFound(parameter, `no segment with id ${id} in ${describeSource(source)}`);
    return { skeleton: skeleton?.segments[id] ? skeleton : this.owningDraft(source, id)!, segment };
  }

  /** A mutable copy of a skeleton, made once per transaction. */
  editSkeleton(source: SkeletonSource, id: number): SkeletonRecord {
    const current = this.skeleton(source, id);
    if (this.edited.has(current)) return current;
    const copy = structuredClone(current);
    this.edited.add(copy);
    this.replaceList(source, (list) => list.map((s) => (s === current ? copy : s)));
    return copy;
  }

  addSkeleton(source: SkeletonSource, skeleton: SkeletonRecord): void {
    this.edited.add(skeleton);
    this.replaceList(source, (list) => [...list, skeleton]);
  }

  removeSkeleton(source: SkeletonSource, id: number): void {
    this.replaceList(source, (list) => list.filter((s) => s.id !== id));
  }

  allocateId(): number {
    return this.nextId++;
  }

  selection(): readonly SelectionItem[] {
    return this.selectionDraft ?? this.model.selection();
  }

  setSelection(items: SelectionItem[]): void {
    this.selectionDraft = items;
  }

  commit(): void {
    this.model.apply({ skeletons: this.lists, selection: this.selectionDraft, nextId: this.nextId });
  }

  private replaceList(source: SkeletonSource, change: (list: readonly SkeletonRecord[]) => SkeletonRecord[]): void {
    this.lists[source] = change(this.skeletons(source));
  }

  /** Segments added in this transaction are not in the model's index yet. */
  private owningDraft(source: SkeletonSource, id: number): SkeletonRecord | undefined {
    for (const s of this.edited) if (s.segments[id] && this.skeletons(source).includes(s)) return s;
    return undefined;
  }

  private draftSegment(source: SkeletonSource, id: number): SegmentRecord | undefined {
    return this.owningDraft(source, id)?.segments[id];
  }
}

export function describeSource(source: SkeletonSource): string {
  return source === 'data' ? 'the current data' : `the ${source} settings`;
}
