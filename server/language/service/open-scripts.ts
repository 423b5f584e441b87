import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { FromAnalysis, ToAnalysis } from './analysis-messages';
import { DiagnosticsScheduler } from './diagnostics-scheduler';
import type { MotionLanguageService } from './language-service';
import { ScriptDocuments, type TargetsGiven } from './script-documents';
import type { ScriptLanguageId } from './script-parsers';

/** How long a slice of the request thread's catching up may take before it yields to requests. */
const REFRESH_SLICE_MS = 4;

type Checked = Extract<FromAnalysis, { kind: 'diagnostics' }>;

/** What the open scripts' diagnostics are, each time they change. */
export interface PublishedDiagnostics {
  uri: string;
  /** The version of the text they are about (none once the script closed). */
  version?: number;
  diagnostics: Diagnostic[];
  /** Those of the part in view only, while a long script's first whole check runs. */
  partial?: boolean;
}

interface OpenScriptsOptions {
  /** The language features on this thread: completion and the other requests read these documents. */
  service: MotionLanguageService;
  /** Sends a message to the checking side (ScriptChecks: in the analysis worker, or in-process). */
  post(message: ToAnalysis): void;
  /** The diagnostics to show for a script: the checking side's of its current version, with the live-name checks of now. */
  publish(published: PublishedDiagnostics): void;
  /** The name of the documented package (`motion`): a script's aliases of it serve member completion. */
  packageName(): string;
}

/**
 * Each open script's way from an edit to its diagnostics, in one place: the text kept here (for
 * requests) and its copy on the checking side, which gets a burst of edits with the check a moment
 * after it, this thread's own tree caught up after a longer pause, and what the checking side found
 * merged with the live-name checks and published while it is about the text the editor has.
 */
export class OpenScripts {
  private readonly scheduler: DiagnosticsScheduler;
  /** The checking side's last whole or partial check of each script. */
  private readonly checked = new Map<string, Checked>();

  /**
   * Each script's edits not sent to the checking side yet: they go with its check, a moment after
   * the burst. Sent at each keystroke, the worker took them up while the completion typed with
   * them was on its way, and on two cores it had the client's: completion waited for it.
   */
  private readonly unsent = new Map<string, { version: number; changes: TextDocumentContentChangeEvent[] }>();

  constructor(private readonly options: OpenScriptsOptions) {
    this.scheduler = new DiagnosticsScheduler(
      (uri) => {
        this.sendEdits(uri);
        options.post({ kind: 'diagnose', uri });
      },
      (uri) => void options.service.documents.get(uri)?.refresh(REFRESH_SLICE_MS),
    );
  }

  /** Whether a language's documents are scripts this pipeline takes (Python and Lua). */
  static takes(languageId: string): languageId is ScriptLanguageId {
    return ScriptDocuments.isScriptLanguage(languageId);
  }

  /** A script opened in the editor: kept, copied to the checking side, and checked at once. Other languages are not taken. */
  open(uri: string, languageId: string, version: number, text: string): boolean {
    if (!OpenScripts.takes(languageId)) return false;
    this.unsent.delete(uri); // the text sent now has them
    const document = this.options.service.documents.open(uri, languageId, version, text);
    const { targetsGiven: targets } = document;
    this.options.post({ kind: 'open', uri, languageId, version, text, ...(targets ? { targets } : {}) });
    this.scheduler.opened(uri);
    return true;
  }

  /** An edit: applied here at once (requests read it), sent to the checking side with the check a moment later. */
  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): void {
    if (!this.options.service.documents.change(uri, version, changes)) return;
    const waiting = this.unsent.get(uri);
    if (waiting) {
      waiting.version = version;
      waiting.changes.push(...changes);
    } else this.unsent.set(uri, { version, changes: [...changes] });
    this.scheduler.edited(uri);
  }

  /** The versions of the application given for a script (its folder's setting): both sides take them, and an open script is checked again. */
  setTargets(uri: string, targets: TargetsGiven | undefined): void {
    const { documents } = this.options.service;
    const before = documents.get(uri)?.targetsGiven;
    documents.setTargets(uri, targets);
    this.options.post({ kind: 'targets', uri, targets });
    if (documents.get(uri) && JSON.stringify(before) !== JSON.stringify(targets)) this.scheduler.checkNow(uri);
  }

  /** The lines the editor shows of a script: a long one's first check starts there, on the text the editor has. */
  visible(uri: string, ranges: Range[]): void {
    this.sendEdits(uri);
    this.options.post({ kind: 'visible', uri, ranges });
  }

  /** Closed: forgotten on both sides, and its diagnostics cleared. */
  close(uri: string): void {
    this.scheduler.forget(uri);
    this.unsent.delete(uri);
    this.options.service.documents.close(uri);
    this.checked.delete(uri);
    this.options.post({ kind: 'close', uri });
    this.options.publish({ uri, diagnostics: [] });
  }

  /** What the checking side found: kept, and published if it is about the text the editor has now. */
  received(message: FromAnalysis): void {
    if (message.kind !== 'diagnostics') return;
    const document = this.options.service.documents.get(message.uri);
    if (!document || document.text.version !== message.version) return;
    if (!message.partial) document.adoptAliases(this.options.packageName(), new Map(message.aliases));
    this.checked.set(message.uri, message);
    this.publish(message.uri);
  }

  /** The application's names changed: every script's findings published again with the live-name checks of now. */
  namesChanged(): void {
    for (const uri of this.checked.keys()) this.publish(uri);
  }

  /** The documentation changed: every open script is checked again now. */
  checkAll(): void {
    for (const uri of this.options.service.documents.uris()) this.scheduler.checkNow(uri);
  }

  /** What a new checking side needs to catch up: each open script, as an open message. */
  asOpened(): ToAnalysis[] {
    const { documents } = this.options.service;
    this.unsent.clear(); // the texts sent now have them
    return documents.uris().flatMap((uri) => {
      const document = documents.get(uri);
      return document
        ? [
            {
              kind: 'open' as const,
              uri,
              languageId: document.syntax.languageId,
              version: document.text.version,
              text: document.text.getText(),
              ...(document.targetsGiven ? { targets: document.targetsGiven } : {}),
            },
          ]
        : [];
    });
  }

  /** Stops the timers of every script (the server shuts down, `motion check` is done). */
  dispose(): void {
    for (const uri of this.options.service.documents.uris()) this.scheduler.forget(uri);
  }

  /** The edits the checking side has not had, in one message: a burst's keystrokes, in order. */
  private sendEdits(uri: string): void {
    const edits = this.unsent.get(uri);
    if (!edits) return;
    this.unsent.delete(uri);
    this.options.post({ kind: 'change', uri, version: edits.version, changes: edits.changes });
  }

  private publish(uri: string): void {
    const last = this.checked.get(uri);
    if (!last || this.options.service.documents.get(uri)?.text.version !== last.version) return;
    const live = this.options.service.liveNameDiagnostics(uri, last.references);
    // With the version checked: the editor (and a bench) knows which text they are about.
    this.options.publish({
      uri,
      version: last.version,
      diagnostics: [...last.diagnostics, ...live],
      ...(last.partial ? { partial: true } : {}),
    });
  }
}
