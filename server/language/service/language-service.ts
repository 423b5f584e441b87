import type {
  CompletionItem,
  CompletionList,
  Diagnostic,
  Hover,
  Position,
  SignatureHelp,
} from 'vscode-languageserver-types';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { complete, resolveCompletion } from './completion';
import { diagnose, diagnosisSteps } from './diagnostics';
import { hover } from './hover';
import { ScriptDocuments, yieldToRequests } from './script-documents';
import type { ScriptParsers } from './script-parsers';
import { signatureHelp } from './signature-help';

/**
 * The language features for `motion` in Python and Lua, as a pure library: documents in, LSP types
 * out, no protocol and no I/O. Where the documentation comes from is the caller's business.
 */
export interface MotionLanguageService {
  readonly documents: ScriptDocuments;
  complete(uri: string, position: Position): CompletionList;
  /** Fills in what a completion item left out (documentation of large lists). */
  resolveCompletion(item: CompletionItem): CompletionItem;
  hover(uri: string, position: Position): Hover | null;
  signatureHelp(uri: string, position: Position): SignatureHelp | null;
  diagnose(uri: string): Diagnostic[];
  /**
   * The same diagnostics, computed in slices of about `budgetMs` that yield to the event loop.
   * Undefined when the document changed or closed meanwhile (a newer check is due).
   */
  diagnoseInSlices(uri: string, budgetMs: number): Promise<Diagnostic[] | undefined>;
}

export function createMotionLanguageService(options: {
  parsers: ScriptParsers;
  documentation: () => DocumentationIndex;
}): MotionLanguageService {
  const documents = new ScriptDocuments(options.parsers);
  const withDocument = <T>(
    uri: string,
    fallback: T,
    run: (doc: NonNullable<ReturnType<ScriptDocuments['get']>>) => T,
  ): T => {
    const document = documents.get(uri);
    return document ? run(document) : fallback;
  };
  return {
    documents,
    complete: (uri, position) =>
      withDocument(uri, { isIncomplete: false, items: [] }, (d) =>
        complete(d, d.text.offsetAt(position), options.documentation()),
      ),
    resolveCompletion: (item) => resolveCompletion(item, options.documentation()),
    hover: (uri, position) =>
      withDocument(uri, null, (d) => hover(d, d.text.offsetAt(position), options.documentation())),
    signatureHelp: (uri, position) =>
      withDocument(uri, null, (d) => signatureHelp(d, d.text.offsetAt(position), options.documentation())),
    diagnose: (uri) => withDocument(uri, [], (d) => diagnose(d, options.documentation())),
    async diagnoseInSlices(uri, budgetMs) {
      const document = documents.get(uri);
      if (!document) return undefined;
      const version = document.text.version;
      await document.refresh(budgetMs);
      const steps = diagnosisSteps(document, options.documentation());
      let deadline = performance.now() + budgetMs;
      for (let step = steps.next(); ; step = steps.next()) {
        if (documents.get(uri) !== document || document.text.version !== version) return undefined;
        if (step.done) return step.value;
        if (performance.now() > deadline) {
          await yieldToRequests();
          deadline = performance.now() + budgetMs;
        }
      }
    },
  };
}
