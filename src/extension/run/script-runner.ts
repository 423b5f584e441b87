import * as vscode from 'vscode';
import { debugpyStatus, missingDebugpyMessage } from '../../runner/debug/debugpy-check';
import { codeAtSelection, type CodeToRun, type EditorSelection } from '../../runner/code-to-run';
import { LuaSession } from '../../runner/lua-session';
import { reloadModulesCode } from '../../runner/python/reload-modules';
import { PythonSession } from '../../runner/python-session';
import type { DocumentationIndex } from '../../api/docs/documentation-index';
import { TYPED_CODE } from '../../runner/repl/console-session';
import { DocumentationNames } from '../../runner/repl/documentation-names';
import type { CodeOrigin, RunResult, ScriptSession, SessionDisplay, SessionOutput } from '../../runner/script-session';
import type { MotionConfig } from '../config';
import { DEFAULT_PYTHON, pythonInterpreter } from './python-interpreter';
import { ScriptTerminal } from './script-terminal';

type ScriptLanguage = 'python' | 'lua';

interface RunOutcome {
  result: RunResult;
  /** What the run printed (and its echo), as shown in the terminal. */
  output: string;
}

/** The editor's selection in the runner's terms. */
export function editorSelection(selection: vscode.Selection): EditorSelection {
  return {
    empty: selection.isEmpty,
    activeLine: selection.active.line,
    startLine: selection.start.line,
    endLine: selection.end.line,
    endCharacter: selection.end.character,
  };
}

export function scriptLanguage(document: vscode.TextDocument): ScriptLanguage | undefined {
  return document.languageId === 'python' || document.languageId === 'lua' ? document.languageId : undefined;
}

/**
 * One session per language, kept between runs, and its terminal. A session is bound to the server
 * URL and interpreter it was started with, so reset() drops it; the terminal stays.
 */
export class ScriptRunner implements vscode.Disposable {
  private sessions = new Map<ScriptLanguage, ScriptSession>();
  /** The interpreter each session was started with. */
  private readonly sessionPythons = new Map<ScriptLanguage, string>();
  private terminals = new Map<ScriptLanguage, ScriptTerminal>();
  /**
   * The runs handed to each language's session, in order: a session runs them one at a time in that
   * order, so the first is the one whose output arrives now. A run with a sink (a notebook cell) has
   * its output there rather than in the terminal.
   */
  private readonly runs = new Map<ScriptLanguage, { sink?: SessionOutput; display?: SessionDisplay }[]>();
  /** Tab completion in the terminals, from the application's documentation. */
  private readonly names: DocumentationNames;

  constructor(
    private readonly serverUrl: () => string,
    private readonly config: Pick<MotionConfig, 'pythonPath' | 'clearBeforeRun'>,
    documentation: () => Promise<DocumentationIndex>,
  ) {
    this.names = new DocumentationNames(documentation);
  }

  /** Opens a language's terminal, ready for code to be typed. */
  async openTerminal(language: ScriptLanguage): Promise<void> {
    this.names.refresh();
    await this.terminalFor(language).show(false);
  }

  /** The application's documentation changed: Tab completes from the new one. */
  documentationChanged(): void {
    this.names.refresh();
  }

  async runSelection(editor: vscode.TextEditor): Promise<RunOutcome | undefined> {
    const language = scriptLanguage(editor.document);
    if (!language) return undefined;
    const lines = editor.document.getText().split(/\r?\n/);
    const { selection } = editor;
    const code = codeAtSelection(lines, editorSelection(selection), language);
    const outcome = await this.run(language, code, editor.document);
    if (selection.isEmpty && code.endLine + 1 < editor.document.lineCount) {
      // Like a console: the cursor moves on, so the next run sends the next statement.
      const next = new vscode.Position(code.endLine + 1, 0);
      editor.selection = new vscode.Selection(next, next);
    }
    return outcome;
  }

  async runFile(document: vscode.TextDocument): Promise<RunOutcome | undefined> {
    const language = scriptLanguage(document);
    if (!language) return undefined;
    // One line naming the file, not its source.
    const name = document.uri.path.split('/').pop() ?? 'untitled';
    return this.run(
      language,
      { code: document.getText(), line: 1, endLine: document.lineCount - 1 },
      document,
      `Run File ${name}`,
    );
  }

  /**
   * Reloads, in the Python session, the modules it imported from the workspace (or only those of
   * `files`, just saved). Without a session nothing is imported, so nothing is started: undefined.
   */
  async reloadWorkspaceModules(files?: string[]): Promise<RunOutcome | undefined> {
    const session = this.sessions.get('python');
    if (!session) return undefined;
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
    const terminal = this.terminalFor('python');
    const start = terminal.transcript.mark();
    terminal.beginRun(
      files ? `# Reload ${files.map((f) => f.split(/[\\/]/).pop()).join(', ')}` : '# Reload Workspace Modules',
    );
    let result: RunResult;
    this.busy('python', +1);
    try {
      result = await this.inSession('python', session, reloadModulesCode(folders, files), { filename: '<reload>' });
    } catch (error) {
      terminal.output('system', `${(error as Error).message}\n`);
      result = { ok: false, error: { type: 'SessionFailed', message: (error as Error).message } };
    } finally {
      this.busy('python', -1);
      terminal.endRun();
    }
    return { result, output: terminal.transcript.since(start) };
  }

  /** The languages whose session is running now, and so holds variables a reset would clear. */
  liveSessions(): ScriptLanguage[] {
    return [...this.sessions.keys()];
  }

  transcript(language: ScriptLanguage): string {
    return String(this.terminals.get(language)?.transcript ?? '');
  }

  interrupt(language: ScriptLanguage): void {
    this.sessions.get(language)?.interrupt();
  }

  async restart(language: ScriptLanguage): Promise<void> {
    const session = this.sessions.get(language);
    if (!session) return;
    await session.restart();
    this.terminals.get(language)?.output('system', 'Session restarted.\n');
  }

  /** A line of Motion's own in each open Motion terminal (where scripts now run, after the connection moved). */
  say(line: string): void {
    for (const terminal of this.terminals.values()) terminal.output('system', `${line}\n`);
  }

  /** Sessions talk to one application and interpreter: when either changes they start afresh, and their terminals say so. */
  async reset(reason: string): Promise<void> {
    this.names.refresh();
    await Promise.all([...this.sessions.keys()].map((language) => this.resetSession(language, reason)));
  }

  /** One language's session ends (its variables with it), and its terminal says why. */
  private async resetSession(language: ScriptLanguage, reason: string): Promise<void> {
    const session = this.sessions.get(language);
    if (!session) return;
    this.sessions.delete(language);
    await session.dispose();
    this.terminals
      .get(language)
      ?.output('system', `Session reset: ${reason}. Its variables were cleared; the next run starts a new session.\n`);
    this.busy(language, 0);
  }

  /** Runs in progress or queued, per language: shown in the terminal's name and the status bar. */
  private readonly inFlight = new Map<ScriptLanguage, number>();
  private readonly status = vscode.window.createStatusBarItem('motion.run', vscode.StatusBarAlignment.Left, 9);

  private readonly started = new vscode.EventEmitter<ScriptLanguage>();
  /** Code started to run (from the editor, a terminal, or Run File), in this language. */
  readonly onDidStartRun = this.started.event;

  private busy(language: ScriptLanguage, delta: number): void {
    if (delta > 0) this.started.fire(language);
    const count = delta === 0 ? 0 : Math.max(0, (this.inFlight.get(language) ?? 0) + delta);
    this.inFlight.set(language, count);
    this.terminals.get(language)?.setBusy(count > 0);
    const running = [...this.inFlight].filter(([, n]) => n > 0).map(([l]) => (l === 'python' ? 'Python' : 'Lua'));
    this.status.name = 'Motion script running';
    this.status.text = `$(loading~spin) ${running.join(', ')} running`;
    this.status.tooltip = 'Motion: code is running. Click to interrupt it.';
    this.status.command = 'motion.interruptSession';
    if (running.length > 0) this.status.show();
    else this.status.hide();
  }

  dispose(): void {
    this.status.dispose();
    this.started.dispose();
    for (const session of this.sessions.values()) void session.dispose();
    for (const terminal of this.terminals.values()) terminal.dispose();
    this.sessions.clear();
    this.terminals.clear();
  }

  /** Runs code of `document` in its language's session, shown in its terminal under `title` (else the code). */
  async run(
    language: ScriptLanguage,
    code: CodeToRun,
    document: vscode.TextDocument,
    title?: string,
  ): Promise<RunOutcome> {
    const terminal = this.terminalFor(language);
    const session = await this.sessionFor(language, document);
    await terminal.show();
    if (this.config.clearBeforeRun && !session.running) terminal.clear();
    const start = terminal.transcript.mark();
    terminal.beginRun(title ? `# ${title}` : code.code);
    if (session.running) terminal.output('system', '(queued: starts when the code running now has finished)\n');
    const filename =
      document.uri.scheme === 'file' ? document.uri.fsPath : (document.uri.path.split('/').pop() ?? 'untitled');
    let result: RunResult;
    this.busy(language, +1);
    try {
      const cwd = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath;
      result = await this.inSession(language, session, code.code, { filename, line: code.line, cwd });
    } catch (error) {
      terminal.output('system', `${(error as Error).message}\n`);
      result = { ok: false, error: { type: 'SessionFailed', message: (error as Error).message } };
    } finally {
      this.busy(language, -1);
      terminal.endRun();
    }
    return { result, output: terminal.transcript.since(start) };
  }

  /** Hands code to the session, in the order of the runs it holds (see `runs`). */
  private async inSession(
    language: ScriptLanguage,
    session: ScriptSession,
    code: string,
    origin: CodeOrigin,
    sink?: SessionOutput,
    display?: SessionDisplay,
  ): Promise<RunResult> {
    const runs = this.runs.get(language) ?? [];
    this.runs.set(language, runs);
    const run = { sink, display };
    runs.push(run);
    try {
      return await session.run(code, origin);
    } finally {
      runs.splice(runs.indexOf(run), 1);
    }
  }

  /**
   * Runs a notebook cell in its language's session (the terminal's: their variables are shared), its
   * output to `sink` rather than the terminal, its displays (its value, its figures) to `display`.
   * Queued behind what runs there now.
   */
  async runCell(
    language: ScriptLanguage,
    code: string,
    origin: CodeOrigin,
    sink: SessionOutput,
    display: SessionDisplay,
  ): Promise<RunResult> {
    this.busy(language, +1);
    try {
      // A session that cannot start (no interpreter) is the cell's error, not a cell left running.
      const session = await this.sessionFor(language, undefined);
      return await this.inSession(language, session, code, { ...origin, rich: true }, sink, display);
    } catch (error) {
      sink('system', `${(error as Error).message}\n`);
      return { ok: false, error: { type: 'SessionFailed', message: (error as Error).message } };
    } finally {
      this.busy(language, -1);
    }
  }

  /**
   * The port of loopback where debugpy waits in the Python session for Debug Cell to attach; the
   * session is started if there is none. Without debugpy in the session's interpreter, the error
   * names the interpreter and the command that installs it.
   */
  async listenForDebugger(): Promise<number> {
    const session = await this.sessionFor('python', undefined);
    if (!(session instanceof PythonSession)) throw new Error('the Python session is not a Python interpreter');
    try {
      return await session.listenForDebugger();
    } catch (error) {
      if (!/No module named '?debugpy/.test((error as Error).message)) throw error;
      throw new Error(missingDebugpyMessage(await debugpyStatus(session.interpreter ?? DEFAULT_PYTHON)), {
        cause: error,
      });
    }
  }

  /** Code typed in a terminal: run in the same session, as the language's own console runs it. */
  private async runTyped(language: ScriptLanguage, code: string): Promise<RunResult> {
    if (!vscode.workspace.isTrusted) {
      const message = 'running code is disabled in an untrusted workspace: trust the workspace to run code';
      this.terminals.get(language)?.output('system', `Motion: ${message}.\n`);
      return { ok: false, error: { type: 'Untrusted', message } };
    }
    const session = await this.sessionFor(language, vscode.window.activeTextEditor?.document);
    this.busy(language, +1);
    try {
      return await this.inSession(language, session, code, { filename: TYPED_CODE[language], interactive: true });
    } finally {
      this.busy(language, -1);
    }
  }

  private terminalFor(language: ScriptLanguage): ScriptTerminal {
    let terminal = this.terminals.get(language);
    if (!terminal) {
      terminal = new ScriptTerminal(
        language === 'python' ? 'Motion: Python' : 'Motion: Lua',
        language,
        {
          // Untrusted: no session is started to look at the line; runTyped refuses to run it.
          isComplete: async (code) =>
            vscode.workspace.isTrusted
              ? (await this.sessionFor(language, vscode.window.activeTextEditor?.document)).isComplete(code)
              : 'complete',
          run: (code) => this.runTyped(language, code),
          interrupt: () => this.interrupt(language),
        },
        (before) => this.names.complete(before),
      );
      this.terminals.set(language, terminal);
    }
    return terminal;
  }

  /** The language's session, started for a document (its interpreter and folder) when there is none. */
  private async sessionFor(
    language: ScriptLanguage,
    document: vscode.TextDocument | undefined,
  ): Promise<ScriptSession> {
    let session = this.sessions.get(language);
    const folder = document
      ? vscode.workspace.getWorkspaceFolder(document.uri)
      : vscode.workspace.workspaceFolders?.[0];
    const interpreter =
      language === 'python' ? await pythonInterpreter(this.config.pythonPath, document?.uri ?? folder?.uri) : undefined;
    // A script whose folder runs another Python (its own .venv) gets a session of that Python, and the terminal says why.
    const running = this.sessionPythons.get(language);
    if (session && interpreter && running && interpreter !== running) {
      await this.resetSession(
        language,
        `${vscode.workspace.asRelativePath(document?.uri ?? interpreter)} runs with ${interpreter}`,
      );
      session = undefined;
    }
    if (!session) {
      const terminal = this.terminalFor(language);
      const onOutput: SessionOutput = (stream, text) => {
        const sink = this.runs.get(language)?.[0]?.sink;
        if (sink) sink(stream, text);
        else terminal.output(stream, text);
      };
      const readLine = (prompt: string) => terminal.ask(prompt);
      const onDisplay: SessionDisplay = (items) => this.runs.get(language)?.[0]?.display?.(items);
      session =
        language === 'python'
          ? new PythonSession({
              serverUrl: this.serverUrl(),
              interpreter: interpreter!,
              cwd: folder?.uri.fsPath,
              onOutput,
              readLine,
              onDisplay,
            })
          : new LuaSession({ serverUrl: this.serverUrl(), onOutput, readLine });
      // Another caller may have made one while the interpreter was looked up: one session per language.
      const made = this.sessions.get(language);
      if (made) {
        void session.dispose();
        return made;
      }
      this.sessions.set(language, session);
      if (interpreter) this.sessionPythons.set(language, interpreter);
    }
    return session;
  }
}
