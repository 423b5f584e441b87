import { homedir } from 'node:os';
import * as vscode from 'vscode';
import {
  installMotionCommand,
  refreshMotionCommand,
  uninstallMotionCommand,
  type CommandPlace,
} from '../../runner/install-motion-command';

/** The commands that put `motion` on the user's PATH, and take it off: they start nothing of Motion. */
export const COMMAND_INSTALL_COMMANDS = ['motion.installCommand', 'motion.uninstallCommand'];

const INSTALLED_KEY = 'motion.commandInstalled';

/**
 * "Motion: Install 'motion' Command" and its uninstall, registered by the thin bundle (installing a
 * command starts no server). A launcher installed before is kept naming this version's CLI.
 */
export function registerCommandInstall(extension: vscode.ExtensionContext): vscode.Disposable[] {
  const place = (): CommandPlace => ({
    platform: process.platform,
    env: process.env,
    home: homedir(),
    runtime: process.execPath,
    cli: extension.asAbsolutePath('dist/motion.js'),
  });
  if (extension.globalState.get<boolean>(INSTALLED_KEY)) void refreshMotionCommand(place()).catch(() => undefined);
  const failed = (what: string) => (error: Error) =>
    void vscode.window.showErrorMessage(`Motion: ${what}: ${error.message}`);
  return [
    vscode.commands.registerCommand('motion.installCommand', async () => {
      try {
        const installed = await installMotionCommand(place());
        await extension.globalState.update(INSTALLED_KEY, true);
        const said = `Motion: installed the motion command as ${installed.file}. Type motion --help in a new shell, outside VS Code too.`;
        const answer = installed.advice
          ? await vscode.window.showWarningMessage(`${said} ${installed.advice}`, 'Uninstall')
          : await vscode.window.showInformationMessage(said, 'Uninstall');
        if (answer === 'Uninstall') await vscode.commands.executeCommand('motion.uninstallCommand');
        return installed;
      } catch (error) {
        failed("'motion' could not be installed")(error as Error);
        return undefined;
      }
    }),
    vscode.commands.registerCommand('motion.uninstallCommand', async () => {
      try {
        const file = await uninstallMotionCommand(place());
        await extension.globalState.update(INSTALLED_KEY, false);
        void vscode.window.showInformationMessage(`Motion: removed the motion command (${file}).`);
        return file;
      } catch (error) {
        failed("'motion' could not be uninstalled")(error as Error);
        return undefined;
      }
    }),
  ];
}
