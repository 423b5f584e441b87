import { ASSISTANT_TOOLS, inputJsonSchema } from '../../runner/assistant/assistant-tools';

/** `motion_dry_run_script` → `motionDryRunScript`: what a person types after # in a chat. */
function referenceName(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The first sentence of a description: what the chat's tool picker shows a person. */
function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/**
 * package.json's `languageModelTools`, from the tool table (`npm run generate` writes them; a test
 * keeps them equal). Shown only where Motion started (a workspace that uses motion). No `vscode` import.
 */
export function languageModelToolContributions(): Record<string, unknown>[] {
  return ASSISTANT_TOOLS.map((tool) => ({
    name: tool.name,
    displayName: tool.title,
    toolReferenceName: referenceName(tool.name),
    canBeReferencedInPrompt: true,
    icon: tool.icon,
    userDescription: firstSentence(tool.description),
    modelDescription: tool.description,
    inputSchema: inputJsonSchema(tool),
    tags: ['motion'],
    when: 'motion.active',
  }));
}
