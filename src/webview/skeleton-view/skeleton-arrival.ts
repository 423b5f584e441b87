import type { Pose } from '../../api/skeletons/skeleton-geometry';
import type { SceneOutline, ViewSkeleton } from '../../protocol/skeleton-view';

/**
 * The skeletons a view shows: its outline, and those that have arrived, placed only or whole. A
 * placed-only skeleton never takes a whole one's place: a reload keeps the whole drawing until the
 * skeleton comes whole again, so that its markers and names do not blink out after each edit.
 */
export class Arrivals {
  private outline: SceneOutline | undefined;
  private readonly arrived = new Map<number, ViewSkeleton>();

  /** Takes a new outline; returns the skeletons it no longer shows (deleted, or not asked for), now forgotten. */
  showOutline(outline: SceneOutline): number[] {
    this.outline = outline;
    const gone = [...this.arrived.keys()].filter((id) => !outline.skeletonIds.includes(id));
    for (const id of gone) this.arrived.delete(id);
    return gone;
  }

  /** Whether the outline has come and shows no skeleton. */
  get empty(): boolean {
    return this.outline?.skeletonIds.length === 0;
  }

  /** Takes a skeleton that arrived; false when it is not drawn (not in the outline, or placed only over a whole one). */
  take(skeleton: ViewSkeleton): boolean {
    if (!this.outline?.skeletonIds.includes(skeleton.id)) return false;
    const had = this.arrived.get(skeleton.id);
    if (skeleton.placedOnly && had && !had.placedOnly) return false;
    this.arrived.set(skeleton.id, skeleton);
    return true;
  }

  get(id: number): ViewSkeleton | undefined {
    return this.arrived.get(id);
  }

  all(): ViewSkeleton[] {
    return [...this.arrived.values()];
  }

  /** The skeletons of the outline that have arrived in `pose`, in the outline's order. */
  shown(pose: Pose): ViewSkeleton[] {
    return (this.outline?.skeletonIds ?? []).flatMap((id) => {
      const skeleton = this.arrived.get(id);
      return skeleton?.[pose] ? [skeleton] : [];
    });
  }

  /** Skeletons of the outline not drawn yet in `pose`. */
  missing(pose: Pose): number {
    return (this.outline?.skeletonIds.length ?? 0) - this.shown(pose).length;
  }

  /** Skeletons drawn with their segments only: their names and markers are to come. */
  placedOnly(pose: Pose): number {
    return this.shown(pose).filter((s) => s.placedOnly).length;
  }

  /** Every skeleton of the outline has arrived whole in `pose`. */
  complete(pose: Pose): boolean {
    return this.outline !== undefined && this.missing(pose) + this.placedOnly(pose) === 0;
  }
}
