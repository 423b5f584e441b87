import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import { readSegmentDocument, saveSegmentDocument } from './segment-document';

export const SEGMENT_SCHEME = 'motion';

/** `motion:/project/FullBody/Head.json?segment=7`: the path for people, the id (names can change) for us. */
export function segmentUri(source: string, skeleton: string, segment: string, id: number): vscode.Uri {
  return vscode.Uri.from({ scheme: SEGMENT_SCHEME, path: `/${source}/${encodeURIComponent(skeleton)}/${encodeURIComponent(segment)}.json`, query: `segment=${id}` });
}

function parse(uri: vscode.Uri): { source: 'project' | 'measurement' | 'data'; id: number } {
  const source = uri.path.split('/')[1];
  const id = Number(new URLSearchParams(uri.query).get('segment'));
  if ((source !== 'project' && source !== 'measurement' && source !== 'data') || !Number.isInteger(id)) throw vscode.FileSystemError.FileNotFound(uri);
  return { source, id };
}

/** Segments as JSON documents: saving applies the changes with the setters, all or nothing. */
export class SegmentFileSystem implements vscode.FileSystemProvider {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;

  constructor(
    private readonly client: () => MotionClient,
    private readonly onSaved: () => void,
  ) {}

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { source } = parse(uri);
    const size = (await this.readFile(uri)).byteLength;
    return { type: vscode.FileType.File, ctime: 0, mtime: Date.now(), size, permissions: source === 'data' ? vscode.FilePermission.Readonly : undefined };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { source, id } = parse(uri);
    try {
      return Buffer.from(await readSegmentDocument(this.client(), source, id));
    } catch (error) {
      throw vscode.FileSystemError.FileNotFound(`${uri.path}: ${(error as Error).message}`);
    }
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const { source, id } = parse(uri);
    if (source === 'data') throw vscode.FileSystemError.NoPermissions('the skeletons of the current data are read-only');
    try {
      await saveSegmentDocument(this.client(), source, id, Buffer.from(content).toString('utf8'));
    } catch (error) {
      throw vscode.FileSystemError.Unavailable(`Motion: ${(error as Error).message}`);
    }
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    this.onSaved();
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
    throw vscode.FileSystemError.NoPermissions('rename segments by editing their "name"');
  }
}
