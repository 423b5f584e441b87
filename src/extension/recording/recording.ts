import * as vscode from 'vscode';
import type { MotionConnection } from '../connection/motion-connection';
import type { RecordedLanguage } from './script-literals';
import { ScriptRecorder } from './script-recorder';

/** A finished recording: the script, in its language, and how many user actions it holds. */
interface Recorded {
  language: RecordedLanguage;
  text: string;
  actions: number;
}

/**
 * Record as Script: while on, every change made from VS Code (through the connection's clients) is
 * written down as the calls that make it. A user action ends when a command ends or the history
 * records a change (a segment saved in its editor); its comment is the history's description, else
 * the command's title. The status bar shows it, and stops it on a click.
 */
export class Recording implements vscode.Disposable {
  private recorder: ScriptRecorder | undefined;
  private watching: vscode.Disposable | undefined;
  private readonly item = vscode.window.createStatusBarItem('motion.recording', vscode.StatusBarAlignment.Left, 9);
  private readonly titles: Map<string, string>;
  private readonly following: vscode.Disposable;

  constructor(
    private readonly connection: MotionConnection,
    commands: readonly { command: string; title: string }[],
  ) {
    this.titles = new Map(commands.map((c) => [c.command, c.title]));
    this.item.name = 'Motion recording';
    this.show();
    this.following = connection.onDidChange(() => this.show());
  }

  get recording(): boolean {
    return this.recorder !== undefined;
  }

  start(language: RecordedLanguage): void {
    if (this.recorder) return;
    const state = this.connection.state;
    const from =
      state.kind === 'connected' && state.embedded
        ? 'the embedded reference server'
        : `the application at ${state.url}`;
    const recorder = new ScriptRecorder(language, from);
    this.recorder = recorder;
    this.watching = this.connection.watchWrites((client, call, send) => recorder.write(client, call, send));
    this.show();
  }

  /** Stops, and gives the script (undefined when nothing was changed while recording). */
  stop(): Recorded | undefined {
    const recorder = this.recorder;
    if (!recorder) return undefined;
    recorder.action('Changes made from VS Code');
    this.watching?.dispose();
    this.recorder = undefined;
    this.show();
    if (recorder.actionCount === 0) return undefined;
    return { language: recorder.language, text: recorder.text(), actions: recorder.actionCount };
  }

  /** A command ended: the calls it made are one action, under its title. */
  commandDone(command: string): void {
    if (!this.recorder) return;
    this.recorder.action((this.titles.get(command) ?? command).replace(/…$/, ''));
    this.show();
  }

  /**
   * An action ended that says what it did (the history recorded a change, an undo went through): the
   * calls made for it are one action, under its description. `changed`: it changed the application
   * even if no call of it was seen (a script applied for real).
   */
  actionDone(description: string, changed = false): void {
    if (!this.recorder) return;
    this.recorder.action(description, changed);
    this.show();
  }

  private show(): void {
    const recorder = this.recorder;
    void vscode.commands.executeCommand('setContext', 'motion.recording', recorder !== undefined);
    if (recorder) {
      const language = recorder.language === 'python' ? 'Python' : 'Lua';
      const n = recorder.actionCount;
      this.item.text = `$(debug-stop) Recording · ${n}`;
      this.item.tooltip = `Motion: recording the changes you make from VS Code as a ${language} script (${n} action${n === 1 ? '' : 's'} so far). Click to stop and open the script.`;
      this.item.command = 'motion.stopRecording';
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      this.item.show();
      return;
    }
    this.item.text = '$(record) Record';
    this.item.tooltip = 'Motion: Start Recording — write the changes you make from VS Code as a script';
    this.item.command = 'motion.startRecording';
    this.item.backgroundColor = undefined;
    if (this.connection.state.kind === 'connected') this.item.show();
    else this.item.hide();
  }

  dispose(): void {
    this.watching?.dispose();
    this.following.dispose();
    this.item.dispose();
  }
}
