import * as vscode from 'vscode';
import { changeStartupScripts, hostReport, raisedAt, saidSince, type ScriptLoad } from '../../api/gui/reference-host';
import { functionsGiven, toolAdvice } from '../../api/text/tool-script';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';
import { trustedToRun } from '../run/workspace-trust';
import type { MenuEntry } from '../../api/gui/application-menu';
import { dryRunCommand } from './dry-run-command';

/** Opens a tool's file at the line its function raised, when the person asks. */
async function offerLine(message: string, what: string): Promise<void> {
  const at = raisedAt(message);
  const open = at ? 'Open at the Line' : undefined;
  const chosen = await vscode.window.showErrorMessage(
    `Motion: ${what}: ${message.split('\n')[0]}`,
    ...(open ? [open] : []),
  );
  if (chosen && at) {
    const line = new vscode.Position(at.line - 1, 0);
    await vscode.window.showTextDocument(vscode.Uri.file(at.file), { selection: new vscode.Range(line, line) });
  }
}

/** What the application's scripts said meanwhile, in the Motion Application output (the reference server says). */
function showSaid(ctx: MotionContext, lines: string[]): void {
  if (lines.length === 0) return;
  const output = ctx.parts.applicationOutput;
  for (const line of lines) output.appendLine(line);
  output.show(true);
}

function connectedUrl(ctx: MotionContext): string | undefined {
  const state = ctx.parts.connection.state;
  if (state.kind === 'connected') return state.url;
  void vscode.window.showWarningMessage('Motion: no application answers; connect to one first.');
  return undefined;
}

/** The script a command is about: the one given (Explorer), else the active editor's. */
function scriptOf(uri?: vscode.Uri): vscode.Uri | undefined {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (target?.scheme === 'file' && /\.(py|lua)$/i.test(target.fsPath)) return target;
  void vscode.window.showWarningMessage('Motion: open or choose a Python or Lua script of a tool first.');
  return undefined;
}

/** How loading went, said: the first script that raised (its line can be opened), else where its menus are. */
async function sayLoaded(ctx: MotionContext, file: string, loaded: readonly ScriptLoad[]): Promise<void> {
  const failed = loaded.filter((l) => !l.ok);
  for (const load of failed)
    ctx.parts.applicationOutput.appendLine(`${load.file}: ${load.error?.traceback || load.error?.message}`);
  const mine = failed.find((l) => l.file === file) ?? failed[0];
  if (mine?.error) {
    const e = mine.error;
    return offerLine(
      `${e.type}: ${e.message}${e.file ? ` at ${e.file}:${e.line}` : ''}`,
      `${mine.file} raised as it loaded`,
    );
  }
  void vscode.window.showInformationMessage(
    `Motion: ${vscode.workspace.asRelativePath(file)} is loaded in the application; its menus are in Application Menu.`,
  );
}

/** Application Menu's commands, and loading a tool into the reference server as a start-up script. */
export const applicationMenuCommands: CommandTable = {
  'motion.applicationMenu.refresh': (ctx) => () => ctx.parts.applicationMenu.refresh(),
  'motion.applicationMenu.run': (ctx) => async (entry?: string | MenuEntry) => {
    // A click on a button gives its command; its context menu, the button itself.
    const command = typeof entry === 'string' ? entry : entry?.command;
    const url = connectedUrl(ctx);
    const client = ctx.parts.connection.client();
    if (!url || !client || typeof command !== 'string') return undefined;
    const before = await hostReport(url).catch(() => undefined);
    const attending = await ctx.parts.dialogs.attend(url);
    try {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Motion: running ${command}…` },
        // As long as the command runs: a person may be answering its dialogs.
        () => client.call('motion.gui', 'send_command', [command], { timeoutMs: 11 * 60_000 }),
      );
    } catch (error) {
      await offerLine((error as Error).message, `the command ${command} failed`);
      return { ran: false, error: (error as Error).message };
    } finally {
      attending.dispose();
      const now = await hostReport(url).catch(() => undefined);
      if (now) showSaid(ctx, saidSince(before, now));
      ctx.parts.applicationMenu.refresh();
      ctx.parts.explorer.refresh();
    }
    return { ran: true };
  },
  'motion.applicationMenu.dryRun': (ctx) => (entry?: MenuEntry | string) => {
    const command = typeof entry === 'string' ? entry : entry?.command;
    if (!command)
      return void vscode.window.showWarningMessage('Motion: choose a command in Application Menu to dry-run it.');
    return dryRunCommand(ctx, command);
  },
  'motion.loadIntoApplication': (ctx) => async (uri?: vscode.Uri) => {
    const script = scriptOf(uri);
    const url = script && trustedToRun('Load into Application') ? connectedUrl(ctx) : undefined;
    if (!script || !url) return undefined;
    // A start-up script may ask something as it loads: the person is there to answer.
    const attending = await ctx.parts.dialogs.attend(url);
    let changed: Awaited<ReturnType<typeof changeStartupScripts>>;
    try {
      changed = await changeStartupScripts(url, 'add', script.fsPath);
    } finally {
      attending.dispose();
    }
    if (!changed) {
      const copy = 'Copy Path';
      const chosen = await vscode.window.showInformationMessage(
        `Motion: the application keeps its own list of start-up scripts: add ${script.fsPath} there, then press F5 in it (Reload Scripts).`,
        copy,
      );
      if (chosen === copy) await vscode.env.clipboard.writeText(script.fsPath);
      return { loaded: false };
    }
    ctx.parts.applicationMenu.refresh();
    await sayLoaded(ctx, script.fsPath, changed.loaded);
    return changed;
  },
  'motion.removeFromApplication': (ctx) => async (uri?: vscode.Uri) => {
    const script = scriptOf(uri);
    const url = script && connectedUrl(ctx);
    if (!script || !url) return undefined;
    const changed = await changeStartupScripts(url, 'remove', script.fsPath);
    ctx.parts.applicationMenu.refresh();
    if (changed)
      void vscode.window.showInformationMessage(
        `Motion: ${vscode.workspace.asRelativePath(script.fsPath)} is no longer loaded at the application's start; its commands are gone.`,
      );
    return changed;
  },
};

/**
 * Run File of a tool (a script that gives motion.gui a function): it cannot run over HTTP, so
 * nothing is sent; the person is told how to load it instead, with the command that does.
 * Returns whether it was such a tool.
 */
export async function refusedAsTool(ctx: MotionContext, document: vscode.TextDocument): Promise<boolean> {
  if (document.uri.scheme !== 'file') return false;
  const given = await functionsGiven(document.uri.fsPath, document.getText());
  if (given.length === 0) return false;
  const load = 'Load into Application';
  const chosen = await vscode.window.showWarningMessage(`Motion: ${toolAdvice(document.uri.fsPath, given)}`, load);
  if (chosen === load) await vscode.commands.executeCommand('motion.loadIntoApplication', document.uri);
  return true;
}
