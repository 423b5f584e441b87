import * as vscode from 'vscode';
import { MOTION_MARKER_FILE, isMotionFileName, usesMotion } from '../../api/text/uses-motion';

/** Python and Lua files looked at for a use of motion, at most, before a workspace counts as not using it. */
const SCAN_LIMIT = 2_000;
/** A larger file is not read by the scan (generated code, data): it is looked at when opened. */
const SCAN_FILE_BYTES = 512 * 1024;
/** How many files the scan reads at once. */
const SCAN_READS = 8;
/** How long after typing a script is looked at again. */
const TYPING_PAUSE_MS = 300;
const NOT_SCANNED = '{**/node_modules/**,**/.git/**,**/.venv/**,**/venv/**,**/site-packages/**,**/__pycache__/**}';

const scriptLanguage = (document: vscode.TextDocument) =>
  document.languageId === 'python' || document.languageId === 'lua' ? document.languageId : undefined;

/**
 * Whether this window's workspace uses motion, and the first thing that showed it: a script that
 * imports or calls motion (open, typed, or found in the workspace), a notebook or snapshot of
 * Motion's, a folder with Motion settings or a `.motion` file. Until one is found nothing of
 * Motion's runs or shows; `onDidFind` fires once, with the reason.
 */
export class MotionWorkspace implements vscode.Disposable {
  private readonly found = new vscode.EventEmitter<string>();
  /** Fires once, when the workspace is first found to use motion: why, in a person's words. */
  readonly onDidFind = this.found.event;
  private reasonFound: string | undefined;
  private readonly listeners: vscode.Disposable[] = [];
  private readonly typing = new Map<vscode.TextDocument, NodeJS.Timeout>();

  /** `folderSettings`: our settings a folder's settings can hold (`server.embedded`…; not the machine-scoped ones). */
  constructor(private readonly folderSettings: readonly string[]) {
    this.listeners.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.lookAtDocument(d)),
      vscode.workspace.onDidChangeTextDocument(({ document }) => this.afterTyping(document)),
      vscode.workspace.onDidCloseTextDocument((d) => clearTimeout(this.typing.get(d))),
      vscode.workspace.onDidOpenNotebookDocument((n) => this.lookAtNotebook(n)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('motion')) this.lookAtSettings();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.lookAtWorkspace()),
      vscode.workspace.onDidCreateFiles(({ files }) => {
        const file = files.find((f) => isMotionFileName(f.path) || f.path.endsWith(`/${MOTION_MARKER_FILE}`));
        if (file) this.find(`${vscode.workspace.asRelativePath(file)} was created`);
      }),
    );
  }

  /** Why the workspace uses motion, once found. */
  get reason(): string | undefined {
    return this.reasonFound;
  }

  /** Something the user did says so (a Motion command run, a view opened): counts as found. */
  find(reason: string): void {
    if (this.reasonFound !== undefined) return;
    this.reasonFound = reason;
    this.dispose();
    this.found.fire(reason);
  }

  /**
   * Looks at what is open and at the workspace (its settings, its markers, then its scripts): the
   * reason when it uses motion, else undefined (and later changes are watched).
   */
  async lookAtWorkspace(): Promise<string | undefined> {
    for (const document of vscode.workspace.textDocuments) this.lookAtDocument(document);
    for (const notebook of vscode.workspace.notebookDocuments) this.lookAtNotebook(notebook);
    this.lookAtSettings();
    if (this.reasonFound !== undefined) return this.reasonFound;
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length === 0) return undefined;
    const marked = await vscode.workspace.findFiles(
      `{**/*.motionbook,**/*.motion.json,${MOTION_MARKER_FILE}}`,
      NOT_SCANNED,
      1,
    );
    if (marked[0]) this.find(`the workspace has ${vscode.workspace.asRelativePath(marked[0])}`);
    if (this.reasonFound === undefined) await this.scanScripts();
    return this.reasonFound;
  }

  /** Looks at a script now, not once typing pauses: whether the workspace is found to use motion (now or before). */
  lookNow(document: vscode.TextDocument): boolean {
    this.lookAtDocument(document);
    return this.reasonFound !== undefined;
  }

  /** Whether the workspace is found to use motion, or this script would show it: nothing is started. */
  wouldFind(document: vscode.TextDocument): boolean {
    return this.reasonFound !== undefined || this.reasonIn(document) !== undefined;
  }

  private lookAtDocument(document: vscode.TextDocument): void {
    if (this.reasonFound !== undefined) return;
    const reason = this.reasonIn(document);
    if (reason) this.find(reason);
  }

  /** How this document shows that the workspace uses motion, if it does. */
  private reasonIn(document: vscode.TextDocument): string | undefined {
    if (document.uri.scheme === 'output') return undefined;
    if (isMotionFileName(document.uri.path)) return `${this.name(document.uri)} is Motion’s`;
    const language = scriptLanguage(document);
    if (language && usesMotion(language, document.getText()))
      return `${this.name(document.uri)} ${language === 'python' ? 'imports' : 'calls'} motion`;
    return undefined;
  }

  /** A script is looked at again once typing pauses: `import motion` typed anywhere starts Motion. */
  private afterTyping(document: vscode.TextDocument): void {
    if (this.reasonFound !== undefined || !scriptLanguage(document)) return;
    clearTimeout(this.typing.get(document));
    this.typing.set(
      document,
      setTimeout(() => {
        this.typing.delete(document);
        this.lookAtDocument(document);
      }, TYPING_PAUSE_MS),
    );
  }

  private lookAtNotebook(notebook: vscode.NotebookDocument): void {
    if (this.reasonFound !== undefined) return;
    if (notebook.notebookType === 'motion-notebook')
      return this.find(`${this.name(notebook.uri)} is a Motion notebook`);
    for (const cell of notebook.getCells()) this.lookAtDocument(cell.document);
  }

  private lookAtSettings(): void {
    if (this.reasonFound !== undefined) return;
    const settings = vscode.workspace.getConfiguration('motion');
    const set = this.folderSettings.find((key) => {
      const values = settings.inspect(key);
      return values?.workspaceValue !== undefined || values?.workspaceFolderValue !== undefined;
    });
    if (set) this.find(`the workspace’s settings set motion.${set}`);
  }

  /** The workspace's scripts, a few at a time, until one uses motion. */
  private async scanScripts(): Promise<void> {
    const files = await vscode.workspace.findFiles('**/*.{py,lua}', NOT_SCANNED, SCAN_LIMIT);
    let next = 0;
    const reader = async () => {
      while (next < files.length && this.reasonFound === undefined) {
        const file = files[next++];
        const size = await vscode.workspace.fs.stat(file).then(
          (s) => s.size,
          () => Infinity,
        );
        if (size > SCAN_FILE_BYTES) continue;
        const text = await vscode.workspace.fs.readFile(file).then(
          (bytes) => new TextDecoder().decode(bytes),
          () => '',
        );
        if (usesMotion(file.path.endsWith('.lua') ? 'lua' : 'python', text))
          this.find(`${this.name(file)} ${file.path.endsWith('.lua') ? 'calls' : 'imports'} motion`);
      }
    };
    await Promise.all(Array.from({ length: SCAN_READS }, reader));
  }

  private name(uri: vscode.Uri): string {
    return uri.scheme === 'untitled' ? 'an untitled script' : vscode.workspace.asRelativePath(uri);
  }

  dispose(): void {
    for (const timer of this.typing.values()) clearTimeout(timer);
    this.typing.clear();
    for (const listener of this.listeners.splice(0)) listener.dispose();
  }
}
