import * as vscode from 'vscode';
import { dialogShown, nextDialog, replyToDialog, type DialogShown, type OpenDialog } from '../../api/gui/open-dialog';

/** How long one look for dialogs lasts: short, so that the reference server knows soon when VS Code stops looking. */
const LOOK_MS = 1_000;

/**
 * The person at the reference server, while a command Motion sent runs (a click in Application
 * Menu, Load into Application): VS Code looks for the dialogs the scripts open and shows each as
 * its own (a message with buttons, an input box, an open or save dialog), answered as Cancel when
 * dismissed. It looks only then: nothing polls the application otherwise, and an application
 * (which shows its own dialogs) answers the first look 404, which ends it.
 */
export class DialogAnswerer {
  /**
   * Looks for dialogs at `url` until disposed. The first look is answered before this returns, so
   * the server counts the person as there before the command is sent.
   */
  async attend(url: string): Promise<vscode.Disposable> {
    const looking = new AbortController();
    const first = await nextDialog(url, 0, looking.signal).catch(() => undefined);
    if (first === undefined) return new vscode.Disposable(() => undefined); // no scripting host there
    if (first) void answer(url, first);
    void look(url, looking.signal);
    return new vscode.Disposable(() => looking.abort());
  }
}

/** Looks again and again while the command runs; each dialog is shown while the looking goes on (the server sees the person stay). */
async function look(url: string, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    let open: OpenDialog | null | undefined;
    try {
      open = await nextDialog(url, LOOK_MS, signal);
    } catch {
      if (signal.aborted) return;
      await new Promise((retry) => setTimeout(retry, LOOK_MS));
      continue;
    }
    if (open === undefined) return;
    if (open) void answer(url, open);
  }
}

async function answer(url: string, open: OpenDialog): Promise<void> {
  const value = await show(dialogShown(open));
  await replyToDialog(url, open.id, value).catch((error: unknown) => {
    void vscode.window.showWarningMessage(`Motion: the dialog's answer was refused: ${(error as Error).message}`);
  });
}

/** Shows a script's dialog; the answer as the dialog gives it (Cancel: "" for a message box, else null). */
async function show(dialog: DialogShown): Promise<unknown> {
  const folder = (path: string | null) => (path ? vscode.Uri.file(path) : undefined);
  switch (dialog.kind) {
    case 'message': {
      const say =
        dialog.icon === 'error'
          ? vscode.window.showErrorMessage
          : dialog.icon === 'warning'
            ? vscode.window.showWarningMessage
            : vscode.window.showInformationMessage;
      const title = dialog.title || 'The application asks';
      return (await say(title, { modal: true, detail: dialog.message }, ...dialog.buttons)) ?? '';
    }
    case 'input': {
      const text = await vscode.window.showInputBox({
        title: dialog.title,
        prompt: dialog.prompt,
        value: dialog.value,
        ignoreFocusOut: true,
      });
      return text ?? null;
    }
    case 'open': {
      const chosen = await vscode.window.showOpenDialog({
        title: dialog.title,
        filters: dialog.filters,
        canSelectMany: dialog.many,
        defaultUri: folder(dialog.folder),
      });
      return chosen ? chosen.map((uri) => uri.fsPath) : null;
    }
    case 'save': {
      const where = folder(dialog.folder);
      const chosen = await vscode.window.showSaveDialog({
        title: dialog.title,
        filters: dialog.filters,
        defaultUri: where && dialog.file ? vscode.Uri.joinPath(where, dialog.file) : where,
      });
      return chosen?.fsPath ?? null;
    }
  }
}
