import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { commandLine, descendants } from '../../support/processes';
import { waitFor } from '../../support/wait-for';
import { EXTENSION_ID, takeScreenshot, WORKBENCH } from './motion-extension';
import { hands, hasHands } from './hands';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import { LANGUAGE_SERVER_NODE_FLAGS } from '../../../server/language/node-flags';

/** Waits for an event (never a fixed sleep), with a time limit that names what was awaited. */
function next<T>(event: vscode.Event<T>, accept: (value: T) => boolean, what: string, ms = 30_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (listener.dispose(), reject(new Error(`timed out waiting for ${what}`))), ms);
    const listener = event((value) => {
      if (accept(value)) {
        clearTimeout(timer);
        listener.dispose();
        resolve(value);
      }
    });
  });
}

function workspaceFile(name: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, name);
}

export function languageClientTests(): void {
  describe('the language client in a real VS Code', () => {
    let api: MotionExtensionApi;

    before(async () => {
      const document = await vscode.workspace.openTextDocument(workspaceFile('select_markers.py'));
      await vscode.window.showTextDocument(document);
      const extension = vscode.extensions.getExtension<MotionExtensionApi>(EXTENSION_ID);
      assert.ok(extension, `${EXTENSION_ID} is installed`);
      api = await extension.activate();
      if (api.documentation()?.source !== 'live')
        await next(api.onDidLoadDocumentation, (s) => s.source === 'live', 'live documentation');
    });

    it('activates for Python and uses the documentation of the configured server', () => {
      const state = api.documentation()!;
      assert.equal(state.source, 'live');
      assert.equal(state.serverUrl, process.env.MOTION_TEST_SERVER_URL);
      assert.equal(state.modules, 42, 'the reference server documents the whole interface');
    });

    it('starts the language server at once, its runtime asked for the Node flags meanwhile; Restart Language Server runs it with them', async function () {
      if (!hasHands) this.skip();
      // The language server, as the kernel lists what the extension host started: its runtime's flags.
      const languageServers = () =>
        descendants(process.pid)
          .map((pid) => ({ pid, line: commandLine(pid) }))
          .filter(({ line }) => line.includes(join('dist', 'language-server.js')));
      const flagsOf = (line: string) => {
        const words = line.split(' ');
        return words.slice(
          1,
          words.findIndex((word) => word.endsWith(join('dist', 'language-server.js'))),
        );
      };
      const [first] = languageServers();
      assert.ok(first, 'a language server runs');
      // This profile is fresh: the first start did not wait to ask its runtime.
      assert.deepEqual(flagsOf(first.line), [], 'the first start runs without them');
      await hands.palette('Motion: Restart Language Server');
      let restarted: { pid: number; line: string } | undefined;
      await waitFor(
        () => (restarted = languageServers().find(({ pid }) => pid !== first.pid)) !== undefined,
        'a new language server',
        30_000,
      );
      // The runtime, its flags, then the script.
      assert.deepEqual(flagsOf(restarted!.line), [...LANGUAGE_SERVER_NODE_FLAGS]);
      await waitFor(() => !languageServers().some(({ pid }) => pid === first.pid), 'the first one gone');
      // The new one was told the application's documentation, as the first was.
      await waitFor(
        async () =>
          (
            await vscode.commands.executeCommand<vscode.CompletionList>(
              'vscode.executeCompletionItemProvider',
              workspaceFile('select_markers.py'),
              new vscode.Position(4, 4),
            )
          ).items.some((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'get_selections'),
        'completion from the restarted language server',
        30_000,
      );
      assert.equal(api.documentation()?.source, 'live');
    });

    it('completes operations after an alias in a Python file', async () => {
      const uri = workspaceFile('select_markers.py');
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        uri,
        new vscode.Position(4, 4),
      );
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      for (const wanted of ['select', 'deselect', 'get_selections'])
        assert.ok(labels.includes(wanted), `${wanted} in ${labels.slice(0, 30).join(', ')}`);
    });

    it('completes enumeration values inside a string argument', async () => {
      const uri = workspaceFile('select_markers.py');
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        uri,
        new vscode.Position(3, 30),
      );
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      assert.ok(labels.includes('project') && labels.includes('measurement'), labels.join(', '));
    });

    it('shows diagnostics for a literal that does not fit', async () => {
      const uri = workspaceFile('select_markers.py');
      const has = () =>
        vscode.languages.getDiagnostics(uri).some((d) => d.source === 'motion' && /got string "scene"/.test(d.message));
      if (!has()) await next(vscode.languages.onDidChangeDiagnostics, () => has(), 'diagnostics of select_markers.py');
      const diagnostic = vscode.languages.getDiagnostics(uri).find((d) => d.source === 'motion')!;
      assert.equal(diagnostic.range.start.line, 3);
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    });

    it('hovers with the operation’s documentation', async () => {
      const uri = workspaceFile('select_markers.py');
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        uri,
        new vscode.Position(3, 14),
      );
      const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
      assert.match(text, /get_skeleton_count\(source: "project"\|"measurement"\) -> integer/);
    });

    it('completes in a Lua file too', async () => {
      const uri = workspaceFile('list_skeletons.lua');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        uri,
        new vscode.Position(4, 3),
      );
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      assert.ok(labels.includes('add_skeleton'), labels.slice(0, 20).join(', '));
    });

    it('inserts a snippet typed by its prefix where a statement starts, and Enter takes it', async function () {
      if (!hasHands) this.skip();
      const document = await vscode.workspace.openTextDocument({ language: 'python', content: 'import motion\n\n' });
      const editor = await vscode.window.showTextDocument(document);
      await hands.goToLine(3);
      await hands.type('motion-seg');
      await waitFor(
        async () =>
          (await hands.textOf('.monaco-editor .suggest-widget.visible')).join(' ').includes('motion-segments'),
        'the list offering motion-segments',
      );
      await hands.press('Enter');
      await waitFor(() => document.getText().includes('def walk('), 'the snippet in the script');
      assert.match(document.getText(), /^import motion\n\nfrom motion\.settings\.processing import skeleton\n/);
      assert.match(document.getText(), /walk\("project", skeleton\.get_skeleton_root_id\("project", skeleton_id\)\)/);
      assert.equal(editor.selections.length, 2, 'the source chosen in both places it is used');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    it('fixes a misspelt value and adds missing arguments as a snippet, from the quick fixes', async () => {
      const document = await vscode.workspace.openTextDocument({
        language: 'python',
        content:
          'import motion.settings.processing.skeleton as sk\nsk.add_skeleton("projct", "A")\nsk.add_segment("project")\nsk.get_skel',
      });
      const editor = await vscode.window.showTextDocument(document);
      const motionDiagnostics = () =>
        vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'motion');
      if (motionDiagnostics().length < 2)
        await next(vscode.languages.onDidChangeDiagnostics, () => motionDiagnostics().length >= 2, 'two diagnostics');

      // The README's picture: diagnostics underlined, completion open with an operation's documentation.
      editor.selection = new vscode.Selection(3, 11, 3, 11);
      await vscode.commands.executeCommand('editor.action.triggerSuggest');
      await vscode.commands.executeCommand(
        'vscode.executeCompletionItemProvider',
        document.uri,
        editor.selection.active,
      );
      await new Promise((shown) => setTimeout(shown, 1000)); // for the picture only: the widget draws
      await takeScreenshot('completion.png', [WORKBENCH.editorTabs, WORKBENCH.suggestions]);
      await vscode.commands.executeCommand('hideSuggestWidget');
      const fixesOn = (line: number) =>
        vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          document.uri,
          document.lineAt(line).range,
          vscode.CodeActionKind.QuickFix.value,
        );
      const change = (await fixesOn(1)).find((a) => a.title === 'Change to "project"');
      assert.ok(change?.edit, 'a fix for the value');
      assert.ok(await vscode.workspace.applyEdit(change.edit));
      assert.equal(document.lineAt(1).text, 'sk.add_skeleton("project", "A")');

      const add = (await fixesOn(2)).find((a) => a.title === 'Add the missing arguments: parent_id, name');
      assert.ok(add?.command, 'a fix for the arguments');
      await vscode.commands.executeCommand(add.command.command, ...(add.command.arguments ?? []));
      assert.equal(document.lineAt(2).text, 'sk.add_segment("project", parent_id, name)');
      assert.equal(
        editor.document.getText(editor.selection),
        'parent_id',
        'the first placeholder is selected, to type over',
      );
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    it('goes to an operation’s rendered documentation, and lists a script’s motion calls', async () => {
      const uri = workspaceFile('select_markers.py');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const [link] = await vscode.commands.executeCommand<vscode.LocationLink[]>(
        'vscode.executeDefinitionProvider',
        uri,
        new vscode.Position(3, 14),
      );
      assert.equal(link.targetUri.toString(), 'motion-docs:/motion.settings.processing.skeleton.get_skeleton_count.md');
      assert.match((await vscode.workspace.openTextDocument(link.targetUri)).getText(), /get_skeleton_count\(source/);
      await vscode.commands.executeCommand('vscode.open', link.targetUri);
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      assert.ok(
        input instanceof vscode.TabInputCustom && input.viewType === 'vscode.markdown.preview.editor',
        `opened as a rendered preview, not as text: ${JSON.stringify(input)}`,
      );
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
        'vscode.executeDocumentSymbolProvider',
        uri,
      );
      assert.ok(
        symbols.some((s) => s.name.endsWith('get_skeleton_count')),
        symbols.map((s) => s.name).join(', '),
      );
    });

    it('starts a new script from a template, checked clean by the language server', async () => {
      const document = await vscode.commands.executeCommand<vscode.TextDocument>(
        'motion.newScript',
        'lua-skeleton-tool',
      );
      assert.equal(document.languageId, 'lua');
      assert.equal(document.isUntitled, true);
      assert.match(document.getText(), /skeleton\.get_skeleton_ids\(SOURCE\)/);
      assert.equal(vscode.window.activeTextEditor?.document, document);
      // Checked: the server has seen it (a symbol per call) and finds nothing wrong.
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
        'vscode.executeDocumentSymbolProvider',
        document.uri,
      );
      assert.ok(symbols.length >= 5, `symbols: ${symbols.map((s) => s.name).join(', ')}`);
      assert.deepEqual(
        vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'motion'),
        [],
      );
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    it('registers its walkthrough: each step with a command button and a picture the tests made', async () => {
      const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
      const [walkthrough] = extension.packageJSON.contributes.walkthroughs as {
        id: string;
        steps: { id: string; description: string; media: { image: string } }[];
      }[];
      const commands = await vscode.commands.getCommands(true);
      for (const step of walkthrough.steps) {
        const buttons = [...step.description.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1]);
        assert.ok(buttons.length > 0, `${step.id} has a command button`);
        for (const command of buttons) assert.ok(commands.includes(command), `${step.id}: ${command} is a command`);
        assert.ok(existsSync(join(extension.extensionPath, step.media.image)), `${step.id}: ${step.media.image}`);
      }
      await vscode.commands.executeCommand(
        'workbench.action.openWalkthrough',
        `${EXTENSION_ID}#${walkthrough.id}`,
        false,
      );
      await waitFor(
        () => /Welcome|Walkthrough/.test(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? ''),
        'the walkthrough opened',
      );
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    it('sets up Python type checking: the stubs and stubPath, so pyright resolves `import motion`', async () => {
      const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
      const settings = join(folder, '.vscode', 'settings.json');
      const settingsBefore = existsSync(settings) ? readFileSync(settings, 'utf8') : undefined;
      try {
        const result = await vscode.commands.executeCommand<{ dir: string; files: number }>(
          'motion.setUpPythonTypeChecking',
        );
        assert.equal(result.dir, join(folder, 'typings'));
        assert.equal(result.files, 51, 'a stub per module of the whole interface, and the packages above them');
        assert.equal(
          (JSON.parse(readFileSync(settings, 'utf8')) as Record<string, unknown>)['python.analysis.stubPath'],
          'typings',
        );
        assert.ok(existsSync(join(folder, 'typings', 'motion', 'settings', 'processing', 'skeleton.pyi')));
        const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
        const report = await new Promise<string>((resolve) =>
          execFile(
            process.execPath,
            [join(extension.extensionPath, 'node_modules', 'pyright', 'index.js'), 'list_skeletons.py'],
            { cwd: folder, timeout: 60_000 },
            (_error, stdout) => resolve(stdout),
          ),
        );
        // Resolved, from the stubs: pyright still warns that the module has no source, which is
        // true (the application provides it when a script runs there), but nothing is unresolved.
        assert.match(report, /\b0 errors/, report);
        assert.doesNotMatch(report, /reportMissingImports/, report);
        assert.doesNotMatch(report, /reportAttributeAccessIssue|is not a known attribute/, report);
      } finally {
        rmSync(join(folder, 'typings'), { recursive: true, force: true });
        if (settingsBefore === undefined) rmSync(join(folder, '.vscode'), { recursive: true, force: true });
        else writeFileSync(settings, settingsBefore);
      }
    });

    it('reloads the documentation on command', async () => {
      const state = await vscode.commands.executeCommand<{ source: string; modules: number }>(
        'motion.reloadDocumentation',
      );
      assert.equal(state.source, 'live');
      assert.equal(state.modules, 42);
    });
  });
}
