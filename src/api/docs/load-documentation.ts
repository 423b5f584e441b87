import type { MotionClient } from '../client/motion-client';
import { formatVersion } from '../client/identify-application';
import { MotionConnectionError } from '../client/motion-error';
import { WHOLE_INTERFACE } from '../catalogue';
import { catalogueDocumentation } from './catalogue-documentation';
import type { DocumentationCache } from './documentation-cache';
import { DocumentationIndex } from './documentation-index';

interface LoadDocumentationOptions {
  cache?: DocumentationCache;
  signal?: AbortSignal;
  /** Told why the live documentation could not be used. */
  onFallback?: (reason: string) => void;
}

/**
 * The documentation of the application at the client's URL: live (one get_package_documentation
 * call, saved to the cache), else the last cached for that URL, else the one bundled with this
 * version, generated from the catalogue. The index says which source it is using.
 */
export async function loadDocumentation(
  client: MotionClient,
  options: LoadDocumentationOptions = {},
): Promise<DocumentationIndex> {
  const { cache, signal } = options;
  let reason: string;
  try {
    const api = signal ? client.with({ signal }) : client;
    const [documentation, version] = await Promise.all([
      api.utilities.documentation.get_package_documentation(),
      api.get_version().then(formatVersion, (error: unknown) => {
        if (error instanceof MotionConnectionError) throw error;
        return 'unknown version'; // an application without motion.get_version
      }),
    ]);
    const index = DocumentationIndex.fromPackage(documentation, { kind: 'live', url: client.url, version });
    await cache?.save(client.url, version, documentation).catch(() => undefined);
    return index;
  } catch (error) {
    if (signal?.aborted) throw error;
    reason = (error as Error).message;
  }
  options.onFallback?.(reason);
  const cached = await cache?.latest(client.url);
  if (cached) {
    try {
      return DocumentationIndex.fromPackage(cached.documentation, {
        kind: 'cache',
        url: cached.url,
        version: cached.version,
        savedAt: cached.savedAt,
      });
    } catch {
      // a cache written by another version with another shape: fall through to the bundled documentation
    }
  }
  return bundledDocumentation();
}

/** The documentation of the application's whole interface, as bundled with this version. */
export function bundledDocumentation(): DocumentationIndex {
  return DocumentationIndex.fromPackage(catalogueDocumentation(WHOLE_INTERFACE), { kind: 'bundled' });
}
