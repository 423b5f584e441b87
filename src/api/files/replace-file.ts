import { rename } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The codes Windows gives a rename over a file that another program holds open for a moment (an
 * antivirus scanning it, the search indexer, a backup tool). On Linux and macOS the same codes are
 * real refusals, so only Windows waits them out.
 */
const HELD_CODES = new Set(['EBUSY', 'EPERM', 'EACCES']);

/** The waits between tries, in ms: about 1.5 s in all, as long as a scan of a small file takes. */
const WAITS_MS = [10, 20, 40, 80, 160, 320, 500, 500];

interface ReplaceOptions {
  platform?: NodeJS.Platform;
  rename?: (from: string, to: string) => Promise<void>;
  wait?: (ms: number) => Promise<unknown>;
}

/**
 * Renames `from` over `to` (the last step of every all-or-nothing file write). On Windows a file
 * held open by another program refuses the rename for a moment: it is tried again for about 1.5 s
 * before the error is given.
 */
export async function replaceFile(from: string, to: string, options: ReplaceOptions = {}): Promise<void> {
  const platform = options.platform ?? process.platform;
  const move = options.rename ?? rename;
  const wait = options.wait ?? sleep;
  for (let attempt = 0; ; attempt++) {
    try {
      await move(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (platform !== 'win32' || !HELD_CODES.has(code) || attempt >= WAITS_MS.length) throw error;
      await wait(WAITS_MS[attempt]);
    }
  }
}
