import * as vscode from 'vscode';
import { INSERT_SNIPPET_COMMAND } from '../../../server/language/lsp/protocol';
import { reloadDocumentation } from '../language-client';
import type { CommandTable } from './command-table';

/** The language server's commands: a quick fix's snippet, and Reload Documentation. */
export const languageCommands: CommandTable = {
  // A quick fix's placeholders (missing arguments): inserted as a snippet, to tab through.
  [INSERT_SNIPPET_COMMAND]:
    () =>
    async (uri: string, position: { line: number; character: number }, snippet: string): Promise<void> => {
      const editor = await vscode.window.showTextDocument(vscode.Uri.parse(uri));
      await editor.insertSnippet(
        new vscode.SnippetString(snippet),
        new vscode.Position(position.line, position.character),
      );
    },
  'motion.reloadDocumentation': (ctx) => async () => {
    const state = await reloadDocumentation(ctx.parts.languageClient, ctx.parts.connection.state.url);
    void vscode.window.showInformationMessage(`Motion documentation ${state.description}: ${state.modules} modules.`);
    return state;
  },
};
