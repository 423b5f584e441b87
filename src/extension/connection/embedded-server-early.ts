import { connect } from 'node:net';
import { isLoopback, runningInWsl, THIS_MACHINE, type MachineFacts } from '../../api/client/windows-host';
import type { EmbeddedMode } from './connection-state';

/** How long a connection to a loopback port may take to be refused before nothing is concluded. */
const REFUSED_WITHIN_MS = 100;

/**
 * Whether nothing listens at the URL's loopback port: the system refuses a connection there at
 * once. False when something accepts, or when no answer comes in time.
 */
export function nothingListensAt(url: string, withinMs = REFUSED_WITHIN_MS): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) || 80 });
    const done = (refused: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(refused);
    };
    const timer = setTimeout(() => done(false), withinMs);
    socket.once('connect', () => done(false));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}

/**
 * Whether the embedded server is sure to be needed, so that it may start the moment Motion does,
 * while Motion's code loads (both take a few tenths of a second on a busy start, and the status bar
 * waits for both): `always`, or `auto` with nothing listening at a loopback URL. Not for another
 * machine's URL (its answer may take a while), nor in WSL, where the application may answer on the
 * Windows host. (On Windows too a loopback connection is refused at once: Node's libuv asks Windows
 * not to retry it.) The connection decides as ever once Motion is loaded; an embedded server it
 * does not use is stopped then.
 */
export async function embeddedNeededNow(
  url: string,
  mode: EmbeddedMode,
  facts: MachineFacts = THIS_MACHINE,
  refusedWithinMs?: number,
): Promise<boolean> {
  if (mode !== 'auto') return mode === 'always';
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return false;
  }
  if (!isLoopback(hostname) || (await runningInWsl(facts))) return false;
  return nothingListensAt(url, refusedWithinMs);
}

/** Lines said before their log exists (the embedded server's, while Motion's code loads): held, then passed on. */
export class HeldLines {
  private held: string[] = [];
  private log: ((line: string) => void) | undefined;

  readonly say = (line: string): void => {
    if (this.log) this.log(line);
    else this.held.push(line);
  };

  /** From now on each line goes to `log`, the held ones first. */
  sendTo(log: (line: string) => void): void {
    this.log = log;
    for (const line of this.held.splice(0)) log(line);
  }
}
