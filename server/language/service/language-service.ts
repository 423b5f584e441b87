import type {
  CodeAction,
  DocumentSymbol,
  LocationLink,
  CompletionItem,
  CompletionList,
  Diagnostic,
  Hover,
  InlayHint,
  Position,
  Range,
  SignatureHelp,
} from 'vscode-languageserver-types';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { complete, resolveCompletion } from './completion';
import { checkSteps, type ScriptCheck } from './check-steps';
import { diagnose, diagnosisSteps } from './diagnostics';
import { documentSymbols } from './document-symbols';
import { liveNameDiagnostics, type LiveNames, type NameReference } from './live-names';
import { nameReferenceSteps } from './name-references';
import { definition, hover } from './hover';
import { quickFixes } from './quick-fixes';
import {
  finishSteps,
  ScriptDocuments,
  yieldToRequests,
  type ScriptDocument,
  type TargetsGiven,
  type TextStretch,
} from './script-documents';
import type { ScriptLanguageId, ScriptParsers } from './script-parsers';
import { signatureHelp } from './signature-help';
import { inlayHints, type InlayHintSettings } from './inlay-hints';

/**
 * Whether the caller no longer wants the answer (the LSP layer passes the request's token, as
 * vscode-markdown-languageservice does): a superseded request stops at the next check and answers
 * nothing. Checked when a request starts and between the slices of long work.
 */
interface Cancellation {
  readonly isCancellationRequested: boolean;
}

const NOT_CANCELLED: Cancellation = { isCancellationRequested: false };

/**
 * The language features for `motion` in Python and Lua, as a pure library: documents in, LSP types
 * out, no protocol and no I/O. Where the documentation comes from is the caller's business.
 */
export interface MotionLanguageService {
  readonly documents: ScriptDocuments;
  complete(uri: string, position: Position, token?: Cancellation): CompletionList;
  /** Fills in what a completion item left out (documentation of large lists). */
  resolveCompletion(item: CompletionItem): CompletionItem;
  hover(uri: string, position: Position, token?: Cancellation): Hover | null;
  signatureHelp(uri: string, position: Position, token?: Cancellation): SignatureHelp | null;
  diagnose(uri: string): Diagnostic[];
  /**
   * The diagnostics of a text on its own (`motion check`, the assistants' check): read aside, so a
   * document open under the same URI is left as it is.
   */
  checkText(uri: string, languageId: ScriptLanguageId, text: string, targets?: TargetsGiven): Diagnostic[];
  /** On a module or operation: where its rendered documentation opens. */
  definition(uri: string, position: Position, token?: Cancellation): LocationLink[];
  /** The `motion` calls of the script (Outline, Go to Symbol). */
  documentSymbols(uri: string): DocumentSymbol[];
  /** Parameter names, variable types and the names behind identifiers in a range of the script (the visible one), as `settings` asks. */
  inlayHints(uri: string, range: Range, settings: InlayHintSettings, token?: Cancellation): InlayHint[];
  /** Quick fixes of the diagnostics given (those this service made): a suggested name or value, missing arguments. */
  codeActions(uri: string, diagnostics: readonly Diagnostic[]): CodeAction[];
  /**
   * The same diagnostics, computed in slices of about `budgetMs` that yield to the event loop.
   * Undefined when the document changed or closed meanwhile (a newer check is due), or when
   * `token` was cancelled. `within`: those of the statements that meet that range only.
   */
  diagnoseInSlices(
    uri: string,
    budgetMs: number,
    token?: Cancellation,
    within?: Range,
  ): Promise<Diagnostic[] | undefined>;
  /** The strings of the script that name application objects (what live-name checks look at). */
  nameReferences(uri: string): NameReference[];
  /**
   * The diagnostics and, when `names`, the name references, in slices as diagnoseInSlices: one
   * reading of the script for both (a long script's chunks are parsed once for the two).
   */
  checkInSlices(
    uri: string,
    budgetMs: number,
    names: boolean,
    token?: Cancellation,
    within?: Range,
  ): Promise<ScriptCheck | undefined>;
  /** Information on the names among `references` that the connected application does not have (from what LiveNames knows now). */
  liveNameDiagnostics(uri: string, references: readonly NameReference[]): Diagnostic[];
}

export function createMotionLanguageService(options: {
  parsers: ScriptParsers;
  documentation: () => DocumentationIndex;
  /** Names the connected application has now: completion and checks of names in strings. */
  liveNames?: LiveNames;
  /** The client's command that inserts a snippet, for the quick fixes that add arguments (else they write plain names). */
  snippetCommand?: string;
}): MotionLanguageService {
  const documents = new ScriptDocuments(options.parsers);
  const withDocument = <T>(
    uri: string,
    fallback: T,
    run: (doc: NonNullable<ReturnType<ScriptDocuments['get']>>) => T,
    token: Cancellation = NOT_CANCELLED,
  ): T => {
    const document = documents.get(uri);
    return document && !token.isCancellationRequested ? run(document) : fallback;
  };
  return {
    documents,
    complete: (uri, position, token) =>
      withDocument(
        uri,
        { isIncomplete: false, items: [] },
        (d) => complete(d, d.text.offsetAt(position), options.documentation(), options.liveNames),
        token,
      ),
    resolveCompletion: (item) => resolveCompletion(item, options.documentation()),
    hover: (uri, position, token) =>
      withDocument(uri, null, (d) => hover(d, d.text.offsetAt(position), options.documentation()), token),
    signatureHelp: (uri, position, token) =>
      withDocument(uri, null, (d) => signatureHelp(d, d.text.offsetAt(position), options.documentation()), token),
    diagnose: (uri) => withDocument(uri, [], (d) => diagnose(d, options.documentation())),
    checkText: (uri, languageId, text, targets) => {
      const aside = new ScriptDocuments(options.parsers);
      aside.setTargets(uri, targets);
      try {
        return diagnose(aside.open(uri, languageId, 1, text), options.documentation());
      } finally {
        aside.close(uri);
      }
    },
    definition: (uri, position, token) =>
      withDocument(uri, [], (d) => definition(d, d.text.offsetAt(position), options.documentation()), token),
    documentSymbols: (uri) => withDocument(uri, [], (d) => documentSymbols(d, options.documentation())),
    inlayHints: (uri, range, settings, token) =>
      withDocument(
        uri,
        [],
        (d) =>
          inlayHints(
            d,
            { start: d.text.offsetAt(range.start), end: d.text.offsetAt(range.end) },
            options.documentation(),
            settings,
            options.liveNames,
          ),
        token,
      ),
    codeActions: (uri, diagnostics) =>
      withDocument(uri, [], () => quickFixes(uri, diagnostics, options.snippetCommand)),
    nameReferences: (uri) => withDocument(uri, [], (d) => finishSteps(nameReferenceSteps(d, options.documentation()))),
    checkInSlices: (uri, budgetMs, names, token = NOT_CANCELLED, within) =>
      inSlices(uri, budgetMs, token, (d) => checkSteps(d, options.documentation(), names, stretch(d, within))),
    liveNameDiagnostics: (uri, references) =>
      withDocument(uri, [], (d) => (options.liveNames ? liveNameDiagnostics(d, references, options.liveNames) : [])),
    diagnoseInSlices: (uri, budgetMs, token = NOT_CANCELLED, within) =>
      inSlices(uri, budgetMs, token, (d) => diagnosisSteps(d, options.documentation(), stretch(d, within))),
  };

  function stretch(document: ScriptDocument, range: Range | undefined): TextStretch | undefined {
    return range && { start: document.text.offsetAt(range.start), end: document.text.offsetAt(range.end) };
  }

  /**
   * Runs a document's steps in slices of about `budgetMs` that yield to the event loop; undefined
   * when the document changed or closed meanwhile, or the token was cancelled.
   */
  async function inSlices<T>(
    uri: string,
    budgetMs: number,
    token: Cancellation,
    start: (document: ScriptDocument) => Generator<void, T>,
  ): Promise<T | undefined> {
    const document = documents.get(uri);
    if (!document || token.isCancellationRequested) return undefined;
    const version = document.text.version;
    await document.refresh(budgetMs);
    const steps = start(document);
    let deadline = performance.now() + budgetMs;
    for (;;) {
      // Asked before every step, the first after a yield included: a step of a document changed
      // meanwhile would read a syntax tree that a parse of the new text has freed (tree-sitter's
      // memory: "memory access out of bounds", seen in a real VS Code).
      if (documents.get(uri) !== document || document.text.version !== version) return undefined;
      if (token.isCancellationRequested) return undefined;
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() > deadline) {
        await yieldToRequests();
        deadline = performance.now() + budgetMs;
      }
    }
  }
}
