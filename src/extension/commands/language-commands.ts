import * as vscode from 'vscode';
import { INSERT_SNIPPET_COMMAND } from '../../../server/language/lsp/protocol';
import { reloadDocumentation } from '../language-client';
import type { CommandTable } from './command-table';

/** The language server's commands: a quick fix's snippet, Reload Documentation and Restart Language Server. */
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
  // A language server that went wrong, or one started before its runtime's flags were known
  // (node-flags.ts): a new one, told the connected application's documentation as the first was.
  'motion.restartLanguageServer': (ctx) => async () => {
    const { languageClient, connection, log } = ctx.parts;
    await languageClient.restart();
    log.info('language server restarted');
    return reloadDocumentation(languageClient, connection.state.url);
  },
};
