import * as vscode from 'vscode';
import { BoundedText } from '../../runner/bounded-text';

/** A terminal-like view of one language's session: what ran, and what came back. */
export class ScriptTerminal implements vscode.Disposable {
  private readonly writes = new vscode.EventEmitter<string>();
  private readonly closes = new vscode.EventEmitter<void>();
  private readonly names = new vscode.EventEmitter<string>();
  private terminal: vscode.Terminal | undefined;
  private opened: Promise<void> | undefined;
  /** What was shown since the last clear (its newest megabyte): what tests and the run result read. */
  readonly transcript = new BoundedText();

  constructor(
    private readonly title: string,
    private readonly onInterrupt: () => void,
  ) {}

  async show(preserveFocus = true): Promise<void> {
    if (!this.terminal || this.terminal.exitStatus) {
      let resolveOpen: () => void = () => undefined;
      this.opened = new Promise((r) => (resolveOpen = r));
      const pty: vscode.Pseudoterminal = {
        onDidWrite: this.writes.event,
        onDidClose: this.closes.event,
        onDidChangeName: this.names.event,
        open: () => resolveOpen(),
        close: () => {
          this.terminal = undefined;
        },
        // Ctrl+C in the terminal interrupts the running code, as in a console.
        handleInput: (data) => {
          if (data === '\x03') this.onInterrupt();
        },
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
    this.writes.fire('\x1bc');
  }

  /** The code being run, dimmed, with a prompt on each line. */
  echo(code: string, prompt: string): void {
    const text = code
      .split('\n')
      .map((line, i) => `${i === 0 ? prompt : '.'.repeat(prompt.length - 1) + ' '}${line}`)
      .join('\n');
    this.write(`\x1b[2m${text}\x1b[0m\n`, text + '\n');
  }

  output(stream: 'stdout' | 'stderr' | 'system', text: string): void {
    const colour = stream === 'stderr' ? '\x1b[31m' : stream === 'system' ? '\x1b[33m' : '';
    this.write(colour ? `${colour}${text}\x1b[0m` : text, text);
  }

  dispose(): void {
    this.terminal?.dispose();
    this.writes.dispose();
    this.closes.dispose();
    this.names.dispose();
  }

  private write(shown: string, plain: string): void {
    this.transcript.append(plain);
    this.writes.fire(shown.replace(/\r?\n/g, '\r\n'));
  }
}
