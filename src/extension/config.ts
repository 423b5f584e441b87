import * as vscode from 'vscode';
import { DEFAULT_URL, normalApplicationUrl } from '../api/client/application-url';
import type { EmbeddedMode } from './connection/connection-state';
import { autoRefreshSeconds, needsOf, type SettingKey, type SettingNeed } from './settings-rules';

/**
 * The extension's settings, typed, read in this one place (like rust-analyzer's config.ts). Parts
 * subscribe to what a change needs (`onNeed('reconnect', …)`), not to setting names; which setting
 * needs what is written once, in settings-rules.ts.
 */
export class MotionConfig implements vscode.Disposable {
  private readonly needs = new vscode.EventEmitter<SettingNeed>();
  private readonly watching: vscode.Disposable;

  constructor() {
    this.watching = vscode.workspace.onDidChangeConfiguration((event) => {
      for (const need of needsOf((key) => event.affectsConfiguration(key))) this.needs.fire(need);
    });
  }

  /** Base URL of the application's scripting interface. Machine-scoped: a workspace cannot point it elsewhere. */
  get serverUrl(): string {
    return this.get<string>('motion.server.url') || DEFAULT_URL;
  }

  /** When to use the embedded reference server: when nothing answers at serverUrl, always, or never. */
  get embedded(): EmbeddedMode {
    const mode = this.get<string>('motion.server.embedded');
    return mode === 'always' || mode === 'never' ? mode : 'auto';
  }

  /** Seconds between automatic refreshes of the views; 0 for none (the interface has no events). */
  get autoRefreshSeconds(): number {
    return autoRefreshSeconds(this.get<number>('motion.explorer.autoRefreshSeconds'));
  }

  /** The Python interpreter chosen for scripts (machine-scoped); undefined: ask the Python extension, else python3. */
  get pythonPath(): string | undefined {
    return this.get<string>('motion.python.path') || undefined;
  }

  /** Whether a Motion terminal is cleared before each run. */
  get clearBeforeRun(): boolean {
    return this.get<boolean>('motion.run.clearBeforeRun') === true;
  }

  /** Whether saving a Python file of the workspace reloads it in the Python session. */
  get reloadOnSave(): boolean {
    return this.get<boolean>('motion.run.reloadOnSave') === true;
  }

  /** Connect to another application from now on (a user setting: the URL is machine-scoped). */
  async useServerUrl(url: string): Promise<void> {
    await this.update('motion.server.url', normalApplicationUrl(url));
    if (this.embedded === 'always') await this.update('motion.server.embedded', 'auto');
  }

  async useEmbedded(mode: EmbeddedMode): Promise<void> {
    await this.update('motion.server.embedded', mode);
  }

  /** Calls `listener` after every change of a setting that needs `need`. */
  onNeed(need: SettingNeed, listener: () => void): vscode.Disposable {
    return this.needs.event((fired) => {
      if (fired === need) listener();
    });
  }

  dispose(): void {
    this.watching.dispose();
    this.needs.dispose();
  }

  private get<T>(key: SettingKey): T | undefined {
    return vscode.workspace.getConfiguration().get<T>(key);
  }

  private update(key: SettingKey, value: unknown): Thenable<void> {
    return vscode.workspace.getConfiguration().update(key, value, vscode.ConfigurationTarget.Global);
  }
}
