import type { DocumentationIndex } from '../../api/docs/documentation-index';

/**
 * The documentation index of the application at a URL, built once and shared by every reader
 * (runs, previews, the command gate, assistants) until the language server loads documentation
 * again or another URL is asked for. Building the index of a whole interface is not free, and a
 * reader asks on every run. A load that failed is not kept: the next ask tries again.
 */
export class ApplicationDocumentation {
  private kept: { url: string; index: Promise<DocumentationIndex> } | undefined;

  constructor(private readonly load: (url: string) => Promise<DocumentationIndex>) {}

  of(url: string): Promise<DocumentationIndex> {
    if (this.kept?.url !== url) {
      const kept = { url, index: this.load(url) };
      this.kept = kept;
      kept.index.catch(() => {
        if (this.kept === kept) this.kept = undefined;
      });
    }
    return this.kept.index;
  }

  /** The language server loaded documentation: what was kept may be another version's. */
  forget(): void {
    this.kept = undefined;
  }
}
