import * as vscode from 'vscode';
import { MotionClient } from '../../../src/api/client/motion-client';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { hands } from './hands';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import type { ExplorerItem } from '../../../src/extension/skeletons-view/explorer-data';

/** The extension under test, as its manifest names it (publisher.name). */
export const EXTENSION_ID = 'motion-scripting.motion-scripting';

/** The extension's API, activating it if needed. */
export async function motionApi(): Promise<MotionExtensionApi> {
  return await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate();
}

/** The test application, called directly (as a script or the application's own UI would), through the project's own client. */
export function testApplication(): MotionClient {
  return new MotionClient({ url: process.env.MOTION_TEST_SERVER_URL! });
}

/** A tree item's label as text (VS Code allows a label with highlights). */
export function labelText(label: string | vscode.TreeItemLabel | undefined): string {
  return typeof label === 'string' ? label : (label?.label ?? '');
}

/** A status bar tooltip as text (VS Code allows Markdown there). */
export function tooltipText(tooltip: string | vscode.MarkdownString | undefined): string {
  return typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '');
}

/** Sets a user setting of the extension (`server.url`, …), as a user would. */
export async function setting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('motion').update(key, value, vscode.ConfigurationTarget.Global);
}

/** The Skeletons view's item at a path of labels, e.g. 'Project settings', 'Wand', 'Handle'. */
export async function explorerItemAt(api: MotionExtensionApi, ...labels: string[]): Promise<ExplorerItem> {
  let item: ExplorerItem | undefined;
  for (const name of labels) {
    item = (await api.explorer.getChildren(item)).find((c) => labelText(api.explorer.getTreeItem(c).label) === name);
    assert.ok(item, `${name} in the Skeletons view`);
  }
  return item!;
}

/** Parts of the workbench a picture can show. */
export const WORKBENCH = {
  sideBar: '.part.sidebar',
  editor: '.part.editor',
  editorTabs: '.part.editor .editor-group-container.active .tabs-and-actions-container',
  panel: '.part.panel',
  suggestions: '.monaco-editor .suggest-widget.visible',
};

/**
 * Where this run's pictures go: media/screenshots when the run is `npm run screenshots` (the README's
 * and the walkthrough's pictures, refreshed on purpose), else a folder of the run's own under
 * .vscode-test, so that `npm test` leaves the clone as it found it.
 */
export function screenshotFolder(): string {
  const folder = process.env.MOTION_SCREENSHOTS_DIR;
  if (!folder) throw new Error('MOTION_SCREENSHOTS_DIR is not set: the harness names where pictures go');
  return folder;
}

/**
 * A picture of the workbench as it is now, for the README and the walkthrough
 * (<screenshotFolder()>/<name>): the harness takes it, so the pictures are made by the test run and
 * stay true. `of`: the parts to show (WORKBENCH), at their own size, at most `maxHeight` tall;
 * the whole window when none are given; `withNotifications`: the messages shown stay in the picture.
 */
export async function takeScreenshot(
  name: string,
  of?: string[],
  maxHeight?: number,
  { withNotifications = false } = {},
): Promise<void> {
  const folder = screenshotFolder();
  mkdirSync(folder, { recursive: true });
  // Earlier tests' messages are not the picture's, unless the picture is of a message.
  if (!withNotifications) await vscode.commands.executeCommand('notifications.clearAll');
  await hands.screenshot(join(folder, name), of, maxHeight);
}

/** What a notebook cell's outputs say, every item's text joined. */
export function outputText(cell: vscode.NotebookCell): string {
  return cell.outputs.flatMap((o) => o.items.map((i) => new TextDecoder().decode(i.data))).join('');
}
