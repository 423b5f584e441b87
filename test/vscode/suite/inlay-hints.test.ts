import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { setting, takeScreenshot, testApplication, WORKBENCH } from './motion-extension';

const SCRIPT = [
  'import motion.settings.processing.skeleton as sk',
  '',
  'body = sk.find_skeleton("project", "FullBody")',
  'hips = sk.find_segment("project", body, "Hips")',
  'sk.set_segment_solver("project", hips, "none")',
  'count = sk.get_segment_count("project", body)',
  '',
].join('\n');

export function inlayHintsTests(): void {
  describe('inlay hints in a real VS Code', function () {
    this.timeout(60_000);
    after(async () => {
      await setting('inlayHints.parameterNames', undefined);
      await setting('inlayHints.variableTypes', undefined);
      await setting('inlayHints.identifierNames', undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('draws parameter names, variable types and the names behind identifiers in the editor once the settings ask for them, and none before', async function () {
      if (!hasHands) this.skip();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      const application = testApplication();
      const sk = application.settings.processing.skeleton;
      const hips = (await sk.find_segment('project', (await sk.find_skeleton('project', 'FullBody'))!, 'Hips'))!;
      await application.close();
      const content = `${SCRIPT}print(sk.get_segment_name("project", ${hips}))\n`;
      const document = await vscode.workspace.openTextDocument({ language: 'python', content });
      await vscode.window.showTextDocument(document);
      const lines = () => hands.textOf(`${WORKBENCH.editor} .view-line`);
      // Off by default: the lines read as they are written (waited on until the editor drew them).
      await waitFor(async () => (await lines()).some((l) => l.includes('find_skeleton')), 'the script drawn');
      assert.ok(
        (await lines()).every((l) => !l.includes('source:')),
        JSON.stringify(await lines()),
      );

      await setting('inlayHints.parameterNames', 'literals');
      await setting('inlayHints.variableTypes', true);
      await setting('inlayHints.identifierNames', true);
      const expected = [
        'body: integer? = sk.find_skeleton(source: "project", name: "FullBody")',
        'hips: integer? = sk.find_segment(source: "project", body, name: "Hips")',
        'sk.set_segment_solver(source: "project", hips, solver: "none")',
        'count: integer = sk.get_segment_count(source: "project", body)',
        // The name the application has for the segment written as a number.
        `print(sk.get_segment_name(source: "project", segment_id: ${hips} Hips))`,
      ];
      // The editor draws a hint as text in the line (with a narrow space after a parameter name).
      const drawn = async () => (await lines()).map((l) => l.replace(/\s+/g, ' ').trim());
      await waitFor(
        async () => {
          const now = await drawn();
          return expected.every((line) => now.includes(line));
        },
        'the hints drawn in the editor',
        20_000,
      ).catch(async (e: Error) => {
        throw new Error(`${e.message}: ${JSON.stringify(await drawn())}`);
      });
      await takeScreenshot('inlay-hints.png', [WORKBENCH.editor], 260);
    });
  });
}
