import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { DocumentationSource } from '../../../src/api/docs/documentation-index';
import type { PackageDocumentation } from '../../../src/api/docs/documentation-shapes';
import type { NameReference } from '../service/live-names';
import type { ScriptLanguageId } from '../service/script-parsers';
import type { TargetsGiven } from '../service/script-documents';

/** What the request thread tells the analysis worker: the documents as they change, and what to check. */
export type ToAnalysis =
  | { kind: 'open'; uri: string; languageId: ScriptLanguageId; version: number; text: string; targets?: TargetsGiven }
  /** The versions of the application given for a script (its folder's setting), or none. */
  | { kind: 'targets'; uri: string; targets?: TargetsGiven }
  | { kind: 'change'; uri: string; version: number; changes: TextDocumentContentChangeEvent[] }
  | { kind: 'close'; uri: string }
  | { kind: 'documentation'; documentation: PackageDocumentation; source: DocumentationSource }
  | { kind: 'diagnose'; uri: string }
  /** The lines of a document the editor shows now (motion/visibleRanges): checked first while a long script's first check runs. */
  | { kind: 'visible'; uri: string; ranges: Range[] };

/** What the worker answers: a document's diagnostics for one version, and its aliases and name references at that version. */
export type FromAnalysis =
  | { kind: 'ready' }
  | {
      kind: 'diagnostics';
      uri: string;
      version: number;
      diagnostics: Diagnostic[];
      aliases: [string, string][];
      /** The strings naming application objects, checked against the live names on the request thread. */
      references: NameReference[];
      /** Those of the part in view only (no aliases): the whole document's follow. */
      partial?: boolean;
    }
  /** Checking one document failed (a bug): the worker carries on with the others. */
  | { kind: 'failed'; uri: string; message: string };
