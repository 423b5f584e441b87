import type { RunResult } from '../script-session';
import { keysOf, type Key } from './keys';
import { LineEditor } from './line-editor';
import { sharedStart, type NameCompletion } from './motion-names';
import { PromptLine, visibleWidth } from './prompt-line';
import { PROMPTS, Statements, type Completeness } from './statements';

/** What a console needs of a session. */
export interface ConsoleSession {
  isComplete(code: string): Promise<Completeness>;
  /** Runs a statement typed at the console. */
  run(code: string): Promise<RunResult>;
  interrupt(): void;
}

interface TerminalConsoleOptions {
  language: 'python' | 'lua';
  session: ConsoleSession;
  /** Writes to the terminal (ANSI). */
  write: (data: string) => void;
  /** What was shown, as plain text: typed lines with their prompts, and output. */
  transcript?: (text: string) => void;
  /** Names for Tab at the end of what was typed. */
  complete?: (beforeCursor: string) => NameCompletion | undefined;
  /** Shown when the terminal opens. */
  banner?: string;
}

/** A line the running code asked for, and where its answer goes. */
interface Question {
  prompt: string;
  answer: (text: string | null) => void;
}

/** A row of output longer than this is not redrawn under a prompt: the prompt starts on a row of its own. */
const LONGEST_REDRAWN_ROW = 1000;
const STYLES = { stdout: '', stderr: '\x1b[31m', system: '\x1b[33m', echo: '\x1b[2m' } as const;

/**
 * An interactive console on a terminal, like the application's own scripting terminal: a prompt,
 * lines gathered into statements, the session's output printed above the line being typed, type-
 * ahead while code runs, Tab completion, history, Ctrl+C and Ctrl+L, and lines asked for by
 * input() or io.read. Runs started elsewhere (Run Selection) are shown in the same place. Writes
 * ANSI to `write`; knows nothing of VS Code.
 */
export class TerminalConsole {
  private readonly code = new LineEditor();
  private readonly answers = new LineEditor();
  private readonly line = new PromptLine();
  private readonly statements: Statements;
  /** Output after its last line break: the row a prompt is drawn after. */
  private partial = '';
  /** A row too long to redraw was left unfinished: the next prompt starts on a new row. */
  private rowLeftOpen = false;
  /** Runs going, typed here or started by commands: the prompt waits for them. */
  private runs = 0;
  /** A typed line is being looked at (is the statement complete?). */
  private checking = false;
  /** A line that the running code asked for (input(), io.read). */
  private question: Question | undefined;
  /** A question left with Ctrl+C: answered (with nothing) once the interrupted code has ended. */
  private abandoned: Question | undefined;
  /** Keys typed while the prompt waits: used once it is back. */
  private typedAhead: Key[] = [];
  private tabbedOnce = false;

  constructor(private readonly options: TerminalConsoleOptions) {
    this.statements = new Statements((code) => options.session.isComplete(code));
  }

  /** The terminal opened (or changed size): draws the banner and the prompt. */
  open(columns?: number): void {
    if (columns) this.line.columns = columns;
    if (this.options.banner) this.print('system', `${this.options.banner}\n`);
    else this.show();
  }

  /**
   * The terminal has a new width. Terminals do not re-wrap the rows of the line with the cursor
   * (xterm's reflowCursorLine is off: shells redraw it): what was drawn is erased as it was drawn,
   * and drawn again at the new width.
   */
  resize(columns: number): void {
    this.line.columns = columns;
    this.show();
  }

  /** Keys from the terminal. */
  input(data: string): void {
    for (const key of keysOf(data)) {
      if (key.kind === 'paste') {
        // Each line break of a paste submits a line; its tabs are indentation, not completion.
        for (const piece of key.text.split(/(\r\n|\r|\n)/))
          if (/^[\r\n]/.test(piece)) this.typedAhead.push({ kind: 'enter' });
          else if (piece) this.typedAhead.push({ kind: 'text', text: piece });
      } else if (key.kind === 'interrupt' && !this.editable) {
        // Ctrl+C stops the running code at once, and what was typed ahead with it.
        this.typedAhead = [];
        this.options.session.interrupt();
      } else this.typedAhead.push(key);
    }
    this.useTypedAhead();
  }

  /** Output of the session (of any run), printed above the line being typed. */
  print(stream: keyof typeof STYLES, text: string): void {
    if (!text) return;
    this.options.transcript?.(text);
    const style = STYLES[stream];
    // Styled line by line, so that any row can be redrawn on its own.
    const styled = style ? text.replace(/[^\n]+/g, (row) => `${style}${row}\x1b[0m`) : text;
    let out = this.line.erase();
    const all = (this.rowLeftOpen ? '' : this.partial) + styled;
    const lastBreak = all.lastIndexOf('\n');
    if (lastBreak >= 0) this.rowLeftOpen = false;
    out += crlf(all.slice(0, lastBreak + 1));
    const rest = all.slice(lastBreak + 1);
    if (visibleWidth(rest) > LONGEST_REDRAWN_ROW || (this.rowLeftOpen && rest)) {
      out += crlf(rest);
      this.partial = '';
      this.rowLeftOpen = true;
    } else this.partial = rest;
    this.options.write(out);
    this.show();
  }

  /** Code run from the editor, shown as if typed at the prompt (dimmed). */
  echo(code: string): void {
    const { first, more } = PROMPTS[this.options.language];
    this.print(
      'echo',
      `${code
        .split('\n')
        .map((row, i) => `${i === 0 ? first : more}${row}`)
        .join('\n')}\n`,
    );
  }

  /** A run started elsewhere: the prompt waits for it (what was typed stays). */
  beginRun(): void {
    this.runs++;
    this.show();
  }

  /**
   * A run has ended. A session runs its code one run at a time, so a question still open is the
   * ended run's: the code that asked is gone (interrupted, or it failed), and its question goes
   * too, even when another run waits.
   */
  endRun(): void {
    this.runs = Math.max(0, this.runs - 1);
    this.abandoned?.answer(null);
    this.abandoned = undefined;
    if (this.question) {
      this.options.write(this.line.leave(this.partial + this.question.prompt, this.answers.text));
      this.partial = '';
      this.answers.clear();
      this.question.answer(null);
      this.question = undefined;
    }
    this.resume();
  }

  /** The prompt is due again (when nothing runs): what was typed ahead is used. */
  private resume(): void {
    this.show();
    this.useTypedAhead();
  }

  /** A line for the running code (input(), io.read): null when the user ends input (Ctrl+D). */
  ask(prompt: string): Promise<string | null> {
    this.question?.answer(null);
    this.abandoned?.answer(null);
    this.abandoned = undefined;
    return new Promise((resolve) => {
      this.question = { prompt, answer: resolve };
      this.show();
      this.useTypedAhead();
    });
  }

  /** Ctrl+L, and the clear before a run when the user wants it. */
  clear(): void {
    this.options.write('\x1b[2J\x1b[3J\x1b[H');
    this.line.forget();
    this.partial = '';
    this.rowLeftOpen = false;
    this.show();
  }

  private get editable(): boolean {
    return this.question !== undefined || (this.runs === 0 && !this.checking);
  }

  private get prompt(): string {
    if (this.question) return this.question.prompt;
    const prompts = PROMPTS[this.options.language];
    return this.statements.continuing ? prompts.more : prompts.first;
  }

  private get editor(): LineEditor {
    return this.question ? this.answers : this.code;
  }

  /** Draws what belongs below the output: the open row of output, and the prompt with its line when typing is possible. */
  private show(): void {
    if (this.rowLeftOpen) {
      if (!this.editable) return;
      this.options.write('\r\n');
      this.rowLeftOpen = false;
    }
    this.options.write(
      this.editable
        ? this.line.draw(this.partial + this.prompt, this.editor.text, this.editor.cursor)
        : this.line.draw(this.partial, '', 0),
    );
  }

  private useTypedAhead(): void {
    while (this.editable && this.typedAhead.length > 0) this.press(this.typedAhead.shift()!);
  }

  private press(key: Key): void {
    const tabbed = this.tabbedOnce;
    this.tabbedOnce = false;
    switch (key.kind) {
      case 'enter':
        return this.submit();
      case 'interrupt':
        return this.cancelLine();
      case 'clearScreen':
        return this.clear();
      case 'tab':
        return this.complete(tabbed);
      case 'endOfInput':
        if (this.question && this.editor.length === 0) return this.answer(null);
        this.editor.edit({ kind: 'delete' });
        return this.show();
      default:
        this.editor.edit(key);
        return this.show();
    }
  }

  /** Enter: an answer goes to the code that asked; a line of code to the statement under way. */
  private submit(): void {
    if (this.question) return this.answer(this.answers.take());
    const prompt = this.prompt;
    const text = this.code.take();
    this.leaveLine(prompt, text);
    this.options.transcript?.(`${prompt}${text}\n`);
    this.checking = true;
    this.show();
    void this.statements
      .add(text)
      .catch((error: Error) => {
        this.print('system', `${error.message}\n`);
        this.statements.cancel();
        return undefined;
      })
      .then((statement) => {
        this.checking = false;
        if (statement === undefined) return this.resume();
        this.runs++;
        return this.options.session
          .run(statement)
          .catch((error: Error) => this.print('system', `${error.message}\n`))
          .finally(() => this.endRun());
      });
  }

  private answer(text: string | null): void {
    const question = this.question!;
    this.question = undefined;
    this.leaveLine(question.prompt, text ?? '');
    this.options.transcript?.(`${question.prompt}${text ?? ''}\n`);
    this.answers.clear();
    question.answer(text);
    this.show();
  }

  /** Ctrl+C at the prompt: the line (and the statement under way) is dropped, as in Python's console. */
  private cancelLine(): void {
    if (this.question) {
      // The code that asked is interrupted; its line stays as typed, with ^C, above what the
      // interruption prints (not answered now: the code would take that answer for end of input).
      const question = (this.abandoned = this.question);
      this.question = undefined;
      const text = `${this.answers.text}^C`;
      this.options.write(this.line.draw(this.partial + question.prompt, text, [...text].length));
      this.leaveLine(question.prompt, text);
      this.answers.clear();
      this.options.session.interrupt();
      return this.show();
    }
    const prompt = this.prompt;
    this.options.write(this.line.draw(this.partial + prompt, `${this.code.text}^C`, this.code.length + 2));
    this.leaveLine(prompt, `${this.code.text}^C`);
    this.code.clear();
    this.statements.cancel();
    this.show();
  }

  /** Moves below the line drawn at the prompt, which stays on the screen as typed. */
  private leaveLine(prompt: string, text: string): void {
    this.options.write(this.line.leave(this.partial + prompt, text));
    this.partial = '';
  }

  /**
   * Tab: indentation at the start of a line; else the `motion` names that fit what was typed: the
   * one name, or what they share, and a second Tab lists them all.
   */
  private complete(tabbedBefore: boolean): void {
    const before = this.editor.beforeCursor;
    if (this.question || !before.trim()) {
      this.editor.insert(this.question ? '\t' : ' '.repeat(4 - ([...before].length % 4)));
      return this.show();
    }
    const found = this.options.complete?.(before);
    if (!found) return this.options.write('\x07');
    const shared = found.names.length === 1 ? found.names[0] : sharedStart(found.names);
    if (shared.length > found.typed.length) {
      this.editor.insert(shared.slice(found.typed.length));
      return this.show();
    }
    if (!tabbedBefore) {
      this.tabbedOnce = true;
      return this.options.write('\x07');
    }
    this.leaveLine(this.prompt, this.editor.text);
    this.options.write(crlf(`${columnsOf(found.names, this.line.columns)}\n`));
    this.show();
  }
}

function crlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/** Names in columns across the terminal's width, as shells list completions. */
function columnsOf(names: string[], width: number): string {
  const cell = Math.max(...names.map((n) => n.length)) + 2;
  const perRow = Math.max(1, Math.floor(width / cell));
  const rows: string[] = [];
  for (let i = 0; i < names.length; i += perRow)
    rows.push(
      names
        .slice(i, i + perRow)
        .map((n) => n.padEnd(cell))
        .join('')
        .trimEnd(),
    );
  return rows.join('\n');
}
