import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import { readSegmentDocument } from './segment-document';

export const SEGMENT_SCHEME = 'motion';

type SegmentSource = 'project' | 'measurement' | 'data';

/**
 * A slash in a name, as the path shows it: the path's own slashes part source, skeleton and
 * segment. (Percent-encoding would part them too, but the breadcrumb and the tab would show
 * `Wand%20Renamed`: the path is read by people.)
 */
const SLASH_IN_NAME = '\u2215';

/** A name as the path shows it. */
const inPath = (name: string) => name.replaceAll('/', SLASH_IN_NAME);

/** `motion:/project/FullBody/Head.json?segment=7`: the path for people, the id (names can change) for us. */
export function segmentUri(source: SegmentSource, skeleton: string, segment: string, id: number): vscode.Uri {
  return vscode.Uri.from({
    scheme: SEGMENT_SCHEME,
    path: `/${source}/${inPath(skeleton)}/${inPath(segment)}.json`,
    query: `segment=${id}`,
  });
}

/** A segment document's source and id, and the names its path shows (a slash in a name given back). */
export function parseSegmentUri(uri: vscode.Uri): {
  source: SegmentSource;
  id: number;
  skeleton: string;
  segment: string;
} {
  const [, source, skeleton = '', file = ''] = uri.path.split('/');
  const id = Number(new URLSearchParams(uri.query).get('segment'));
  if (
    uri.scheme !== SEGMENT_SCHEME ||
    (source !== 'project' && source !== 'measurement' && source !== 'data') ||
    !Number.isInteger(id)
  )
    throw vscode.FileSystemError.FileNotFound(uri);
  return {
    source,
    id,
    skeleton: skeleton.replaceAll(SLASH_IN_NAME, '/'),
    segment: file.replace(/\.json$/, '').replaceAll(SLASH_IN_NAME, '/'),
  };
}

/** One segment's document state: the draft saved in VS Code, and the application's text it started from. */
interface Entry {
  draft?: Uint8Array;
  /** Renames made in the application since the document was opened (or last applied), in a person's words. */
  renamed?: string[];
  /** The application's definition when the document was opened (or last applied): to notice changes made since. */
  base?: string;
  mtime: number;
}

/**
 * Segments as JSON documents. Saving never reaches the application, whatever the auto-save mode:
 * it keeps a draft in VS Code. Only "Apply to the Application" (segment-commands.ts) changes the
 * application, after a preview and a confirmation.
 */
export class SegmentFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly drafts = new vscode.EventEmitter<vscode.Uri>();
  /** A draft was saved, applied or discarded. */
  readonly onDidChangeDraft = this.drafts.event;
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly client: () => MotionClient) {}

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { source } = parseSegmentUri(uri);
    const size = (await this.readFile(uri)).byteLength;
    return {
      type: vscode.FileType.File,
      ctime: 0,
      mtime: this.entry(uri).mtime,
      size,
      permissions: source === 'data' ? vscode.FilePermission.Readonly : undefined,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const entry = this.entry(uri);
    if (entry.draft) return entry.draft;
    const { source, id } = parseSegmentUri(uri);
    let text: string;
    try {
      text = await readSegmentDocument(this.client(), source, id);
    } catch (error) {
      throw vscode.FileSystemError.FileNotFound(`${uri.path}: ${(error as Error).message}`);
    }
    entry.base ??= text;
    return Buffer.from(text);
  }

  /** A save (by hand or auto-save): kept as a draft; the application is not touched. */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const { source } = parseSegmentUri(uri);
    if (source === 'data')
      throw vscode.FileSystemError.NoPermissions('the skeletons of the current data are read-only');
    const entry = this.entry(uri);
    // Saving the application's own definition, unchanged (an edit typed and undone), is no draft.
    entry.draft =
      entry.base !== undefined && Buffer.from(content).toString('utf8') === entry.base ? undefined : content;
    entry.mtime = Date.now();
    this.drafts.fire(uri);
  }

  hasDraft(uri: vscode.Uri): boolean {
    return !!this.entries.get(key(uri))?.draft;
  }

  draftText(uri: vscode.Uri): string | undefined {
    const draft = this.entries.get(key(uri))?.draft;
    return draft && Buffer.from(draft).toString('utf8');
  }

  /**
   * The application renamed the segment or its skeleton since the document was opened: said when
   * it is applied. A new segment name goes into the draft and the text it started from, so that
   * applying neither renames it back nor reports the application's own rename as a clash.
   */
  noteRenamed(uri: vscode.Uri, renamed: readonly string[], name?: { from: string; to: string }): void {
    const entry = this.entry(uri);
    entry.renamed = [...(entry.renamed ?? []), ...renamed];
    if (!name) return;
    const swap = (text: string) =>
      text.replace(`"name": ${JSON.stringify(name.from)}`, `"name": ${JSON.stringify(name.to)}`);
    if (entry.base !== undefined) entry.base = swap(entry.base);
    if (entry.draft) entry.draft = Buffer.from(swap(Buffer.from(entry.draft).toString('utf8')));
    entry.mtime = Date.now();
  }

  /** Opened from the Skeletons view under the names the application has now: no rename is pending. */
  openedAfresh(uri: vscode.Uri): void {
    const entry = this.entries.get(key(uri));
    if (entry) entry.renamed = undefined;
  }

  /** What the application renamed since the document was opened (or last applied). */
  renamedSince(uri: vscode.Uri): readonly string[] {
    return this.entries.get(key(uri))?.renamed ?? [];
  }

  /** The application's text the document started from, if known. */
  baseText(uri: vscode.Uri): string | undefined {
    return this.entries.get(key(uri))?.base;
  }

  /** After applying: the draft is gone, and the document shows the application's definition `text`. */
  applied(uri: vscode.Uri, text: string): void {
    this.entries.set(key(uri), { base: text, mtime: Date.now() });
    this.drafts.fire(uri);
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /** Drops the draft: the document shows the application's definition again. */
  discard(uri: vscode.Uri): void {
    this.entries.set(key(uri), { mtime: Date.now() });
    this.drafts.fire(uri);
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /**
   * The application changed (an undo, an edit from the Skeletons view): documents without a draft
   * show its definition again, and start from it.
   */
  reloadClean(open: vscode.Uri[]): void {
    for (const [k, entry] of this.entries) if (!entry.draft) this.entries.delete(k);
    const clean = open.filter((uri) => uri.scheme === SEGMENT_SCHEME && !this.hasDraft(uri));
    if (clean.length > 0) this.changes.fire(clean.map((uri) => ({ type: vscode.FileChangeType.Changed, uri })));
  }

  /** A closed document without a draft starts from the application's definition when opened again. */
  forget(uri: vscode.Uri): void {
    if (uri.scheme !== SEGMENT_SCHEME || this.hasDraft(uri)) return;
    // The segment is still open under its new names (it was renamed): its entry is that document's.
    const open = vscode.workspace.textDocuments.some(
      (d) => d.uri.scheme === SEGMENT_SCHEME && d.uri.toString() !== uri.toString() && key(d.uri) === key(uri),
    );
    if (!open) this.entries.delete(key(uri));
  }

  readDirectory(): never {
    throw vscode.FileSystemError.NoPermissions('segments are edited one at a time');
  }

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions('add segments in the Skeletons view');
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions('delete segments in the Skeletons view');
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions('rename segments by editing their "name" and applying it');
  }

  dispose(): void {
    this.changes.dispose();
    this.drafts.dispose();
  }

  private entry(uri: vscode.Uri): Entry {
    const k = key(uri);
    let entry = this.entries.get(k);
    if (!entry) this.entries.set(k, (entry = { mtime: Date.now() }));
    return entry;
  }
}

/** Drafts follow the segment, not its name: a renamed segment's new URI finds the same entry. */
function key(uri: vscode.Uri): string {
  const { source, id } = parseSegmentUri(uri);
  return `${source}:${id}`;
}
