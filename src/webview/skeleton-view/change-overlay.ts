import type { Scene } from 'three';
import type { Pose } from '../../api/skeletons/skeleton-geometry';
import type { SceneChanges } from '../../protocol/skeleton-view';
import { CHANGE_KEY, colourKeyRows } from './colour-key';
import { drawSkeletons, type DrawnScene } from './skeleton-drawing';
import type { ViewColours } from './view-colours';

/**
 * A dry run's changes over the view: what the script removed, drawn where it was, and the changes
 * every drawing is painted with. A view of the application has none.
 */
export class ChangeOverlay {
  changes: SceneChanges | undefined;
  /** The removed segments, drawn in the view's pose. */
  parts: DrawnScene[] = [];

  constructor(
    private readonly scene: Scene,
    private readonly colours: ViewColours,
  ) {}

  /** Shows a dry run's changes; the colour key then says what their colours mean. */
  show(changes: SceneChanges, pose: Pose, key: HTMLDetailsElement): void {
    this.changes = changes;
    key.replaceChildren(key.querySelector('summary')!, ...colourKeyRows(this.colours, CHANGE_KEY));
    this.draw(pose);
  }

  /** Draws the removed segments (again) in a pose. */
  draw(pose: Pose): void {
    for (const part of this.parts) {
      part.group.removeFromParent();
      part.dispose();
    }
    this.parts = (this.changes?.removed ?? []).map((skeleton) => drawSkeletons([skeleton], pose, this.colours));
    for (const part of this.parts) {
      part.paint(null, new Set(), this.changes);
      this.scene.add(part.group);
    }
  }

  /** The legend's first lines: what the script changed. */
  legend(): { text: string; warning: boolean }[] {
    return (this.changes?.summary ?? []).map((text) => ({ text, warning: false }));
  }
}
