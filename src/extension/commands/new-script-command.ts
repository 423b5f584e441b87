import * as vscode from 'vscode';
import type { CommandTable } from './command-table';
import { SCRIPT_TEMPLATES } from '../templates/script-templates';

/** Motion: New Script — an untitled script from a template, ready to run. */
export const newScriptCommands: CommandTable = {
  'motion.newScript': () => async (templateId?: string) => {
    const template =
      SCRIPT_TEMPLATES.find((t) => t.id === templateId) ??
      (
        await vscode.window.showQuickPick(
          SCRIPT_TEMPLATES.map((t) => ({ label: t.label, description: t.description, template: t })),
          { placeHolder: 'Start a script from which template?' },
        )
      )?.template;
    if (!template) return undefined;
    const document = await vscode.workspace.openTextDocument({ language: template.languageId, content: template.text });
    await vscode.window.showTextDocument(document);
    return document;
  },
};
