import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MotionExports, MotionExtensionApi } from '../../../src/extension/extension';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { EXTENSION_ID, setting } from './motion-extension';

/**
 * Python beyond the first interpreter, in the plain project of two folders: the tools folder has a
 * virtual environment of its own (.venv, made by python -m venv). Its scripts run with it, the
 * status bar says which Python runs the active script, and a click there chooses another.
 */
export function plainProjectPythonTests(): void {
  describe('a folder with its own virtual environment, in a real VS Code', function () {
    this.timeout(180_000);
    const folder = (name: 'app' | 'tools') => vscode.workspace.workspaceFolders!.find((f) => f.name === name)!;
    const file = (name: 'app' | 'tools', relative: string) => vscode.Uri.joinPath(folder(name).uri, relative);
    const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    const statusShows = (text: string) =>
      waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => t.includes(text)),
        `the status bar showing "${text}"`,
      );
    const PRINT_PREFIX = 'import sys\nimport motion\nprint("prefix", sys.prefix)\n';
    let api: MotionExtensionApi;
    let venv: string;

    before(async function () {
      if (!hasHands) this.skip();
      api = await vscode.extensions.getExtension<MotionExports>(EXTENSION_ID)!.exports.whenStarted();
      // Nobody chose an interpreter: the machine setting is empty, as on a new machine.
      await setting('python.path', undefined);
      venv = join(folder('tools').uri.fsPath, '.venv');
      execFileSync('python3', ['-m', 'venv', '--without-pip', venv]);
    });
    after(() => rmSync(venv, { recursive: true, force: true }));

    it('runs the tools folder’s scripts with its .venv and the app folder’s with python3, and the status bar says which', async () => {
      await write(file('tools', 'prefix.py'), PRINT_PREFIX);
      await write(file('app', 'prefix_app.py'), PRINT_PREFIX);
      await vscode.window.showTextDocument(file('tools', 'prefix.py'));
      await statusShows('Python: .venv');
      await hands.palette('Motion: Run File');
      await waitFor(() => api.terminalText('python').includes(`prefix ${venv}`), 'the run with the .venv’s Python');

      await vscode.window.showTextDocument(file('app', 'prefix_app.py'));
      await statusShows('Python: python3');
      await hands.palette('Motion: Run File');
      await waitFor(
        () => /Session reset: .*prefix_app\.py runs with python3/.test(api.terminalText('python')),
        'the terminal saying why the session started afresh',
      );
      await waitFor(
        () => (api.terminalText('python').match(/prefix (.*)/g) ?? []).some((line) => !line.includes(venv)),
        'the run with python3',
      );
    });

    it('a click on the status bar chooses another Python for the folder, and Automatic goes back to its .venv', async () => {
      await vscode.window.showTextDocument(file('tools', 'prefix.py'));
      await statusShows('Python: .venv');
      await hands.click('.statusbar-item', 'Python: .venv');
      await hands.quickPickOffering('Enter a Path');
      await hands.type('python3');
      await hands.press('Enter');
      await statusShows('Python: python3');
      await hands.click('.statusbar-item', 'Python: python3');
      await hands.quickPickOffering('Automatic');
      await hands.type('Automatic');
      await hands.press('Enter');
      await statusShows('Python: .venv');
    });

    it('with motion.python.path set, the setting decides: the status bar names it, and a click says why there is nothing to choose', async () => {
      await setting('python.path', 'python3');
      try {
        await vscode.window.showTextDocument(file('tools', 'prefix.py'));
        await statusShows('Python: motion.python.path');
        await vscode.commands.executeCommand('notifications.clearAll');
        await hands.click('.statusbar-item', 'Python: motion.python.path');
        await waitFor(
          async () =>
            (await hands.notifications()).some((t) =>
              t.includes('the setting motion.python.path (python3) runs every script'),
            ),
          'the message that the setting decides',
        );
      } finally {
        await setting('python.path', undefined);
      }
      await statusShows('Python: .venv');
    });
  });
}
