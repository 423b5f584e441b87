import * as vscode from 'vscode';
import type { Prompts } from './questions';
import { isScripted, scriptedPrompts, type ScriptedAnswers } from './scripted-answers';

export type { ScriptedAnswers };

/**
 * The questions a command asks: scripted answers when given, else VS Code's input box, quick picks.
 * VS Code passes its own arguments to commands run from menus (an editor title button gives the
 * editor's group and index): only an object with an answer in it counts as scripted.
 */
export function prompts(answers?: unknown): Prompts {
  return isScripted(answers) ? scriptedPrompts(answers) : windowPrompts;
}

const windowPrompts: Prompts = {
  input: ({ prompt, value, validate }) =>
    Promise.resolve(vscode.window.showInputBox({ prompt, value, validateInput: validate, ignoreFocusOut: true })),
  decide: (message, actions, detail) => decideInQuickPick(message, actions, detail),
  pick: async (placeHolder, items) => (await vscode.window.showQuickPick(items, { placeHolder }))?.value,
};

/**
 * A question whose harmless answer is what Enter and Escape give. VS Code's modal dialogs make the
 * first action the default button (Enter deletes, Enter replaces), so the question is a quick pick
 * whose first, active item is Cancel; it leaves the editor visible (the diff of an apply preview).
 * The detail's lines are listed under the actions; picking one of them is Cancel too.
 */
async function decideInQuickPick<A extends string>(
  message: string,
  actions: A[],
  detail?: string,
): Promise<A | undefined> {
  type Item = vscode.QuickPickItem & { action?: A };
  const items: Item[] = [
    { label: '$(close) Cancel', description: 'change nothing' },
    ...actions.map((action) => ({ label: action, action })),
  ];
  const lines = (detail ?? '').split('\n').filter((line) => line.trim() !== '');
  if (lines.length > 0)
    items.push(
      { label: 'What it does', kind: vscode.QuickPickItemKind.Separator },
      ...lines.map((line) => ({ label: `$(info) ${line.replace(/^• /, '')}` })),
    );
  const chosen = await vscode.window.showQuickPick(items, {
    title: message,
    placeHolder: 'Enter or Escape cancels; choose an action to go ahead',
    ignoreFocusOut: true,
  });
  return chosen?.action;
}
