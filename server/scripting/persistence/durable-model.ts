import { Fault } from '../model/faults';
import { MotionModel, type ModelChanges } from '../model/motion-model';
import type { MotionState } from '../model/records';
import type { Measurement } from '../measurement/measurement';
import { encodeState } from '../../../src/api/state/state-document';

/** Where the state is written: the state file, or nowhere (in memory). */
interface StateWriter {
  write(text: string): Promise<void>;
}

/**
 * The model as clients see it, and the model writes build on. A change becomes visible only once it
 * is on disk: writes run on `head`, are saved together (changes that arrive during a write share
 * the next one), and are then replayed on `visible`, which reads use. When a save fails, nothing of
 * it becomes visible: `head` goes back to what was saved, and every change not yet saved (also those
 * built on the failed ones) is refused with `unavailable`. Without a state file both are one model.
 */
export class DurableModel {
  readonly visible: MotionModel;
  readonly head: MotionModel;
  /** The measurement open when the server started (the demo's walk is made when first asked for). */
  readonly openedMeasurement: () => Measurement | null;
  private unsaved: ModelChanges[] = [];
  private writing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    state: MotionState,
    private readonly writer?: StateWriter,
    measurement: Measurement | null | (() => Measurement) = null,
  ) {
    // Made once however many models ask for it first.
    let made: Measurement | undefined;
    const shared = typeof measurement === 'function' ? () => (made ??= measurement()) : measurement;
    this.openedMeasurement = () => (typeof shared === 'function' ? shared() : shared);
    this.visible = new MotionModel(state, shared);
    this.head = writer ? new MotionModel(state, shared) : this.visible;
  }

  /** Resolves once `changes` (already committed on head) are saved and visible; rejects with `unavailable` if they could not be saved. */
  saved(changes: ModelChanges): Promise<void> {
    if (!this.writer) return Promise.resolve();
    this.unsaved.push(changes);
    if (!this.writing) return this.flush();
    this.queued ??= this.writing.then(
      () => this.flush(),
      (error: unknown) => {
        this.queued = null;
        throw error;
      },
    );
    return this.queued;
  }

  /** Resolves once every write under way has settled. */
  async settled(): Promise<void> {
    await (this.queued ?? this.writing)?.catch(() => undefined);
  }

  private flush(): Promise<void> {
    this.queued = null;
    const batch = this.unsaved;
    this.unsaved = [];
    const text = encodeState(this.head.snapshot());
    this.writing = this.writer!.write(text)
      .then(
        () => {
          for (const changes of batch) this.visible.apply(changes);
        },
        (error: Error) => {
          // Nothing of this write, nor what was built on it meanwhile, is kept.
          this.unsaved = [];
          this.head.restore(this.visible);
          throw new Fault(
            'unavailable',
            `not saved: ${error.message}; nothing changed. Try again once the state file can be written.`,
          );
        },
      )
      .finally(() => {
        this.writing = null;
      });
    return this.writing;
  }
}
