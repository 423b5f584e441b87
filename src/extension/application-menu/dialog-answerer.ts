import * as vscode from 'vscode';
import { dialogShown, nextDialog, replyToDialog, type DialogShown, type OpenDialog } from '../../api/gui/open-dialog';

/** How long one look for dialogs lasts before the next (the server answers null meanwhile). */
const LOOK_MS = 20_000;

/**
 * The person at the reference server: while VS Code is connected to one, it looks for the dialogs
 * its start-up scripts open (a command clicked in Application Menu, sent by a script or the CLI)
 * and shows each as VS Code's own: a message with buttons, an input box, an open or save dialog.
 * Dismissed, it is answered as Cancel. An application shows its own dialogs: nothing is looked for.
 */
export class DialogAnswerer implements vscode.Disposable {
  private looking: AbortController | undefined;
  private lookingAt: string | undefined;

  constructor(private readonly connectedUrl: () => string | undefined) {}

  /** Looks at the server connected now (none: stops looking). */
  follow(): void {
    const url = this.connectedUrl();
    if (url === this.lookingAt && this.looking && !this.looking.signal.aborted) return;
    this.looking?.abort();
    this.looking = undefined;
    this.lookingAt = url;
    if (!url) return;
    const looking = new AbortController();
    this.looking = looking;
    void this.look(url, looking.signal);
  }

  private async look(url: string, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let open: OpenDialog | null | undefined;
      try {
        open = await nextDialog(url, LOOK_MS, signal);
      } catch {
        if (signal.aborted) return;
        await new Promise((retry) => setTimeout(retry, 2_000)); // the server restarting: look again
        continue;
      }
      if (open === undefined) return void (this.lookingAt = undefined); // an application: it shows its own dialogs
      if (open === null || signal.aborted) continue;
      const value = await show(dialogShown(open));
      await replyToDialog(url, open.id, value).catch((error: unknown) => {
        void vscode.window.showWarningMessage(`Motion: the dialog's answer was refused: ${(error as Error).message}`);
      });
    }
  }

  dispose(): void {
    this.looking?.abort();
  }
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
