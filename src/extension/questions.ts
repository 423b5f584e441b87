/**
 * What the edit commands ask the user. In VS Code these are input boxes, confirmations and quick
 * picks; tests and scripted callers answer them directly. No `vscode` import.
 */
export interface Prompts {
  input(options: {
    prompt: string;
    value?: string;
    validate: (value: string) => string | undefined;
  }): Promise<string | undefined>;
  /**
   * A modal question with these actions and Cancel; Cancel, the harmless answer, is the default
   * (Enter or Escape). Resolves to the action chosen, undefined for Cancel.
   */
  decide<A extends string>(message: string, actions: A[], detail?: string): Promise<A | undefined>;
  pick<T>(placeholder: string, items: { label: string; description?: string; value: T }[]): Promise<T | undefined>;
}

/** Asks before a destructive action: true only when the user chose `action`. */
export async function confirm(prompts: Prompts, message: string, action: string, detail?: string): Promise<boolean> {
  return (await prompts.decide(message, [action], detail)) === action;
}
