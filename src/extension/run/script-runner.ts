import * as vscode from 'vscode';
import { statementAt, selectedCode, type CodeToRun } from '../../runner/code-to-run';
import { LuaSession } from '../../runner/lua-session';
import { PythonSession, type RunResult } from '../../runner/python-session';
import { pythonInterpreter } from './python-interpreter';
import { ScriptTerminal } from './script-terminal';

export type ScriptLanguage = 'python' | 'lua';

export interface RunOutcome {
  result: RunResult;
  /** What the run printed (and its echo), as shown in the terminal. */
  output: string;
}

export function scriptLanguage(document: vscode.TextDocument): ScriptLanguage | undefined {
  return document.languageId === 'python' || document.languageId === 'lua' ? document.languageId : undefined;
}

/**
 * One session per language, kept between runs, and its terminal. A session is bound to the server
 * URL and interpreter it was started with, so reset() drops it; the terminal stays.
 */
export class ScriptRunner implements vscode.Disposable {
  private sessions = new Map<ScriptLanguage, PythonSession | LuaSession>();
  private terminals = new Map<ScriptLanguage, ScriptTerminal>();

  constructor(private readonly serverUrl: () => string) {}

  async runSelection(editor: vscode.TextEditor): Promise<RunOutcome | undefined> {
    const language = scriptLanguage(editor.document);
    if (!language) return undefined;
    const lines = editor.document.getText().split(/\r?\n/);
    const { selection } = editor;
    const code = selection.isEmpty
      ? statementAt(lines, selection.active.line, language)
      : selectedCode(lines, selection.start.line, selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line - 1 : selection.end.line);
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
    return this.run(language, { code: document.getText(), line: 1, endLine: document.lineCount - 1 }, document);
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

  /** Sessions talk to one application: when the server URL changes they start afresh. */
  async reset(): Promise<void> {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((session) => session.dispose()));
  }

  dispose(): void {
    for (const session of this.sessions.values()) void session.dispose();
    for (const terminal of this.terminals.values()) terminal.dispose();
    this.sessions.clear();
    this.terminals.clear();
  }

  private async run(language: ScriptLanguage, code: CodeToRun, document: vscode.TextDocument): Promise<RunOutcome> {
    const { session, terminal } = await this.sessionFor(language, document);
    await terminal.show();
    if (vscode.workspace.getConfiguration('motion').get<boolean>('run.clearBeforeRun')) terminal.clear();
    const start = terminal.transcript.length;
    terminal.echo(code.code, language === 'python' ? '>>> ' : '> ');
    const filename = document.uri.scheme === 'file' ? document.uri.fsPath : document.uri.path.split('/').pop() ?? 'untitled';
    let result: RunResult;
    try {
      result = await session.run(code.code, { filename, line: code.line });
    } catch (error) {
      terminal.output('system', `${(error as Error).message}\n`);
      result = { ok: false, error: { type: 'SessionFailed', message: (error as Error).message } };
    }
    return { result, output: terminal.transcript.slice(start) };
  }

  private async sessionFor(language: ScriptLanguage, document: vscode.TextDocument): Promise<{ session: PythonSession | LuaSession; terminal: ScriptTerminal }> {
    let terminal = this.terminals.get(language);
    if (!terminal) {
      terminal = new ScriptTerminal(language === 'python' ? 'Motion: Python' : 'Motion: Lua', () => this.interrupt(language));
      this.terminals.set(language, terminal);
    }
    let session = this.sessions.get(language);
    if (!session) {
      const shown = terminal;
      const onOutput = (stream: 'stdout' | 'stderr' | 'system', text: string) => shown.output(stream, text);
      const cwd = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath;
      session =
        language === 'python'
          ? new PythonSession({ serverUrl: this.serverUrl(), interpreter: await pythonInterpreter(document.uri), cwd, onOutput })
          : new LuaSession({ serverUrl: this.serverUrl(), onOutput });
      this.sessions.set(language, session);
    }
    return { session, terminal };
  }
}
