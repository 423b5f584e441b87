import * as vscode from 'vscode';
import type { MotionExtensionApi } from '../../../src/extension/extension';

/** The extension under test, as its manifest names it (publisher.name). */
export const EXTENSION_ID = 'motion-scripting.motion-scripting';

/** The extension's API, activating it if needed. */
export async function motionApi(): Promise<MotionExtensionApi> {
  return (await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate()) as MotionExtensionApi;
}
