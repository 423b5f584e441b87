import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { replaceFile } from '../files/replace-file';
import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';

/**
 * Where the command line and a language server started outside VS Code keep documentation:
 * $MOTION_CACHE_DIR, else the user's cache directory (Windows: %LOCALAPPDATA%; macOS:
 * ~/Library/Caches; elsewhere $XDG_CACHE_HOME or ~/.cache), under motion-scripting.
 */
export function defaultDocumentationCacheDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const path = platform === 'win32' ? win32 : posix;
  if (env.MOTION_CACHE_DIR) return path.join(env.MOTION_CACHE_DIR, 'documentation');
  const base =
    platform === 'win32'
      ? (env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'))
      : platform === 'darwin'
        ? path.join(home, 'Library', 'Caches')
        : (env.XDG_CACHE_HOME ?? path.join(home, '.cache'));
  return path.join(base, 'motion-scripting', 'documentation');
}

/** One cached documentation: the last fetched from a server URL, per application version. */
interface CachedDocumentation {
  url: string;
  version: string;
  savedAt: string;
  documentation: unknown;
}

/**
 * Documentation fetched from each server, on disk, keyed by server URL and version, so an offline
 * start still knows a newer application's modules.
 */
export class DocumentationCache {
  constructor(readonly dir: string) {}

  async save(url: string, version: string, documentation: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const entry: CachedDocumentation = { url, version, savedAt: new Date().toISOString(), documentation };
    const file = join(this.dir, `${hash(url)}.${hash(version)}.json`);
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(entry));
    await replaceFile(temp, file);
  }

  /** The most recently saved documentation of a URL, whatever its version; unreadable entries are skipped. */
  async latest(url: string): Promise<CachedDocumentation | undefined> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return undefined;
    }
    let best: CachedDocumentation | undefined;
    for (const name of names.filter((n) => n.startsWith(`${hash(url)}.`) && n.endsWith('.json'))) {
      try {
        const entry = JSON.parse(await readFile(join(this.dir, name), 'utf8')) as CachedDocumentation;
        if (entry.url === url && typeof entry.savedAt === 'string' && (!best || entry.savedAt > best.savedAt))
          best = entry;
      } catch {
        // a damaged cache entry is as good as none
      }
    }
    return best;
  }
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
