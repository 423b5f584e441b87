import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** A file of the user's that is not in an encoding we read (UTF-16): said with how to save it. */
export class UnreadableEncoding extends Error {
  override name = 'UnreadableEncoding';
}

/**
 * The text of a file the user wrote (a script, a snapshot, a skeleton definition), read the same
 * whether it was saved as UTF-8 with a byte-order mark (Notepad, PowerShell 7's utf8BOM, many
 * Windows tools) or without one. UTF-16, as Windows PowerShell 5.1's `>` and `Out-File` write, is
 * refused with a message that says how to save the file as UTF-8, never read as garbage.
 */
export function decodeUserText(bytes: Uint8Array, file: string): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return Buffer.from(bytes.subarray(3)).toString('utf8');
  const utf16 = utf16Kind(bytes);
  if (utf16)
    throw new UnreadableEncoding(
      `${file} is saved as ${utf16} (as Windows PowerShell 5.1's ">" and Out-File write files); save it as UTF-8: in VS Code, click the encoding in the status bar and choose "Save with Encoding" → UTF-8, or in PowerShell write it with "| Out-File -Encoding utf8"`,
    );
  return Buffer.from(bytes).toString('utf8');
}

/** UTF-16 by its byte-order mark, or by the NUL byte beside each of its first ASCII characters. */
function utf16Kind(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16 LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16 BE';
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'UTF-16 LE';
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) return 'UTF-16 BE';
  return undefined;
}

/** A user's file read as text (see decodeUserText). */
export async function readUserText(file: string): Promise<string> {
  return decodeUserText(await readFile(file), file);
}

/** A user's file read as text, at once (see decodeUserText). */
export function readUserTextSync(file: string): string {
  return decodeUserText(readFileSync(file), file);
}
