import type { MotionClient } from '../../api/client/motion-client';
import type { DocumentationIndex } from '../../api/docs/documentation-index';
import type { ScriptLanguage } from '../../api/text/uses-motion';
import type { Rehearsals } from './rehearsals';
import type { ToolAnswer } from './tool-answer';

/** One problem our checks find in a script, positions 1-based as editors show them. */
export interface ScriptProblem {
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  code?: string;
}

/**
 * What the assistant tools work with, given by their host: `motion mcp` (plain Node) or the
 * extension (VS Code). The tools never reach past it, so each host decides where scripts are read
 * from, how they are checked, and whether and how a change may be made.
 */
export interface AssistantContext {
  /** The application, at the URL the user configured (the tools only read it, except apply). */
  client(): MotionClient;
  /** The application's documentation: live, else cached, else the one bundled with us. */
  documentation(): Promise<DocumentationIndex>;
  /** Where relative paths start: the workspace folder, or the current directory. */
  folder: string;
  /** A script's text: the editor's, unsaved edits included, where it is open. */
  readScript(path: string): Promise<string>;
  /** Our diagnostics for a script's text, as the editor shows them. */
  /** `targets`: the application releases the script must run on (`>=2025.1`), as motion check --target. */
  check(text: string, language: ScriptLanguage, path: string, targets?: string): Promise<ScriptProblem[]>;
  /** The built reference server (`dist/motion-server.js`) that dry runs and tests start. */
  serverScript: string;
  /** The Python interpreter for a script. */
  python(path: string): Promise<string | undefined>;
  /** The dry runs made in this conversation, which the changing tool may apply. */
  rehearsals: Rehearsals;
  /**
   * Runs a rehearsed script against the application, when this host allows changes (the
   * extension after the user confirmed the diff; `motion mcp --allow-apply`). Absent: refused.
   */
  apply?: (id: string, signal?: AbortSignal) => Promise<ToolAnswer>;
}
