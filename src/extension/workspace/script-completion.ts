import * as vscode from 'vscode';
import type { CompletionItem as ProtocolItem } from 'vscode-languageserver-types';
import { COMPLETION_TRIGGER_CHARACTERS } from '../../../server/language/lsp/completion-triggers';
import { asksForPackages, packageListFits } from './package-list';
import PACKAGE_LIST from './package-list.generated.json';

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

/** How long after the package list is given Motion starts, if the editor has not asked for its details by then. */
const LIST_SHOWN_MS = 250;

/** The cursor in a path of motion's: `motion.`, `motion.settings.pro`, `import motion.se`. */
const IN_MOTION_PATH = /\bmotion\.[\w.]*$/;

/** What the quiet part knows of a workspace: whether it uses motion, and the look that starts Motion. */
interface ScriptsLookedAt {
  /** Whether Motion is starting, or this script would start it: nothing is started. */
  wouldFind(document: vscode.TextDocument): boolean;
  /** The same, and Motion starts now if this script starts it. */
  lookNow(document: vscode.TextDocument): boolean;
}

/**
 * Motion's one completion provider for scripts, registered as the extension activates and kept
 * for the window's life; it asks the language server for each list.
 *
 * Before the language server is there, it answers only in a path of motion's, in a script that
 * starts Motion (`import motion` typed in a plain project: the editor asks the providers it has when
 * the `.` is typed, once). After `motion.` itself it gives the package list of the documentation
 * bundled with this version at once, as the language server would give it then
 * (package-list.generated.json; not to a script with target versions, which mark the packages some
 * lack); below it (`motion.settings.`), it waits for the language server.
 *
 * The language client registers no completion provider of its own (the server is told not to offer
 * one: `completionFromClient`). VS Code asks its providers again whenever one comes or goes,
 * cancelling the request under way: a second provider coming as the language client started cost
 * the first list.
 */
export class ScriptCompletion implements vscode.Disposable {
  private ready: (completion: LanguageServerCompletion) => void = () => undefined;
  private languageServer = new Promise<LanguageServerCompletion>((resolve) => (this.ready = resolve));
  private languageServerThere = false;
  /** Starts Motion, once the package list is shown (startOnceShown). */
  private listShown: (() => void) | undefined;
  private readonly registration: vscode.Disposable;

  constructor(workspace: ScriptsLookedAt) {
    const provider: vscode.CompletionItemProvider = {
      provideCompletionItems: async (document, position, token, context) => {
        if (!this.languageServerThere) {
          // The editor asks at every word typed: a plain project's script is read whole only when
          // the cursor is in a path of motion's, not at every keystroke; nor at `import motion`
          // itself, where a list waiting for the language server would show "Loading..." and take
          // the keys typed next.
          const before = document.lineAt(position.line).text.slice(0, position.character);
          if (!IN_MOTION_PATH.test(before)) return undefined;
          if (
            asksForPackages(before, document.languageId) &&
            packageListFits(document.getText(), targetsSetting(document))
          ) {
            if (!workspace.wouldFind(document)) return undefined;
            this.startOnceShown(document, () => workspace.lookNow(document));
            return new vscode.CompletionList((PACKAGE_LIST as ProtocolItem[]).map(packageItem));
          }
          if (!workspace.lookNow(document)) return undefined;
        }
        const completion = await this.languageServer;
        if (token.isCancellationRequested) return undefined;
        return completion.complete(document, position, context, token);
      },
      // The package list's items carry their documentation; the language server's are resolved there.
      resolveCompletionItem: async (item, token) => {
        this.listShown?.();
        return item.documentation ? item : (await this.languageServer).resolve(item, token);
      },
    };
    this.registration = vscode.languages.registerCompletionItemProvider(
      MOTION_SCRIPTS,
      provider,
      ...COMPLETION_TRIGGER_CHARACTERS,
    );
  }

  /**
   * Starts Motion once the package list is shown: loading Motion's code holds the extension host
   * for a few tenths of a second, and the list waits behind it if it is not on the screen yet. The
   * editor asks for the details of the list's first item as it shows it. When it has not, a moment
   * later, it did not show the list (seen in about one start in six): the list is asked for again
   * once, as Ctrl+Space would, while the cursor still follows `motion.`; then Motion starts.
   */
  private startOnceShown(document: vscode.TextDocument, start: () => void): void {
    if (this.listShown) return;
    let askedAgain = false;
    const shown = () => {
      clearTimeout(timer);
      this.listShown = undefined;
      setTimeout(start, 0);
    };
    const notShown = () => {
      if (askedAgain || !stillAfterMotion(document)) return shown();
      askedAgain = true;
      timer = setTimeout(notShown, LIST_SHOWN_MS);
      void vscode.commands.executeCommand('editor.action.triggerSuggest');
    };
    let timer = setTimeout(notShown, LIST_SHOWN_MS);
    this.listShown = shown;
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

/** The script's folder's `motion.targetVersions`. */
const targetsSetting = (document: vscode.TextDocument) =>
  vscode.workspace.getConfiguration('motion', document).get<string>('targetVersions');

/** Whether the cursor, alone in the active editor of `document`, still follows `motion.` itself. */
function stillAfterMotion(document: vscode.TextDocument): boolean {
  const editor = vscode.window.activeTextEditor;
  if (editor?.document !== document || !editor.selection.isEmpty) return false;
  const cursor = editor.selection.active;
  return asksForPackages(document.lineAt(cursor.line).text.slice(0, cursor.character), document.languageId);
}

/**
 * A package of the bundled list, as the language client would make it of the same item. The
 * protocol's kinds count from 1 and VS Code's from 0 (Module: 9 and 8).
 */
function packageItem(item: ProtocolItem): vscode.CompletionItem {
  const made = new vscode.CompletionItem(item.label, (item.kind ?? 1) - 1);
  made.detail = item.detail;
  made.sortText = item.sortText;
  made.insertText = item.insertText;
  made.commitCharacters = item.commitCharacters;
  if (item.labelDetails) made.label = { label: item.label, ...item.labelDetails };
  if (typeof item.documentation === 'object') made.documentation = new vscode.MarkdownString(item.documentation.value);
  return made;
}
