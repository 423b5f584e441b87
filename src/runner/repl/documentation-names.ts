import type { DocumentationIndex } from '../../api/docs/documentation-index';
import { motionNames, type NameCompletion } from './motion-names';

/**
 * Tab completion from the application's documentation, loaded when first wanted and again when
 * the application or its documentation changes. Completion never waits for it: until it is
 * loaded, Tab completes nothing.
 */
export class DocumentationNames {
  private index: DocumentationIndex | undefined;
  private loading: Promise<void> | undefined;

  constructor(private readonly load: () => Promise<DocumentationIndex>) {}

  complete(beforeCursor: string): NameCompletion | undefined {
    if (!this.index) this.refresh();
    return this.index && motionNames(this.index, beforeCursor);
  }

  /** Loads the documentation again (the one loaded so far answers meanwhile). */
  refresh(): void {
    this.loading ??= this.load()
      .then((index) => void (this.index = index))
      .catch(() => undefined)
      .finally(() => (this.loading = undefined));
  }
}
