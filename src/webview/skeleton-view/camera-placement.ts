import type { OrbitControls } from 'three/addons/controls/OrbitControls.js';

/**
 * Who put the camera where it is: the view (a fit, Front/Side/Top) or the user (a drag). While the
 * first skeletons arrive and nobody moved it, each arrival fits again (`fitsArrivals`); while the
 * view placed it, a resize (a panel beside it closing) fits again from the same direction
 * (`fitsResize`). Edits never move it.
 */
export class CameraPlacement {
  fitsArrivals = false;
  fitsResize = false;
  private holding = false;

  /** The user moved the camera only if it moved while they held it: a click (a segment picked) is no move. */
  follow(controls: OrbitControls, onChange: () => void, onEnd: () => void): void {
    controls.addEventListener('change', () => {
      if (this.holding) this.fitsArrivals = this.fitsResize = false;
      onChange();
    });
    controls.addEventListener('start', () => (this.holding = true));
    controls.addEventListener('end', () => {
      this.holding = false;
      onEnd();
    });
  }

  /** The first skeletons were fitted to the view. */
  fittedFirst(): void {
    this.fitsArrivals = this.fitsResize = true;
  }

  /** Fit or a view button placed it. */
  placedByButton(): void {
    this.fitsArrivals = false;
    this.fitsResize = true;
  }

  /** A camera saved before (the view made again), placed by the view or not. */
  restored(placedByView: boolean): void {
    this.fitsArrivals = false;
    this.fitsResize = placedByView;
  }
}
