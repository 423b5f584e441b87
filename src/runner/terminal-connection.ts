import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { replaceFile } from '../api/files/replace-file';

/**
 * The application a VS Code terminal's `motion` talks to, following the connection. A terminal's
 * environment is fixed when it opens: one opened before Motion moved (to the application that
 * started, or to the embedded server when it stopped) would keep the old MOTION_URL. So VS Code
 * also gives each terminal the file where the window keeps the URL it is connected to now, and the
 * URL it set itself: while MOTION_URL is still that one (the person did not set another), the
 * file's URL is the one meant. No `vscode` import.
 */
export const TERMINAL_CONNECTION = {
  /** The file that holds the URL the window is connected to now. */
  file: 'MOTION_CONNECTION_FILE',
  /** The MOTION_URL VS Code set: a MOTION_URL that differs is the person's own, and wins. */
  setUrl: 'MOTION_URL_SET_BY_VSCODE',
} as const;

/** MOTION_URL as the terminal means it now: the connection file's URL while MOTION_URL is VS Code's own, else MOTION_URL. */
export function terminalUrl(
  env: NodeJS.ProcessEnv,
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): string | undefined {
  const given = env.MOTION_URL;
  const file = env[TERMINAL_CONNECTION.file];
  if (!given || !file || env[TERMINAL_CONNECTION.setUrl] !== given) return given;
  try {
    const now = read(file).trim();
    return now === '' ? given : now;
  } catch {
    return given; // the window that wrote it has closed: the URL it set when the terminal opened
  }
}

/** Keeps the connected URL where the window's terminals read it (replaced whole: a reader never sees half of it). */
export async function writeTerminalConnection(file: string, url: string): Promise<void> {
  const part = `${file}.${process.pid}.part`;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(part, `${url}\n`);
  await replaceFile(part, file);
}
