import * as path from 'node:path';
import * as vscode from 'vscode';
import { askReference } from '../../api/client/reference-controls';
import { functionsGiven } from '../../api/text/tool-script';
import { dryRunTool } from '../../runner/dry-run/dry-run-tool';
import type { MotionContext } from '../motion-context';
import { trustedToRun } from '../run/workspace-trust';
import { describeFailure } from '../failure-text';
import { chooseStart, snapshotFileText, snapshotTextNow, SnapshotCancelled } from './dry-run-commands';

/**
 * Dry Run Command (Application Menu's context menu): the application's start-up scripts loaded in a
 * private server started from a snapshot, as the application loads them, then the command sent as a
 * click sends it; what it would change is shown in the Dry Run view. The application is not touched.
 */
export async function dryRunCommand(ctx: MotionContext, command: string): Promise<unknown> {
  if (!trustedToRun('Dry Run Command')) return undefined;
  const url = ctx.parts.connection.state.kind === 'connected' ? ctx.parts.connection.state.url : undefined;
  if (!url)
    return void vscode.window.showErrorMessage('Motion: no application answers, so it has no commands to dry-run.');
  const scripts = await startupScripts(url);
  if (!scripts) return undefined;
  const first = vscode.Uri.file(scripts[scripts.length - 1]);
  const start = await chooseStart(ctx, first);
  if (!start) return undefined;
  const label = `the command ${command}`;
  const output = ctx.parts.dryRunOutput;
  output.clear();
  output.appendLine(
    `# Dry run of ${label} from ${start.label}, with ${scripts.map((s) => path.basename(s)).join(', ')} loaded`,
  );
  let printed = '';
  try {
    const snapshot = start.file ? await snapshotFileText(ctx, start.file) : snapshotTextNow(ctx);
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Motion: dry run of ${label}` },
      () =>
        dryRunTool({
          serverScript: ctx.extension.asAbsolutePath(path.join('dist', 'motion-server.js')),
          snapshot,
          script: { path: first.fsPath },
          scripts,
          command,
          // The person is there: the command's dialogs are asked in VS Code, as a click's are.
          attend: (privateUrl) => ctx.parts.dialogs.attend(privateUrl),
          onOutput: (_stream, text) => {
            printed += text;
            output.append(text);
          },
        }),
    );
    const { result, changes, before, after } = outcome;
    if (!result.ok) output.appendLine(`${result.error?.type}: ${result.error?.message}`);
    ctx.parts.dryRun.show({
      script: label,
      startedFrom: start.label,
      result,
      output: printed,
      changes,
      notSent: [],
      reads: [],
      uri: first,
      states: { before, after },
    });
    await vscode.commands.executeCommand('motion.dryRun.focus');
    return { ok: result.ok, changes: changes.map((c) => `${c.path.join(' / ')}: ${c.text}`), output: printed };
  } catch (error) {
    if (error instanceof SnapshotCancelled) return undefined;
    const why = `The dry run of ${label} from ${start.label} could not be made: ${describeFailure(error).replace(/\.$/, '')}.`;
    ctx.parts.dryRun.fail(why);
    await vscode.commands.executeCommand('motion.dryRun.focus');
    return { ok: false, changes: [], output: printed, error: why };
  }
}

/**
 * The scripts that give the application its commands: the reference server's list; a real
 * application keeps its own, which Motion cannot read: the tool in the editor, or one picked.
 */
async function startupScripts(url: string): Promise<string[] | undefined> {
  const listed = await askReference<{ scripts: string[] }>(url, 'scripts', []).catch(() => undefined);
  if (listed && listed.scripts.length > 0) return listed.scripts;
  const editing = vscode.window.activeTextEditor?.document;
  if (editing?.uri.scheme === 'file' && (await functionsGiven(editing.fileName, editing.getText())).length > 0)
    return [editing.fileName];
  const picked = await vscode.window.showOpenDialog({
    title: 'Motion: the start-up script that adds the command (the application keeps its own list)',
    filters: { 'Python or Lua scripts': ['py', 'lua'] },
    canSelectMany: true,
    openLabel: 'Dry Run With These',
  });
  return picked?.map((uri) => uri.fsPath);
}
