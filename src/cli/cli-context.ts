import { terminalUrl } from '../runner/terminal-connection';
import { DEFAULT_URL } from '../api/client/application-url';
import { DEFAULT_TIMEOUT_MS, MotionClient } from '../api/client/motion-client';
import { MotionConnectionError, MotionError } from '../api/client/motion-error';
import { DocumentationCache, defaultDocumentationCacheDir } from '../api/docs/documentation-cache';

/** Exit codes: what a shell script needs to tell apart. */
export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3 } as const;

export class UsageError extends Error {}

export interface GlobalOptions {
  url: string;
  timeoutMs: number;
  json: boolean;
}

export const GLOBAL_OPTIONS = {
  url: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const GLOBAL_HELP = `Global options:
  --url URL        the application (default $MOTION_URL or ${DEFAULT_URL})
  --timeout MS     per-call timeout in milliseconds (default ${DEFAULT_TIMEOUT_MS})
  --json           machine-readable JSON output
  -h, --help       help for a command`;

export function globalOptions(values: { url?: string; timeout?: string; json?: boolean }): GlobalOptions {
  // In a VS Code terminal, MOTION_URL follows the window's connection (terminal-connection.ts).
  const url = values.url ?? terminalUrl(process.env) ?? DEFAULT_URL;
  try {
    if (new URL(url).protocol !== 'http:') throw new Error();
  } catch {
    throw new UsageError(`--url must be an http:// URL, got "${url}"`);
  }
  const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new UsageError(`--timeout must be a positive number of milliseconds, got "${values.timeout}"`);
  return { url, timeoutMs, json: values.json ?? false };
}

export function clientFor(options: GlobalOptions): MotionClient {
  return new MotionClient({ url: options.url, timeoutMs: options.timeoutMs });
}

/** Why no application answers at --url (nothing listens, a timeout), or undefined when one does, even with a refusal. */
export async function unreachable(options: GlobalOptions): Promise<MotionConnectionError | undefined> {
  const client = clientFor(options);
  try {
    await client.get_version();
    return undefined;
  } catch (error) {
    return error instanceof MotionConnectionError ? error : undefined;
  } finally {
    await client.close();
  }
}

/** Where `docs` and `stubs` keep the last documentation of each server. */
export function documentationCache(): DocumentationCache {
  return new DocumentationCache(defaultDocumentationCacheDir());
}

/**
 * Text from the application, made safe for a terminal: control characters (an ANSI escape can
 * recolour, retitle or clear the user's terminal) are shown as \x.. escapes; lines and tabs stay.
 */
export function terminalSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * The client's words, for a person at a command line: the embedded server is VS Code's, and what
 * they can start is the reference server, or point the command elsewhere.
 */
function cliWords(message: string): string {
  return message.replace(
    /start the application or the embedded server/,
    'start the application, or the reference server (motion-server), or give its address with --url',
  );
}

/** Prints an error the way a user can act on it (with `advice`, when there is some), and returns the exit code. */
export function report(error: unknown, json: boolean, advice?: string): number {
  if (error instanceof MotionError) {
    if (json)
      process.stderr.write(
        `${JSON.stringify({ error: { status: error.status, code: error.code, message: error.message, operation: error.operation, parameter: error.parameter } })}\n`,
      );
    else process.stderr.write(`motion: ${terminalSafe(`${error.operation}: ${error.describe()}`)}\n`);
    return EXIT.refused;
  }
  if (error instanceof MotionConnectionError) {
    if (json)
      process.stderr.write(
        `${JSON.stringify({ error: { code: error.kind, message: error.message, operation: error.operation, advice } })}\n`,
      );
    else process.stderr.write(`motion: ${terminalSafe(cliWords(error.message))}\n${advice ? `${advice}\n` : ''}`);
    return EXIT.unreachable;
  }
  if (error instanceof UsageError) {
    process.stderr.write(`motion: ${terminalSafe(error.message)}\n`);
    return EXIT.usage;
  }
  // A bug of ours: its stack helps a report. MOTION_DEBUG shows it; otherwise the message.
  const shown = process.env.MOTION_DEBUG
    ? ((error as Error)?.stack ?? String(error))
    : ((error as Error)?.message ?? String(error));
  process.stderr.write(`motion: ${terminalSafe(shown)}\n`);
  return EXIT.refused;
}
