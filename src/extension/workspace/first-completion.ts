import * as vscode from 'vscode';

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

/**
 * The completion asked for before Motion's language server is there: `motion.` typed right after
 * `import motion` in a plain project. The import starts Motion, but the editor asks the providers
 * it has when the `.` is typed, once: without this stand-in that first list never comes. The
 * stand-in answers only on a line that names motion, in a script that starts Motion (`startsMotion`), waits for the language
 * server, and asks it; it is gone the moment the language server is there (the language client
 * answers from then on, so no list comes twice).
 */
export class FirstCompletion implements vscode.Disposable {
  private ready: (completion: LanguageServerCompletion) => void = () => undefined;
  private readonly languageServer = new Promise<LanguageServerCompletion>((resolve) => (this.ready = resolve));
  private readonly registration: vscode.Disposable;
  /** A script whose list at `motion.` the stand-in was asked for and has not given yet. */
  private waiting: vscode.TextDocument | undefined;

  /** `startsMotion`: whether Motion is starting, or this script starts it now (then it does). */
  constructor(startsMotion: (document: vscode.TextDocument) => boolean) {
    const provider: vscode.CompletionItemProvider = {
      provideCompletionItems: async (document, position, token, context) => {
        // The editor asks at every word typed: a plain project's script is read whole only when
        // the cursor is in a path of motion's (`motion.`, `import motion.se`), not at every
        // keystroke; nor at `import motion` itself, where a list waiting for the language server
        // would show "Loading..." and take the keys typed next.
        const before = document.lineAt(position.line).text.slice(0, position.character);
        if (!/\bmotion\.[\w.]*$/.test(before) || !startsMotion(document)) return undefined;
        this.waiting = document;
        const completion = await this.languageServer;
        if (token.isCancellationRequested) return undefined;
        const list = await completion.complete(document, position, context, token);
        if (!token.isCancellationRequested) this.waiting = undefined;
        return list;
      },
      // The first list's items show their documentation as the language client's do.
      resolveCompletionItem: async (item, token) => (await this.languageServer).resolve(item, token),
    };
    this.registration = vscode.languages.registerCompletionItemProvider(
      ['file', 'untitled'].flatMap((scheme) => [
        { scheme, language: 'python' },
        { scheme, language: 'lua' },
      ]),
      provider,
      '.',
    );
  }

  /**
   * The language server is there: the requests waiting ask it, and the stand-in goes. VS Code
   * asks its providers again when one comes or goes, cancelling the request under way: a list
   * asked for at `motion.` can be lost in the hand-over. Once the language client has it, the
   * list is asked for again, as Ctrl+Space would, where the cursor still follows `motion.`.
   */
  languageServerStarted(completion: LanguageServerCompletion): void {
    this.registration.dispose();
    this.ready(completion);
    const asked = this.waiting;
    if (!asked || completion === NO_COMPLETION) return;
    setTimeout(() => {
      const editor = vscode.window.activeTextEditor;
      if (this.waiting !== asked || editor?.document !== asked) return;
      const cursor = editor.selection.active;
      const before = asked.lineAt(cursor.line).text.slice(0, cursor.character);
      if (editor.selection.isEmpty && /\bmotion\.[\w.]*$/.test(before))
        void vscode.commands.executeCommand('editor.action.triggerSuggest');
    }, 0);
  }

  dispose(): void {
    this.registration.dispose();
  }
}
