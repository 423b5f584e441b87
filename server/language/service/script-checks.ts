import type { Range } from 'vscode-languageserver-types';
import { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { bundledDocumentation } from '../../../src/api/docs/load-documentation';
import type { FromAnalysis, ToAnalysis } from './analysis-messages';
import { createMotionLanguageService, type MotionLanguageService } from './language-service';
import type { ScriptParsers } from './script-parsers';

/** How long one slice of a check may take before newer messages (an edit) are let in. */
const SLICE_MS = 8;
/** The lines an editor shows of a script it opens, when it has not said: its top. */
const TOP_LINES = 100;

/**
 * The checking side of the open scripts: its own copy of each script, kept from the messages the
 * request side sends (OpenScripts), and checked when told, in slices that let a newer edit in (and
 * abandon a stale check). What it finds is sent back with the version it is about. The analysis
 * worker runs it off the request thread; `motion check` runs it in-process.
 */
export class ScriptChecks {
  private documentation: DocumentationIndex;
  private readonly nameReferences: boolean;
  private readonly service: MotionLanguageService;
  /** The lines the editor shows of each script, as it last said. */
  private readonly inView = new Map<string, Range[]>();
  /** The last version of each script checked whole. */
  private readonly checkedWhole = new Map<string, number>();
  /** A newer check of a script supersedes the one running (new documentation, a newer edit). */
  private readonly checks = new Map<string, number>();

  constructor(
    parsers: ScriptParsers,
    private readonly send: (message: FromAnalysis) => void,
    {
      documentation = bundledDocumentation(),
      nameReferences = true,
    }: {
      documentation?: DocumentationIndex;
      /** Find the strings that name application objects, for the live-name checks (none where there are no live names: `motion check`). */
      nameReferences?: boolean;
    } = {},
  ) {
    this.documentation = documentation;
    this.nameReferences = nameReferences;
    this.service = createMotionLanguageService({ parsers, documentation: () => this.documentation });
  }

  /** One message from the request side; a check's promise settles when it has sent what it found. */
  async receive(message: ToAnalysis): Promise<void> {
    const { documents } = this.service;
    switch (message.kind) {
      case 'open':
        documents.setTargets(message.uri, message.targets);
        documents.open(message.uri, message.languageId, message.version, message.text);
        this.checkedWhole.delete(message.uri);
        return;
      case 'change':
        documents.change(message.uri, message.version, message.changes);
        return;
      case 'targets':
        documents.setTargets(message.uri, message.targets);
        return;
      case 'close':
        documents.close(message.uri);
        this.inView.delete(message.uri);
        this.checkedWhole.delete(message.uri);
        this.checks.delete(message.uri);
        return;
      case 'documentation':
        this.documentation = DocumentationIndex.fromPackage(message.documentation, message.source);
        return;
      case 'diagnose':
        return this.diagnose(message.uri);
      case 'visible':
        this.inView.set(message.uri, message.ranges);
        // Scrolled (or shown) while a long script has not been checked whole yet: that part first.
        if (documents.get(message.uri)?.chunked && !this.checkedWhole.has(message.uri))
          return this.checkInView(message.uri);
    }
  }

  /**
   * A long script's first check gives the part in view first (what the editor said it shows, else
   * the top, where an editor opens a script), then the whole: its first diagnostics do not wait for
   * the whole of it.
   */
  private async checkInView(uri: string): Promise<void> {
    const document = this.service.documents.get(uri);
    if (!document) return;
    const version = document.text.version;
    // An editor that shows none of its lines (hidden, or folded away) says nothing of where to start.
    const shown = this.inView.get(uri);
    const ranges =
      shown && shown.length > 0
        ? shown
        : [{ start: { line: 0, character: 0 }, end: { line: TOP_LINES, character: 0 } }];
    const within = {
      start: ranges.reduce((a, r) => (r.start.line < a.line ? r.start : a), ranges[0].start),
      end: ranges.reduce((a, r) => (r.end.line > a.line ? r.end : a), ranges[0].end),
    };
    try {
      const checked = await this.service.checkInSlices(uri, SLICE_MS, this.nameReferences, undefined, within);
      // The whole check may have got there first: its diagnostics stand.
      if (!checked || this.checkedWhole.get(uri) === version) return;
      const { diagnostics, references } = checked;
      this.send({ kind: 'diagnostics', uri, version, diagnostics, aliases: [], references, partial: true });
    } catch (error) {
      this.send({ kind: 'failed', uri, message: (error as Error).stack ?? String(error) });
    }
  }

  private async diagnose(uri: string): Promise<void> {
    const document = this.service.documents.get(uri);
    if (!document) return;
    const version = document.text.version;
    const check = (this.checks.get(uri) ?? 0) + 1;
    this.checks.set(uri, check);
    const checks = this.checks;
    const superseded = {
      get isCancellationRequested() {
        return checks.get(uri) !== check;
      },
    };
    try {
      if (document.chunked && !this.checkedWhole.has(uri)) await this.checkInView(uri);
      const checked = await this.service.checkInSlices(uri, SLICE_MS, this.nameReferences, superseded);
      if (!checked || this.service.documents.get(uri) !== document) return;
      const { diagnostics, references } = checked;
      this.checkedWhole.set(uri, version);
      this.send({
        kind: 'diagnostics',
        uri,
        version,
        diagnostics,
        aliases: [...document.aliases(this.documentation.packageName)],
        references,
      });
    } catch (error) {
      // One file that trips a bug must not stop the checking of every other file.
      this.send({ kind: 'failed', uri, message: (error as Error).stack ?? String(error) });
    }
  }
}
