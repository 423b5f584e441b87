import type { CompletionList, Diagnostic, Hover, Position, SignatureHelp } from 'vscode-languageserver-types';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { complete } from './completion';
import { diagnose } from './diagnostics';
import { hover } from './hover';
import { ScriptDocuments } from './script-documents';
import type { ScriptParsers } from './script-parsers';
import { signatureHelp } from './signature-help';

/**
 * The language features for `motion` in Python and Lua, as a pure library: documents in, LSP types
 * out, no protocol and no I/O. Where the documentation comes from is the caller's business.
 */
export interface MotionLanguageService {
  readonly documents: ScriptDocuments;
  complete(uri: string, position: Position): CompletionList;
  hover(uri: string, position: Position): Hover | null;
  signatureHelp(uri: string, position: Position): SignatureHelp | null;
  diagnose(uri: string): Diagnostic[];
}

export function createMotionLanguageService(options: { parsers: ScriptParsers; documentation: () => DocumentationIndex }): MotionLanguageService {
  const documents = new ScriptDocuments(options.parsers);
  const withDocument = <T>(uri: string, fallback: T, run: (doc: NonNullable<ReturnType<ScriptDocuments['get']>>) => T): T => {
    const document = documents.get(uri);
    return document ? run(document) : fallback;
  };
  return {
    documents,
    complete: (uri, position) => withDocument(uri, { isIncomplete: false, items: [] }, (d) => complete(d, d.text.offsetAt(position), options.documentation())),
    hover: (uri, position) => withDocument(uri, null, (d) => hover(d, d.text.offsetAt(position), options.documentation())),
    signatureHelp: (uri, position) => withDocument(uri, null, (d) => signatureHelp(d, d.text.offsetAt(position), options.documentation())),
    diagnose: (uri) => withDocument(uri, [], (d) => diagnose(d, options.documentation())),
  };
}
