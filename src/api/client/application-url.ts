/** Where the application's scripting interface listens unless told otherwise (and the embedded server's port). */
export const DEFAULT_URL = 'http://127.0.0.1:7979';

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
