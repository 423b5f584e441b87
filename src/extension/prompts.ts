import * as vscode from 'vscode';
import type { Prompts } from './explorer/edit-operations';

/** Answers given with a command instead of asking (automation, tests): inputs, decisions and picks in order. */
export interface ScriptedAnswers {
  inputs?: string[];
  /** Answers to decide(): an action's title; anything else, or none left, is Cancel. */
  decisions?: string[];
  /** Shorthand for a confirmation: true takes the action (the last one offered), false cancels. */
  confirm?: boolean;
  pick?: unknown;
}

/** The questions a command asks: scripted answers when given, else VS Code's input box, modal dialog and quick pick. */
export function prompts(answers?: ScriptedAnswers): Prompts {
  return answers ? scriptedPrompts(answers) : windowPrompts;
}

const windowPrompts: Prompts = {
  input: ({ prompt, value, validate }) => Promise.resolve(vscode.window.showInputBox({ prompt, value, validateInput: validate, ignoreFocusOut: true })),
  // Cancel comes first, as the close affordance: the harmless answer is what Enter and Escape give.
  decide: async <A extends string>(message: string, actions: A[], detail?: string) => {
    const buttons: vscode.MessageItem[] = [{ title: 'Cancel', isCloseAffordance: true }, ...actions.map((title) => ({ title }))];
    const chosen = await vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);
    return actions.find((a) => a === chosen?.title);
  },
  pick: async (placeHolder, items) => (await vscode.window.showQuickPick(items, { placeHolder }))?.value,
};

function scriptedPrompts(answers: ScriptedAnswers): Prompts {
  const inputs = [...(answers.inputs ?? [])];
  const decisions = [...(answers.decisions ?? [])];
  return {
    input: async ({ validate }) => {
      const value = inputs.shift();
      if (value === undefined) return undefined;
      const problem = validate(value);
      if (problem) throw new Error(problem);
      return value;
    },
    decide: async <A extends string>(_message: string, actions: A[]) => {
      const decision = decisions.shift() ?? (answers.confirm ? actions[actions.length - 1] : undefined);
      return actions.find((a) => a === decision);
    },
    pick: async <T,>(_placeholder: string, items: { value: T }[]) => items.find((i) => i.value === answers.pick)?.value,
  };
}
