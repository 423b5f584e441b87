import * as vscode from 'vscode';
import { COMPLETION_TRIGGER_CHARACTERS } from '../../../server/language/lsp/completion-triggers';

/** The language server's completion, asked directly: a list, and an item's details when shown. */
export interface LanguageServerCompletion {
  complete(
    document: vscode.TextDocument,
    position: vscode.Position,
    context: vscode.CompletionContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined>;
  resolve(item: vscode.CompletionItem, token: vscode.CancellationToken): Promise<vscode.CompletionItem>;
}

/** What a language server that did not start gives: no list, each item as it is. */
export const NO_COMPLETION: LanguageServerCompletion = {
  complete: async () => undefined,
  resolve: async (item) => item,
};

/** The scripts Motion's language server reads: Python and Lua files, new files, a notebook's cells. */
export const MOTION_SCRIPTS: { scheme: string; language: string }[] = [
  'file',
  'untitled',
  'vscode-notebook-cell',
].flatMap((scheme) => [
  { scheme, language: 'python' },
  { scheme, language: 'lua' },
]);

/** The cursor in a path of motion's: `motion.`, `motion.settings.pro`, `import motion.se`. */
const IN_MOTION_PATH = /\bmotion\.[\w.]*$/;

/**
 * Motion's one completion provider for scripts, registered as the extension activates and kept
 * for the window's life; it asks the language server for each list.
 *
 * Before the language server is there, it answers only `motion.` in a script that starts Motion
 * (`startsMotion`): `import motion` typed in a plain project starts Motion, but the editor asks the
 * providers it has when the `.` is typed, once, so this provider waits for the language server and
 * gives that list. Elsewhere it gives none until then.
 *
 * The language client registers no completion provider of its own (the server is told not to offer
 * one: `completionFromClient`). VS Code asks its providers again whenever one comes or goes,
 * cancelling the request under way: with a second provider registered as the language client
 * started, the first list was lost in that hand-over, and came a second later if at all.
 */
export class ScriptCompletion implements vscode.Disposable {
  private ready: (completion: LanguageServerCompletion) => void = () => undefined;
  private languageServer = new Promise<LanguageServerCompletion>((resolve) => (this.ready = resolve));
  private languageServerThere = false;
  private readonly registration: vscode.Disposable;

  /** `startsMotion`: whether Motion is starting, or this script starts it now (then it does). */
  constructor(startsMotion: (document: vscode.TextDocument) => boolean) {
    const provider: vscode.CompletionItemProvider = {
      provideCompletionItems: async (document, position, token, context) => {
        if (!this.languageServerThere) {
          // The editor asks at every word typed: a plain project's script is read whole only when
          // the cursor is in a path of motion's, not at every keystroke; nor at `import motion`
          // itself, where a list waiting for the language server would show "Loading..." and take
          // the keys typed next.
          const before = document.lineAt(position.line).text.slice(0, position.character);
          if (!IN_MOTION_PATH.test(before) || !startsMotion(document)) return undefined;
        }
        const completion = await this.languageServer;
        if (token.isCancellationRequested) return undefined;
        return completion.complete(document, position, context, token);
      },
      resolveCompletionItem: async (item, token) => (await this.languageServer).resolve(item, token),
    };
    this.registration = vscode.languages.registerCompletionItemProvider(
      MOTION_SCRIPTS,
      provider,
      ...COMPLETION_TRIGGER_CHARACTERS,
    );
  }

  /** The language server is there (or did not start: NO_COMPLETION): the lists waiting, and all after, ask it. */
  languageServerStarted(completion: LanguageServerCompletion): void {
    this.languageServerThere = true;
    this.ready(completion);
    this.languageServer = Promise.resolve(completion);
  }

  dispose(): void {
    this.registration.dispose();
  }
}
