import * as vscode from 'vscode';
import type { DocumentationIndex } from '../../api/docs/documentation-index';
import { documentationUri, documentedPath } from '../../api/docs/documentation-uri';
import { methodMarkdown, moduleMarkdown, packageMarkdown } from '../../api/docs/markdown';

/** The Markdown of the package, a module (with its operations) or an operation; undefined for an unknown path. */
export function documentationMarkdown(index: DocumentationIndex, path: string): string | undefined {
  if (path === index.packageName) return packageMarkdown(index.documentation);
  const found = index.resolve(path);
  if (found?.kind === 'method') return methodMarkdown(found.method.module.path, found.method.method);
  if (found?.kind === 'module')
    return [
      moduleMarkdown(found.module),
      ...found.module.methods.map((m) => methodMarkdown(found.module.path, m)),
    ].join('\n\n');
  return undefined;
}

/**
 * The application's documentation as read-only Markdown documents of their own scheme: previewed,
 * never dirty, never asking to be saved. Show Documentation puts what it rendered; Go to
 * Definition opens the others, rendered on demand.
 */
export class DocumentationPreviews implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly documentation: () => Promise<DocumentationIndex>) {}

  /** The document of a documented path, holding `markdown`. */
  put(path: string, markdown: string): vscode.Uri {
    const uri = vscode.Uri.parse(documentationUri(path));
    this.texts.set(uri.toString(), markdown);
    this.changed.fire(uri);
    return uri;
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const path = documentedPath(uri.path);
    return (
      this.texts.get(uri.toString()) ??
      documentationMarkdown(await this.documentation(), path) ??
      `No module or method ${path} in the documentation of the application.`
    );
  }

  dispose(): void {
    this.changed.dispose();
  }
}
