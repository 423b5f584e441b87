import * as vscode from 'vscode';

/** The extension's settings, typed, in one place. */
export interface MotionSettings {
  /** Base URL of the application's scripting interface. Machine-scoped: a workspace cannot point it elsewhere. */
  serverUrl: string;
}

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:7979';

export function readSettings(): MotionSettings {
  const config = vscode.workspace.getConfiguration('motion');
  return { serverUrl: config.get<string>('server.url') || DEFAULT_SERVER_URL };
}

/** Changes that the language server must hear about (it reloads the documentation). */
export function affectsLanguageServer(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration('motion.server.url');
}
