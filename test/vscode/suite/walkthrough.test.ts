import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { EXTENSION_ID, takeScreenshot, WORKBENCH } from './motion-extension';

/** Runs last: by then the suite has done every step of the walkthrough, most of them by hand (F5, the view, typing). */
export function walkthroughTests(): void {
  describe('the walkthrough, in a real VS Code', () => {
    it('ticks every step done anywhere: Debug it after F5 with no Debug File, Browse after the view was opened', async function () {
      if (!hasHands) this.skip();
      await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#gettingStarted`, false);
      const checked = '.getting-started-step:has(.codicon-getting-started-step-checked) .step-title';
      let ticked: string[] = [];
      await waitFor(async () => (ticked = await hands.textOf(checked)).length === 6, 'six ticked steps', 15_000).catch(
        () => undefined,
      );
      assert.deepEqual(ticked, [
        'Connect to the application',
        'Browse the skeletons',
        'Write a script with completion',
        'Run it',
        'Debug it',
        'See a skeleton in 3D',
      ]);
      // The README's picture: every step ticked, one chosen with its picture beside it (room enough for two columns).
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await hands.click('.getting-started-step .step-title', 'Debug it');
      await waitFor(
        async () => (await hands.textOf('.getting-started-step.expanded .step-title')).includes('Debug it'),
        'the step chosen',
      );
      await takeScreenshot('walkthrough.png', [WORKBENCH.editor]);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });
  });
}
