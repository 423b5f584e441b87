import { Vector2 } from 'three';
import { describePick } from './picking';
import type { Pickable } from './skeleton-drawing';

/** How far the pointer may move between press and release for a click (farther is a drag, which orbits). */
const CLICK_SLOP_PX = 4;

/**
 * The pointer over the canvas: hovering names what is under it in a tooltip beside it (in the
 * warning colour when it has problems), once per frame; a click chooses what is under it.
 */
export function followPointer(
  canvas: HTMLCanvasElement,
  tooltip: HTMLElement,
  pickUnder: (clientX: number, clientY: number) => Pickable | undefined,
  choose: (pick: Pickable | undefined) => void,
): void {
  let hoverFrame = 0;
  canvas.addEventListener('pointermove', (event) => {
    if (event.buttons !== 0) return void (tooltip.hidden = true);
    cancelAnimationFrame(hoverFrame);
    hoverFrame = requestAnimationFrame(() => {
      const pick = pickUnder(event.clientX, event.clientY);
      tooltip.hidden = !pick;
      if (!pick) return;
      tooltip.textContent = describePick(pick);
      tooltip.classList.toggle('warning', pick.problems.length > 0);
      tooltip.style.left = `${event.clientX + 14}px`;
      tooltip.style.top = `${event.clientY + 14}px`;
    });
  });
  canvas.addEventListener('pointerleave', () => (tooltip.hidden = true));
  let pressedAt: Vector2 | undefined;
  canvas.addEventListener('pointerdown', (e) => (pressedAt = new Vector2(e.clientX, e.clientY)));
  canvas.addEventListener('pointerup', (e) => {
    if (e.button === 0 && pressedAt && pressedAt.distanceTo(new Vector2(e.clientX, e.clientY)) < CLICK_SLOP_PX)
      choose(pickUnder(e.clientX, e.clientY));
    pressedAt = undefined;
  });
}
