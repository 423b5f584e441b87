import type { Prompts } from './questions';
/** Answers given with a command instead of asking (automation, tests): inputs, decisions and picks in order. No `vscode` import. */
export interface ScriptedAnswers {
  inputs?: string[];
  /** Answers to decide(): an action's title; anything else, or none left, is Cancel. */
  decisions?: string[];
  /** Shorthand for a confirmation: true takes the action (the last one offered), false cancels. */
  confirm?: boolean;
  pick?: unknown;
}

/**
 * Whether a command's argument is scripted answers. VS Code passes its own arguments to commands
 * run from menus (an editor title button gives `{groupId, editorIndex}`): taking those for answers
 * would cancel every question unasked, so only an object with an answer in it counts.
 */
export function isScripted(value: unknown): value is ScriptedAnswers {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    ['inputs', 'decisions', 'confirm', 'pick'].some((key) => key in value)
  );
}

/** Prompts that take their answers from `answers`: inputs in order (each validated as typed), decisions by title (else the last action when `confirm`), the pick by value. */
export function scriptedPrompts(answers: ScriptedAnswers): Prompts {
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
    pick: async <T>(_placeholder: string, items: { value: T }[]) => items.find((i) => i.value === answers.pick)?.value,
  };
}
