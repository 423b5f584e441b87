import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { onPath } from './path-entries';

/**
 * The user's PATH on Windows, as new sessions get it: the `Path` value of HKCU\Environment. It is
 * read and written with Windows' own reg.exe, keeping its kind: most are REG_EXPAND_SZ, with
 * entries such as %USERPROFILE%\bin that must stay unexpanded (PowerShell's
 * [Environment]::SetEnvironmentVariable would write them expanded, as REG_SZ). It is read through
 * `reg export`, a UTF-16 file, because `reg query` prints to a pipe in the console's code page and
 * would mangle a folder such as C:\Users\Zoë before it was written back.
 */

const run = promisify(execFile);

/** Where Windows keeps the user's own environment variables. */
const USER_ENVIRONMENT = 'HKCU\\Environment';

/** A string value of the registry, and whether its %NAME% parts are expanded when read. */
interface RegistryString {
  kind: 'REG_SZ' | 'REG_EXPAND_SZ';
  value: string;
}

/** The text of a quoted .reg string, its \\ and \" read back. */
function unescaped(quoted: string): string {
  return quoted.replace(/\\(.)/g, '$1');
}

/**
 * The named string value of the first key of a `reg export` file (its text, decoded), or undefined
 * when the key has no such value. Names are compared without case, as the registry does.
 */
export function exportedString(text: string, name: string): RegistryString | undefined {
  // Hex values go on over lines that end in a backslash.
  const lines = text.replace(/\\\r?\n\s*/g, '').split(/\r?\n/);
  const first = lines.findIndex((line) => line.startsWith('['));
  for (const line of lines.slice(first + 1)) {
    if (line.startsWith('[')) break; // a subkey's values
    const entry = /^"((?:[^"\\]|\\.)*)"=(.*)$/.exec(line);
    if (!entry || unescaped(entry[1]).toLowerCase() !== name.toLowerCase()) continue;
    const data = entry[2];
    const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(data);
    if (quoted) return { kind: 'REG_SZ', value: unescaped(quoted[1]) };
    const hex = /^hex\(2\):([0-9a-f,]*)$/i.exec(data);
    if (hex) {
      const bytes = Buffer.from(
        hex[1]
          .split(',')
          .filter(Boolean)
          .map((byte) => parseInt(byte, 16)),
      );
      return { kind: 'REG_EXPAND_SZ', value: bytes.toString('utf16le').replace(/\0+$/, '') };
    }
    throw new Error(`the registry value ${name} is not a string (${data.slice(0, 20)}…): it is left as it is`);
  }
  return undefined;
}

/** The key's value `name`, read through a `reg export` of the key to a file of our own. */
async function readString(key: string, name: string): Promise<RegistryString | undefined> {
  const file = join(tmpdir(), `motion-environment-${randomUUID()}.reg`);
  try {
    await run('reg.exe', ['export', key, file, '/y'], { windowsHide: true });
    return exportedString((await readFile(file)).toString('utf16le').replace(/^\uFEFF/, ''), name);
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * The PATH `now` with `folder` at its end when `add`, else without it; undefined when it is so
 * already. Everything else is kept as it was written, empty entries too.
 */
export function changedPath(now: string, folder: string, add: boolean): string | undefined {
  if (add) {
    if (onPath(now, folder, 'win32')) return undefined;
    return now === '' || now.endsWith(';') ? `${now}${folder}` : `${now};${folder}`;
  }
  const parts = now.split(';');
  const kept = parts.filter((part) => !(part && onPath(part, folder, 'win32')));
  return kept.length === parts.length ? undefined : kept.join(';');
}

/**
 * Adds `folder` to the end of the user's PATH, or takes it off; the rest, its order and its kind
 * are kept. Nothing is written when the PATH is already so, or when it cannot be read (a PATH
 * half-read is never written back). `key` is HKCU\Environment but in the tests.
 * Says whether it changed the PATH.
 */
export async function changeUserPath(folder: string, add: boolean, key = USER_ENVIRONMENT): Promise<boolean> {
  let now: RegistryString | undefined;
  try {
    now = await readString(key, 'Path');
  } catch (error) {
    throw new Error(`the user's PATH could not be read: ${failure(error)}`, { cause: error });
  }
  const next = changedPath(now?.value ?? '', folder, add);
  if (next === undefined) return false;
  try {
    await run('reg.exe', ['add', key, '/v', 'Path', '/t', now?.kind ?? 'REG_EXPAND_SZ', '/d', next, '/f'], {
      windowsHide: true,
    });
  } catch (error) {
    throw new Error(`the user's PATH could not be changed: ${failure(error)}`, { cause: error });
  }
  return true;
}

/** What reg.exe said, or how it could not be started. */
function failure(error: unknown): string {
  const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
  return (stderr || stdout || message).trim();
}

/**
 * Tells running programs that the user's environment changed (WM_SETTINGCHANGE "Environment", as
 * installers do), so that a terminal opened from the Start menu or Explorer finds the new PATH.
 * Through PowerShell, which every Windows has; says whether it was told.
 */
export function announceEnvironmentChange(): Promise<boolean> {
  const script = [
    'Add-Type -Namespace MotionScripting -Name Settings -MemberDefinition \'[DllImport("user32.dll", CharSet = CharSet.Unicode)] public static extern IntPtr SendMessageTimeout(IntPtr window, uint message, UIntPtr wParam, string lParam, uint flags, uint timeout, out UIntPtr result);\'',
    '$result = [UIntPtr]::Zero',
    "[void][MotionScripting.Settings]::SendMessageTimeout([IntPtr]0xffff, 0x1A, [UIntPtr]::Zero, 'Environment', 2, 5000, [ref]$result)",
  ].join('; ');
  return new Promise((resolve) => {
    const child = spawn('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script], {
      stdio: 'ignore',
      windowsHide: true,
    });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}
