import * as vscode from 'vscode';
import { BoundedText } from '../../runner/bounded-text';
import type { NameCompletion } from '../../runner/repl/motion-names';
import { TerminalConsole, type ConsoleSession } from '../../runner/repl/terminal-console';

const BRACKETED_PASTE_ON = '\x1b[?2004h';

/**
 * One language's Motion terminal: an interactive console on its session (type code, see results),
 * where runs started from the editor are shown too.
 */
export class ScriptTerminal implements vscode.Disposable {
  private readonly writes = new vscode.EventEmitter<string>();
  private readonly closes = new vscode.EventEmitter<void>();
  private readonly names = new vscode.EventEmitter<string>();
  private terminal: vscode.Terminal | undefined;
  private opened: Promise<void> | undefined;
  private console: TerminalConsole;
  /** What was shown since the last clear (its newest megabyte): what tests and the run result read. */
  readonly transcript = new BoundedText();

  constructor(
    private readonly title: string,
    private readonly language: 'python' | 'lua',
    private readonly session: ConsoleSession,
    private readonly complete: (beforeCursor: string) => NameCompletion | undefined,
  ) {
    this.console = this.newConsole();
  }

  async show(preserveFocus = true): Promise<void> {
    if (!this.terminal || this.terminal.exitStatus) {
      let resolveOpen: () => void = () => undefined;
      this.opened = new Promise((r) => (resolveOpen = r));
      const pty: vscode.Pseudoterminal = {
        onDidWrite: this.writes.event,
        onDidClose: this.closes.event,
        onDidChangeName: this.names.event,
        open: (dimensions) => {
          this.writes.fire(BRACKETED_PASTE_ON);
          this.console.open(dimensions?.columns);
          resolveOpen();
        },
        close: () => {
          // Opened again later, the terminal has a fresh screen, and so a fresh console.
          this.terminal = undefined;
          this.console = this.newConsole();
        },
        setDimensions: (dimensions) => this.console.resize(dimensions.columns),
        handleInput: (data) => this.console.input(data),
      };
      this.terminal = vscode.window.createTerminal({ name: this.title, pty, iconPath: new vscode.ThemeIcon('play') });
    }
    this.terminal.show(preserveFocus);
    await this.opened;
  }

  /** While code runs, the terminal's name says so. */
  setBusy(busy: boolean): void {
    this.names.fire(busy ? `${this.title} (running)` : this.title);
  }

  clear(): void {
    this.transcript.clear();
    this.console.clear();
  }

  /** A run from the editor: the prompt waits for it, and its code is shown as if typed. */
  beginRun(code: string): void {
    this.console.beginRun();
    this.console.echo(code);
  }

  endRun(): void {
    this.console.endRun();
  }

  output(stream: 'stdout' | 'stderr' | 'system', text: string): void {
    this.console.print(stream, text);
  }

  /** A line for the running code (input(), io.read): the terminal takes the focus to ask for it. */
  async ask(prompt: string): Promise<string | null> {
    await this.show(false);
    return this.console.ask(prompt);
  }

  dispose(): void {
    this.terminal?.dispose();
    this.writes.dispose();
    this.closes.dispose();
    this.names.dispose();
  }

  private newConsole(): TerminalConsole {
    return new TerminalConsole({
      language: this.language,
      session: this.session,
      write: (data) => this.writes.fire(data),
      transcript: (text) => this.transcript.append(text),
      complete: this.complete,
      banner:
        this.language === 'python'
          ? 'Motion: Python — type code to run it in the session that Run Selection uses. Tab completes motion names, Ctrl+C interrupts.'
          : 'Motion: Lua — type code to run it in the session that Run Selection uses. Tab completes motion names, Ctrl+C interrupts.',
    });
  }
}
