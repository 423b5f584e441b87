import * as vscode from 'vscode';
import { DEFAULT_URL } from '../api/client/application-url';
import { autoRefreshSeconds } from './settings-rules';

/** The extension's settings, typed, in one place. */
export interface MotionSettings {
  /** Base URL of the application's scripting interface. Machine-scoped: a workspace cannot point it elsewhere. */
  serverUrl: string;
  /** When to use the embedded reference server: when nothing answers at serverUrl, always, or never. */
  embedded: 'auto' | 'always' | 'never';
  /** Seconds between automatic refreshes of the Skeletons view; 0 for none (the interface has no events). */
  autoRefreshSeconds: number;
}

export function readSettings(): MotionSettings {
  const config = vscode.workspace.getConfiguration('motion');
  return {
    serverUrl: config.get<string>('server.url') || DEFAULT_URL,
    embedded: config.get<'auto' | 'always' | 'never'>('server.embedded') ?? 'auto',
    autoRefreshSeconds: autoRefreshSeconds(config.get<number>('explorer.autoRefreshSeconds')),
  };
}

/** Changes that mean connecting again (to another application, or to/from the embedded server). */
export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration('motion.server.url') || event.affectsConfiguration('motion.server.embedded');
}
