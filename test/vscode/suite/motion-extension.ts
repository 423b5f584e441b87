import * as vscode from 'vscode';
import { MotionClient } from '../../../src/api/client/motion-client';
import type { MotionExtensionApi } from '../../../src/extension/extension';

/** The extension under test, as its manifest names it (publisher.name). */
export const EXTENSION_ID = 'motion-scripting.motion-scripting';

/** The extension's API, activating it if needed. */
export async function motionApi(): Promise<MotionExtensionApi> {
  return (await vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID)!.activate()) as MotionExtensionApi;
}

/** The test application, called directly (as a script or the application's own UI would), through the project's own client. */
export function testApplication(): MotionClient {
  return new MotionClient({ url: process.env.MOTION_TEST_SERVER_URL! });
}
