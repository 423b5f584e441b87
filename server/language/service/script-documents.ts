import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Tree } from 'web-tree-sitter';
import type { CallSite, Chain, ScriptSyntax } from './script-model';
import type { ScriptLanguageId, ScriptParsers } from './script-parsers';

/** An open Python or Lua script: its text, its syntax tree, and what has been worked out from it (per version). */
export class ScriptDocument {
  private memo = new Map<string, unknown>();

  constructor(
    public text: TextDocument,
    public tree: Tree,
    readonly syntax: ScriptSyntax,
  ) {}

  get uri(): string {
    return this.text.uri;
  }

  get root() {
    return this.tree.rootNode;
  }

  aliases(packageName: string): Map<string, string> {
    return this.remember(`aliases:${packageName}`, () => this.syntax.aliases(this.root, packageName));
  }

  calls(): CallSite[] {
    return this.remember('calls', () => this.syntax.calls(this.root));
  }

  chains(): Chain[] {
    return this.remember('chains', () => this.syntax.chains(this.root));
  }

  /** Replaces text and tree; forgets everything worked out from the old ones. */
  replace(text: TextDocument, tree: Tree): void {
    this.tree.delete();
    this.text = text;
    this.tree = tree;
    this.memo.clear();
  }

  private remember<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as T;
  }
}

/** The open scripts, kept parsed; edits re-parse incrementally from the previous tree. */
export class ScriptDocuments {
  private documents = new Map<string, ScriptDocument>();

  constructor(private readonly parsers: ScriptParsers) {}

  static isScriptLanguage(languageId: string): languageId is ScriptLanguageId {
    return languageId === 'python' || languageId === 'lua';
  }

  open(uri: string, languageId: ScriptLanguageId, version: number, content: string): ScriptDocument {
    this.close(uri);
    const text = TextDocument.create(uri, languageId, version, content);
    const document = new ScriptDocument(text, this.parsers.parse(languageId, content), this.parsers.syntax(languageId));
    this.documents.set(uri, document);
    return document;
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): ScriptDocument | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const languageId = document.text.languageId as ScriptLanguageId;
    if (changes.some((c) => !('range' in c))) {
      const text = TextDocument.update(document.text, changes, version);
      document.replace(text, this.parsers.parse(languageId, text.getText()));
      return document;
    }
    let text = document.text;
    const tree = document.tree.copy();
    for (const change of changes) {
      if (!('range' in change)) continue;
      const startIndex = text.offsetAt(change.range.start);
      const oldEndIndex = text.offsetAt(change.range.end);
      const start = text.positionAt(startIndex);
      const oldEnd = text.positionAt(oldEndIndex);
      const lines = change.text.split('\n');
      const newEnd = lines.length === 1 ? { row: start.line, column: start.character + change.text.length } : { row: start.line + lines.length - 1, column: lines[lines.length - 1].length };
      tree.edit({
        startIndex,
        oldEndIndex,
        newEndIndex: startIndex + change.text.length,
        startPosition: { row: start.line, column: start.character },
        oldEndPosition: { row: oldEnd.line, column: oldEnd.character },
        newEndPosition: newEnd,
      });
      text = TextDocument.update(text, [change], version);
    }
    const reparsed = this.parsers.parse(languageId, text.getText(), tree);
    tree.delete();
    document.replace(text, reparsed);
    return document;
  }

  get(uri: string): ScriptDocument | undefined {
    return this.documents.get(uri);
  }

  close(uri: string): void {
    const document = this.documents.get(uri);
    if (document) {
      document.tree.delete();
      this.documents.delete(uri);
    }
  }

  uris(): string[] {
    return [...this.documents.keys()];
  }
}
