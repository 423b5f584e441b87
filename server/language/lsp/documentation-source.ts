import { DEFAULT_URL } from '../../../src/api/client/application-url';
import { MotionClient } from '../../../src/api/client/motion-client';
import { DocumentationCache, defaultDocumentationCacheDir } from '../../../src/api/docs/documentation-cache';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { bundledDocumentation, loadDocumentation } from '../../../src/api/docs/load-documentation';
import { ApplicationNames } from './application-names';
import type { DocumentationState } from './protocol';

interface Log {
  info(line: string): void;
  warn(line: string): void;
}

/**
 * Where the language server's knowledge of the application comes from: the application at
 * `serverUrl` (its documentation live, else cached per application and version, else the one
 * bundled with this version) and the names it has now (skeletons, segments, labels).
 */
export class DocumentationSource {
  documentation: DocumentationIndex = bundledDocumentation();
  private url: string;
  readonly liveNames: ApplicationNames;
  private readonly cache: DocumentationCache;
  private application: MotionClient | undefined;

  constructor(
    private readonly options: {
      serverUrl?: string;
      cacheDir?: string;
      timeoutMs?: number;
      log: Log;
      /** Names fetched from the application changed what the live-name checks say. */
      onNamesChanged: () => void;
    },
  ) {
    this.url = options.serverUrl ?? DEFAULT_URL;
    this.cache = new DocumentationCache(options.cacheDir ?? defaultDocumentationCacheDir());
    this.liveNames = new ApplicationNames({
      client: () => (this.application ??= new MotionClient({ url: this.serverUrl, timeoutMs: options.timeoutMs })),
      onChange: options.onNamesChanged,
    });
  }

  /** The application the documentation and names come from. */
  get serverUrl(): string {
    return this.url;
  }

  /** Takes the application's URL when one is given; says whether it is another application than before (then reload). */
  useServerUrl(url: string | undefined): boolean {
    if (!url || url === this.url) return false;
    this.url = url;
    return true;
  }

  /** Loads the documentation of the application at `serverUrl` (or the fallbacks), forgetting the names of the last one. */
  async reload(): Promise<DocumentationIndex> {
    // Another application (or the same one restarted): names fetched before say nothing of it.
    this.liveNames.clear();
    void this.application?.close();
    this.application = undefined;
    const { log, timeoutMs } = this.options;
    const client = new MotionClient({ url: this.serverUrl, timeoutMs });
    try {
      this.documentation = await loadDocumentation(client, {
        cache: this.cache,
        onFallback: (reason) => log.info(`motion: documentation not live (${reason})`),
      });
    } finally {
      await client.close();
    }
    const { documentation } = this;
    log.info(`motion: documentation ${documentation.describeSource()}, ${documentation.modules().length} modules`);
    if (documentation.skipped.length > 0)
      log.warn(
        `motion: skipped documented modules outside the ${documentation.packageName} package: ${documentation.skipped.join(', ')}`,
      );
    return documentation;
  }

  /** What the client is told about the documentation in use. */
  state(): DocumentationState {
    const { documentation } = this;
    return {
      source: documentation.source.kind,
      description: documentation.describeSource(),
      serverUrl: this.serverUrl,
      modules: documentation.modules().length,
      ...(documentation.source.kind === 'bundled' ? {} : { version: documentation.source.version }),
    };
  }

  async close(): Promise<void> {
    await this.application?.close();
  }
}
