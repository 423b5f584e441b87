import * as vscode from 'vscode';
import { targetsOfScript } from '../../api/catalogue/target-versions';
import { targetsStatus } from '../../api/catalogue/targets-status';
import type { MotionContext } from '../motion-context';

const SEVERITY = {
  information: vscode.LanguageStatusSeverity.Information,
  warning: vscode.LanguageStatusSeverity.Warning,
  error: vscode.LanguageStatusSeverity.Error,
} as const;

/** A script's targets (its comment, its folder's setting) against the application connected now. */
export function scriptTargetsStatus(ctx: MotionContext, document: vscode.TextDocument) {
  const state = ctx.parts.connection.state;
  const version = state.kind === 'connected' ? state.version : undefined;
  const setting = vscode.workspace.getConfiguration('motion', document.uri).get<string>('targetVersions', '');
  const top = document.getText(new vscode.Range(0, 0, Math.min(document.lineCount, 60), 0));
  return targetsStatus(targetsOfScript(top, { text: setting, from: 'setting' }, version), version);
}

/**
 * Beside a Python or Lua script (VS Code's language status, the `{}` in the status bar): the
 * application releases it targets (its comment, its folder's motion.targetVersions), and whether
 * the application connected now is among them, older or newer. A run against an application the
 * script does not target is said before it fails.
 */
export function startTargetsStatus(ctx: MotionContext): void {
  const scripts: vscode.DocumentSelector = [
    { language: 'python', scheme: 'file' },
    { language: 'lua', scheme: 'file' },
    { language: 'python', scheme: 'untitled' },
    { language: 'lua', scheme: 'untitled' },
  ];
  const item = vscode.languages.createLanguageStatusItem('motion.targets', scripts);
  item.name = 'Motion target versions';
  const show = () => {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || !['python', 'lua'].includes(document.languageId)) return;
    // A script that never names the package (a plain project's other files) is none of Motion's business.
    const motionScript = /\bmotion\b/.test(document.getText());
    item.selector = motionScript ? scripts : [];
    if (!motionScript) return;
    const status = scriptTargetsStatus(ctx, document);
    item.text = status?.text ?? 'Targets: the connected application';
    item.detail = status?.detail ?? 'name the releases this script must run on';
    item.severity = SEVERITY[status?.severity ?? 'information'];
    item.command = {
      title: 'Set for Folder…',
      command: 'workbench.action.openWorkspaceSettings',
      arguments: [{ query: 'motion.targetVersions' }],
    };
  };
  let typing: NodeJS.Timeout | undefined;
  ctx.own(
    item,
    vscode.window.onDidChangeActiveTextEditor(show),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document !== vscode.window.activeTextEditor?.document) return;
      clearTimeout(typing);
      typing = setTimeout(show, 300);
    }),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('motion.targetVersions') && show()),
    ctx.parts.connection.onDidChange(show),
    { dispose: () => clearTimeout(typing) },
  );
  show();
}
