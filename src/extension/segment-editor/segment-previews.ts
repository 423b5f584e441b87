import * as vscode from 'vscode';

/** The scheme of the apply preview's read-only snapshots. */
export const PREVIEW_SCHEME = 'motion-preview';

/**
 * Read-only snapshots shown in the apply preview (what the application has, and what applying
 * gives), and whether an apply is under way (its own save of the document is not a user's save).
 */
export class SegmentPreviews implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private next = 1;
  applying = false;

  put(title: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${this.next++}/${title}.json` });
    this.texts.set(uri.toString(), text);
    if (this.texts.size > 20) this.texts.delete(this.texts.keys().next().value!);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}
