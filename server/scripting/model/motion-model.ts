import type { Measurement } from '../measurement/measurement';
import { notFound } from './faults';
import {
  SKELETON_SOURCES,
  type BoneRecord,
  type MotionState,
  type SegmentRecord,
  type SelectionItem,
  type SettingsItem,
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
  /** The open measurement's samples and the rest of it; null when none is open. Not part of the JSON state. */
  /** A function until first asked for: the demo's walk is made only when a call needs it. */
  private openMeasurement: Measurement | null | (() => Measurement);

  constructor(
    private state: MotionState,
    measurement: Measurement | null | (() => Measurement) = null,
  ) {
    this.openMeasurement = measurement;
    this.reindexSkeletons();
    this.reindexTrajectories();
    this.reindexBones();
  }

  snapshot(): MotionState {
    return this.state;
  }

  measurement(): Measurement | null {
    if (typeof this.openMeasurement === 'function') this.openMeasurement = this.openMeasurement();
    return this.openMeasurement;
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

  /**
   * Swaps in what a transaction changed (Transaction.commit), or replays it on another model
   * that had the same state before (a saved change becoming visible).
   */
  apply(changes: ModelChanges): void {
    const skeletons = { ...this.state.skeletons, ...changes.skeletons };
    this.state = {
      ...this.state,
      skeletons,
      selection: changes.selection ?? this.state.selection,
      bones: changes.bones ?? this.state.bones,
      trajectories: changes.trajectories ?? this.state.trajectories,
      ...(changes.settings ? { settings: changes.settings } : {}),
      ...(changes.scripts ? { scripts: changes.scripts } : {}),
      nextId: changes.nextId,
    };
    if (changes.measurement !== undefined) {
      this.openMeasurement = changes.measurement;
      const { measurement: _old, ...rest } = this.state;
      this.state = changes.measurement ? { ...rest, measurement: originOf(changes.measurement) } : rest;
    }
    if (changes.bones) this.reindexBones();
    if (changes.trajectories) this.reindexTrajectories();
    for (const id of changes.removed) this.segmentOwner.delete(id);
    for (const [id, owner] of changes.added) this.segmentOwner.set(id, owner);
  }

  /** Goes back to what `other` holds (changes that could not be saved are dropped). */
  restore(other: MotionModel): void {
    this.state = other.snapshot();
    this.openMeasurement = other.measurement();
    this.reindexSkeletons();
    this.reindexTrajectories();
    this.reindexBones();
  }

  private reindexTrajectories(): void {
    this.trajectoryById.clear();
    for (const t of this.state.trajectories) this.trajectoryById.set(t.id, t);
  }

  private reindexBones(): void {
    this.boneById.clear();
    for (const b of this.state.bones) this.boneById.set(b.id, b);
  }

  private reindexSkeletons(): void {
    this.segmentOwner.clear();
    for (const source of SKELETON_SOURCES) {
      for (const skeleton of this.state.skeletons[source]) {
        for (const id of Object.keys(skeleton.segments))
          this.segmentOwner.set(Number(id), { source, skeletonId: skeleton.id });
      }
    }
  }
}

/**
 * A skeleton being changed by one operation: its own copy of the record and of the segment map,
 * sharing every segment it has not touched. A segment is copied the first time it is edited.
 */
class SkeletonDraft {
  private copied = new Set<number>();

  constructor(
    readonly record: SkeletonRecord,
    private readonly tx: Transaction,
    private readonly source: SkeletonSource,
  ) {}

  /** A mutable copy of one segment of this skeleton. */
  segment(id: number): SegmentRecord {
    if (!this.copied.has(id)) {
      this.record.segments[id] = structuredClone(this.record.segments[id]);
      this.copied.add(id);
    }
    return this.record.segments[id];
  }

  addSegment(segment: SegmentRecord): void {
    this.record.segments[segment.id] = segment;
    this.copied.add(segment.id);
    this.tx.segmentAdded(segment.id, this.source, this.record.id);
  }

  removeSegment(id: number): void {
    delete this.record.segments[id];
    this.tx.segmentRemoved(id);
  }
}

/** What one committed transaction changed: whole replacement lists, so that replaying it is exact. */
export interface ModelChanges {
  skeletons: Partial<Record<SkeletonSource, SkeletonRecord[]>>;
  selection?: SelectionItem[];
  bones?: BoneRecord[];
  trajectories?: TrajectoryRecord[];
  settings?: SettingsItem;
  scripts?: string[];
  /** The measurement after the change; undefined when it did not change, null when it was closed. */
  measurement?: Measurement | null;
  nextId: number;
  added: ReadonlyMap<number, { source: SkeletonSource; skeletonId: number }>;
  removed: ReadonlySet<number>;
}

/**
 * One operation's view of the model. Reads see the operation's own changes; writes go to drafts
 * and copies. Nothing reaches the model unless commit() is called, so an operation that throws
 * halfway has changed nothing.
 */
export class Transaction {
  private lists: Partial<Record<SkeletonSource, SkeletonRecord[]>> = {};
  private drafts = new Map<SkeletonRecord, SkeletonDraft>();
  private added = new Map<number, { source: SkeletonSource; skeletonId: number }>();
  private removed = new Set<number>();
  private selectionDraft?: SelectionItem[];
  private bonesDraft?: BoneRecord[];
  private trajectoriesDraft?: TrajectoryRecord[];
  private settingsDraft?: SettingsItem;
  private scriptsDraft?: string[];
  private measurementDraft?: Measurement | null;
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

  segment(
    source: SkeletonSource,
    id: number,
    parameter = 'segment_id',
  ): { skeleton: SkeletonRecord; segment: SegmentRecord } {
    const owner = this.removed.has(id) ? undefined : (this.added.get(id) ?? this.model.ownerOf(id));
    const skeleton =
      owner?.source === source ? this.skeletons(source).find((s) => s.id === owner.skeletonId) : undefined;
    const segment = skeleton?.segments[id];
    if (!skeleton || !segment) throw notFound(parameter, `no segment with id ${id} in ${describeSource(source)}`);
    return { skeleton, segment };
  }

  /** A draft of a skeleton, made once per transaction. */
  editSkeleton(source: SkeletonSource, id: number): SkeletonDraft {
    const current = this.skeleton(source, id);
    const existing = this.drafts.get(current);
    if (existing) return existing;
    const copy: SkeletonRecord = { ...current, segments: { ...current.segments } };
    const draft = new SkeletonDraft(copy, this, source);
    this.drafts.set(copy, draft);
    this.replaceList(source, (list) => list.map((s) => (s === current ? copy : s)));
    return draft;
  }

  /** The draft that holds a segment, and that segment as a mutable copy. */
  editSegment(source: SkeletonSource, id: number): { draft: SkeletonDraft; segment: SegmentRecord } {
    const draft = this.editSkeleton(source, this.segment(source, id).skeleton.id);
    return { draft, segment: draft.segment(id) };
  }

  addSkeleton(source: SkeletonSource, skeleton: SkeletonRecord): void {
    this.drafts.set(skeleton, new SkeletonDraft(skeleton, this, source));
    for (const id of Object.keys(skeleton.segments)) this.segmentAdded(Number(id), source, skeleton.id);
    this.replaceList(source, (list) => [...list, skeleton]);
  }

  removeSkeleton(source: SkeletonSource, id: number): void {
    for (const segmentId of Object.keys(this.skeleton(source, id).segments)) this.segmentRemoved(Number(segmentId));
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

  bones(): readonly BoneRecord[] {
    return this.bonesDraft ?? this.model.bones();
  }

  bone(id: number, parameter: string): BoneRecord {
    if (!this.bonesDraft) return this.model.bone(id, parameter);
    const found = this.bonesDraft.find((b) => b.id === id);
    if (!found) throw notFound(parameter, `no bone with id ${id}`);
    return found;
  }

  setBones(bones: BoneRecord[]): void {
    this.bonesDraft = bones;
  }

  trajectories(): readonly TrajectoryRecord[] {
    return this.trajectoriesDraft ?? this.model.trajectories();
  }

  trajectory(id: number, parameter: string): TrajectoryRecord {
    if (!this.trajectoriesDraft) return this.model.trajectory(id, parameter);
    const found = this.trajectoriesDraft.find((t) => t.id === id);
    if (!found) throw notFound(parameter, `no trajectory with id ${id}`);
    return found;
  }

  setTrajectories(trajectories: TrajectoryRecord[]): void {
    this.trajectoriesDraft = trajectories;
  }

  /** The settings modules' values that were set, as this operation sees them. */
  settings(): SettingsItem {
    return this.settingsDraft ?? this.model.snapshot().settings ?? { values: {}, lists: {} };
  }

  setSettings(settings: SettingsItem): void {
    this.settingsDraft = settings;
  }

  /** The start-up scripts, in order, as this operation sees them. */
  scripts(): readonly string[] {
    return this.scriptsDraft ?? this.model.snapshot().scripts ?? [];
  }

  setScripts(scripts: string[]): void {
    this.scriptsDraft = scripts;
  }

  /** The open measurement as this operation sees it (its own changes included); null when none is open. */
  measurement(): Measurement | null {
    return this.measurementDraft === undefined ? this.model.measurement() : this.measurementDraft;
  }

  setMeasurement(measurement: Measurement | null): void {
    this.measurementDraft = measurement;
  }

  segmentAdded(id: number, source: SkeletonSource, skeletonId: number): void {
    this.removed.delete(id);
    this.added.set(id, { source, skeletonId });
  }

  segmentRemoved(id: number): void {
    this.added.delete(id);
    this.removed.add(id);
  }

  /** Applies the changes to the model, and returns them (to replay them where they become visible once saved). */
  commit(): ModelChanges {
    const changes: ModelChanges = {
      skeletons: this.lists,
      selection: this.selectionDraft,
      bones: this.bonesDraft,
      trajectories: this.trajectoriesDraft,
      settings: this.settingsDraft,
      scripts: this.scriptsDraft,
      measurement: this.measurementDraft,
      nextId: this.nextId,
      added: this.added,
      removed: this.removed,
    };
    this.model.apply(changes);
    return changes;
  }

  private replaceList(source: SkeletonSource, change: (list: readonly SkeletonRecord[]) => SkeletonRecord[]): void {
    this.lists[source] = change(this.skeletons(source));
  }
}

/** What the state keeps of the open measurement: where it came from. */
function originOf(m: Measurement): NonNullable<MotionState['measurement']> {
  return m.demo ? { demo: true } : { path: m.path, dirty: m.dirty };
}

function describeSource(source: SkeletonSource): string {
  return source === 'data' ? 'the current data' : `the ${source} settings`;
}
