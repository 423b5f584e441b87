// The .motionbook file: a Motion notebook's cells (Markdown, Python and Lua) with the outputs of
// their last run, as JSON that reads well in a diff. No `vscode` import.

/** An output as the file keeps it: its items, each a MIME type and its data as text (an image's in base64). */
export interface BookOutput {
  items: { mime: string; text: string }[];
}

/** An output item as the notebook holds it: bytes. */
interface OutputData {
  mime: string;
  data: Uint8Array;
}

/**
 * The items a file keeps: what a run shows (text, streams, errors, tables, figures, skeletons in 3D),
 * not what an editor may add of its own.
 */
const KEPT = new Set([
  'text/plain',
  'text/markdown',
  'text/html',
  'image/png',
  'application/vnd.code.notebook.stdout',
  'application/vnd.code.notebook.stderr',
  'application/vnd.code.notebook.error',
  'application/vnd.motion.skeleton+json',
]);

const isImage = (mime: string) => mime.startsWith('image/');

/** An output's items as the file keeps them: images in base64, the rest as text; items it does not keep left out. */
export function keptItems(items: readonly OutputData[]): BookOutput['items'] {
  return items
    .filter((i) => KEPT.has(i.mime))
    .map((i) => ({
      mime: i.mime,
      text: isImage(i.mime) ? Buffer.from(i.data).toString('base64') : new TextDecoder().decode(i.data),
    }));
}

/** A kept output's items as the notebook holds them again. */
export function outputData(items: BookOutput['items']): OutputData[] {
  return items.map((i) => ({
    mime: i.mime,
    data: isImage(i.mime) ? Buffer.from(i.text, 'base64') : new TextEncoder().encode(i.text),
  }));
}

export interface BookCell {
  kind: 'markdown' | 'code';
  /** For code cells: python or lua. */
  language?: 'python' | 'lua';
  source: string;
  outputs?: BookOutput[];
  /** How the last run went: its place in the run order, how long it took, whether it succeeded. */
  execution?: { order?: number; milliseconds?: number; ok?: boolean };
}

export interface Motionbook {
  cells: BookCell[];
}

/** The file's format version: a newer one is refused rather than half read. */
const FORMAT = 1;

/** A notebook whose file is empty (a new file): one Python cell to start from. */
const EMPTY: Motionbook = { cells: [{ kind: 'code', language: 'python', source: '' }] };

/** Reads a .motionbook file; an error names what is wrong and where. */
export function readMotionbook(text: string): Motionbook {
  if (text.trim() === '') return structuredClone(EMPTY);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`this .motionbook file is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const book = value as { motionbook?: unknown; cells?: unknown };
  if (typeof book !== 'object' || book === null || !Array.isArray(book.cells))
    throw new Error('this .motionbook file has no "cells" list');
  if (typeof book.motionbook !== 'number' || book.motionbook > FORMAT)
    throw new Error(
      `this .motionbook file is of format ${JSON.stringify(book.motionbook)}; this version of Motion Scripting reads format ${FORMAT}`,
    );
  return { cells: book.cells.map((cell, i) => readCell(cell, i)) };
}

function readCell(value: unknown, index: number): BookCell {
  const where = `cell ${index + 1}`;
  const cell = value as Partial<BookCell> | null;
  if (typeof cell !== 'object' || cell === null) throw new Error(`${where} is not an object`);
  if (cell.kind !== 'markdown' && cell.kind !== 'code')
    throw new Error(`${where}: "kind" must be "markdown" or "code"`);
  if (typeof cell.source !== 'string') throw new Error(`${where}: "source" must be text`);
  if (cell.kind === 'code' && cell.language !== 'python' && cell.language !== 'lua')
    throw new Error(`${where}: "language" must be "python" or "lua"`);
  const outputs = Array.isArray(cell.outputs) ? cell.outputs.filter(isOutput) : undefined;
  return {
    kind: cell.kind,
    ...(cell.kind === 'code' ? { language: cell.language } : {}),
    source: cell.source,
    ...(outputs?.length ? { outputs } : {}),
    ...(cell.execution && typeof cell.execution === 'object' ? { execution: cell.execution } : {}),
  };
}

function isOutput(value: unknown): value is BookOutput {
  const items = (value as BookOutput | null)?.items;
  return Array.isArray(items) && items.every((i) => typeof i?.mime === 'string' && typeof i.text === 'string');
}

/** Writes a .motionbook file: two-space JSON, a cell's source as one string, a newline at the end. */
export function writeMotionbook(book: Motionbook): string {
  return `${JSON.stringify({ motionbook: FORMAT, cells: book.cells }, null, 2)}\n`;
}
