/** Where the application's scripting interface listens unless told otherwise (and the embedded server's port). */
export const DEFAULT_URL = 'http://127.0.0.1:7979';
/** The port of DEFAULT_URL: the reference server's, when it stands in for the application at its address. */
export const DEFAULT_PORT = Number(new URL(DEFAULT_URL).port);

/**
 * What is wrong with a URL a user typed for an application, or undefined: it must be http:// with a
 * host (and port) and no path, since operations live under a fixed path of that origin.
 */
export function applicationUrlProblem(text: string): string | undefined {
  return /^http:\/\/[^/\s]+\/?$/.test(text.trim()) ? undefined : `Type an http:// URL, e.g. ${DEFAULT_URL}`;
}

/** The form of an application URL that is stored and compared: trimmed, without a trailing slash. */
export function normalApplicationUrl(text: string): string {
  return text.trim().replace(/\/$/, '');
}

/**
 * Whether two application URLs reach the same server: the same port on IPv4 loopback, however it
 * is written (`localhost` is tried as 127.0.0.1 first), or else the same origin.
 */
export function sameApplicationAddress(a: string, b: string): boolean {
  const [x, y] = [a, b].map((url) => {
    try {
      return new URL(url);
    } catch {
      return undefined;
    }
  });
  if (!x || !y) return false;
  const ipv4Loopback = (u: URL) => u.hostname === '127.0.0.1' || u.hostname === 'localhost';
  if (ipv4Loopback(x) && ipv4Loopback(y)) return x.port === y.port && x.protocol === y.protocol;
  return x.origin === y.origin;
}
