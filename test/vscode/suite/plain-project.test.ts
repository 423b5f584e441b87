import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as vscode from 'vscode';
import type { MotionExports, MotionExtensionApi } from '../../../src/extension/extension';
import { residentBytes } from '../../support/processes';
import { pythonWithPytest } from '../../support/pytest-python';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { EXTENSION_ID, setting, takeScreenshot } from './motion-extension';
import { connectionState } from './wait';
import {
  APPLICATION_PORT,
  APPLICATION_URL,
  applicationPortFree,
  heapAfterCollection,
  hostPorts,
  megabytes,
  motionOnScreen,
  motionProcesses,
  quickOpen,
  startApplication,
  stopApplication,
} from './plain-project-support';

/**
 * An ordinary Python project (two folders, pytest tests, nothing imports motion): Motion stays out
 * of the way until a file imports motion, then everything appears. With two folders, each folder's
 * tests, snapshots, notebooks and runs are its own. And an application that starts after VS Code
 * on 7979: the embedded server left that port free, and Motion moves to it.
 */
export function plainProjectTests(): void {
  describe('a plain Python project of two folders, in a real VS Code', function () {
    this.timeout(180_000);
    const extension = () => vscode.extensions.getExtension<MotionExports>(EXTENSION_ID)!;
    const folder = (name: 'app' | 'tools') => vscode.workspace.workspaceFolders!.find((f) => f.name === name)!;
    const file = (name: 'app' | 'tools', relative: string) => vscode.Uri.joinPath(folder(name).uri, relative);
    const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    let api: MotionExtensionApi;
    let application: ChildProcess | undefined;
    let portsBefore: number[];

    before(async function () {
      if (!hasHands) this.skip();
      assert.deepEqual(
        vscode.workspace.workspaceFolders?.map((f) => f.name),
        ['app', 'tools'],
      );
      assert.ok(await applicationPortFree(), `port ${APPLICATION_PORT} must be free for this run (the application's)`);
      portsBefore = hostPorts();
    });
    after(async () => {
      await stopApplication(application);
      await setting('python.path', undefined);
    });

    it('opening a Python file starts nothing of Motion: no process, no port, nothing on screen, no debugger', async () => {
      assert.equal(extension().isActive, false, 'nothing has activated the extension before a file opens');
      const heapBefore = heapAfterCollection();
      await quickOpen('app.py');
      await waitFor(() => extension().isActive, 'the extension activated by the Python file');
      const exports = await extension().activate();
      assert.equal(exports.started, false, `Motion did not start (${exports.startReason})`);
      const quietHeap = heapAfterCollection() - heapBefore;

      assert.deepEqual(motionProcesses(), [], 'no reference server, no language server');
      assert.deepEqual(hostPorts(), portsBefore, 'no port listened on');
      assert.deepEqual(await motionOnScreen(), [], 'nothing of Motion on screen');
      const diagnostics = vscode.languages.getDiagnostics().flatMap(([, d]) => d);
      assert.deepEqual(
        diagnostics.filter((d) => /motion/i.test(String(d.source))),
        [],
      );

      // F5 on the project's own app.py: Motion's debugger is not offered, nothing starts.
      await hands.press('F5');
      await new Promise((r) => setTimeout(r, 1_500)); // what F5 opens (a picker, a message) takes a moment to show
      const offered = [...(await hands.quickPickRows()), ...(await hands.notifications())];
      assert.equal(
        offered.some((t) => /Motion/.test(t)),
        false,
        `F5 offers nothing of Motion: ${offered.join(' | ')}`,
      );
      await hands.press('Escape');
      assert.equal(vscode.debug.activeDebugSession, undefined, 'no debug session');

      // Quiet: the palette offers the few commands that make sense before a project uses motion,
      // not the terminals, the connection or the skeletons of an application it has not asked for.
      const inPalette = (await hands.paletteOffers('Motion: ')).filter((t) => t.startsWith('Motion: '));
      assert.deepEqual(inPalette.sort(), [
        "Motion: Install 'motion' Command",
        'Motion: New Script',
        'Motion: Show Documentation',
      ]);
      assert.equal(extension().exports.started, false, 'looking at the palette started nothing');

      // No test of this project is Motion's: it has made no test controller (the Testing view shows none).
      assert.equal(exports.scriptTests, undefined);
      // Assistants are offered nothing of Motion here.
      assert.deepEqual(
        vscode.lm.tools.filter((t) => t.name.startsWith('motion_')).map((t) => t.name),
        [],
      );
      await vscode.commands.executeCommand('workbench.view.testing.focus').then(undefined, () => undefined);
      const testing = (await hands.textOf('.part.sidebar')).join('\n');
      assert.doesNotMatch(testing, /Motion Script Tests|test_app|test_helpers/);
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await takeScreenshot('plain-project.png');
      console.log(
        `[memory] plain project: the extension host's heap grew ${megabytes(quietHeap)} with the extension active and Motion not started; 0 processes`,
      );
    });

    it('typing `import motion`, then `motion.` on the next line, starts Motion and the list comes: the status bar, the views, the run menu', async () => {
      const heapBefore = heapAfterCollection();
      // Two new first lines, `import motion` on the first. Enter goes in before the words, not
      // after: the editor's word suggestions offer "motion" (app.py's docstring has it), and an
      // Enter typed while they show accepts one instead of ending the line, as it would for a person.
      await hands.goToLine(1);
      await hands.press('Enter');
      await hands.press('Enter');
      await hands.press('ArrowUp');
      await hands.press('ArrowUp');
      await hands.type('import motion');
      // What the editor offers for the word `motion` here is never one of Motion's snippets: they come
      // from its language server, where a statement starts. Contributed as files, they were offered
      // here, and an Enter inserted a loop in place of the import.
      const suggested = () => hands.textOf('.monaco-editor .suggest-widget.visible');
      await waitFor(async () => (await suggested()).length > 0, 'a list', 1000).catch(() => undefined);
      assert.doesNotMatch((await suggested()).join(' '), /motion-/);
      // Then at once, as a person goes on typing: `motion.` on the next line. The `.` asks for a
      // list before Motion has started (its language server is not there yet): the list must come.
      // A list that shows a moment after the Escape takes the ArrowDown (`import motionmotion.`,
      // seen once in ten runs): as a person would, Escape and ArrowDown again until the cursor is
      // on the next line.
      const cursorLine = () => vscode.window.activeTextEditor?.selection.active.line;
      for (let tries = 0; cursorLine() !== 1 && tries < 3; tries++) {
        await hands.press('Escape');
        await hands.press('ArrowDown');
        await waitFor(() => cursorLine() === 1, 'the cursor on the next line', 500).catch(() => undefined);
      }
      assert.equal(cursorLine(), 1, 'the cursor on the line below the import');
      await hands.type('motion.');
      // The language server is not there yet when the `.` is typed: Motion's one completion
      // provider, there since the activation, gives the package list of the bundled documentation
      // at once, and Motion starts once it is shown. Either way the list must come, once.
      const exported = extension().exports;
      const serverThere = exported.started && exported.languageServerStarted?.();
      console.log(
        `[plain project] the \`.\` was typed ${serverThere ? 'after' : 'before'} Motion's language server started`,
      );
      await waitFor(async () => {
        const shown = (await hands.textOf('.monaco-editor .suggest-widget.visible')).join(' ');
        return shown.includes('settings') && shown.includes('gui');
      }, 'the list of motion.’s modules, with no key pressed for it');
      const rows = await hands.textOf('.monaco-editor .suggest-widget.visible .monaco-list-row');
      assert.equal(new Set(rows).size, rows.length, `each module once, from one provider: ${rows.join(' | ')}`);
      await hands.press('Escape');
      api = await extension()
        .activate()
        .then((e) => e.whenStarted());
      assert.match(extension().exports.startReason ?? '', /app\.py imports motion/);
      await waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => /Motion: embedded/.test(t)),
        'the status bar naming the embedded server',
      );
      const embedded = api.connection.state;
      assert.ok(embedded.kind === 'connected' && embedded.embedded);
      assert.notEqual(new URL(embedded.url).port, String(APPLICATION_PORT), 'the embedded server left 7979 free');
      assert.ok(await applicationPortFree(), '7979 is free on every address');
      assert.equal(api.connection.watchedUrl, APPLICATION_URL, 'the application’s URL is watched');

      const onScreen = await motionOnScreen();
      assert.ok(
        onScreen.some((t) => t.startsWith('activity bar: Motion')),
        `the Motion views: ${onScreen.join(' | ')}`,
      );
      assert.ok(
        onScreen.some((t) => t.startsWith('editor title')),
        `the run menu: ${onScreen.join(' | ')}`,
      );

      // `motion.` went in on the line below `import motion`: take it out again.
      const editor = vscode.window.activeTextEditor!;
      assert.equal(editor.document.lineAt(0).text, 'import motion');
      const typed = editor.document.lineAt(1).range;
      assert.equal(editor.document.getText(typed), 'motion.');
      await editor.edit((edit) => edit.delete(editor.document.lineAt(1).rangeIncludingLineBreak));
      await editor.document.save();

      const started = heapAfterCollection() - heapBefore;
      const processes = motionProcesses();
      assert.equal(processes.length, 2, `the reference server and the language server: ${processes.join(', ')}`);
      const resident = processes.reduce((sum, pid) => sum + residentBytes(pid), 0);
      console.log(
        `[memory] Motion started: the extension host's heap grew ${megabytes(started)} more; 2 processes, ${megabytes(resident)} resident`,
      );
    });

    it('an application that starts on 7979 after VS Code: Motion says so and moves to it at once, and the embedded server stops', async () => {
      const embeddedPid = api.embeddedServerPid();
      assert.ok(embeddedPid);
      application = await startApplication();
      const moved = await connectionState(
        api,
        (s) => s.kind === 'connected' && !s.embedded && s.url === APPLICATION_URL,
        'the move to the application',
      );
      assert.ok(moved.kind === 'connected');
      await waitFor(
        async () => (await hands.textOf('.statusbar-item')).some((t) => t.includes('Motion: 127.0.0.1:7979')),
        'the status bar naming the application',
      );
      await waitFor(
        async () =>
          (await hands.notifications()).some((t) => t.includes(`moved to the application at ${APPLICATION_URL}`)),
        'the notification that says so',
      );
      // The picture shows the message in the notification centre (a toast slides in, and out).
      await vscode.commands.executeCommand('notifications.showList');
      await hands.click('.notifications-center .codicon-notifications-expand').catch(() => undefined); // the whole message
      await takeScreenshot('application-started.png', undefined, undefined, { withNotifications: true });
      await vscode.commands.executeCommand('notifications.hideList');
      await waitFor(() => api.embeddedServerPid() === undefined, 'the embedded server stopped');
      assert.deepEqual(await api.explorer.getChildren(), [], 'the Skeletons view shows the (empty) application');
    });

    it('an application that returns while a session holds variables: Motion asks, naming what the move resets', async () => {
      await vscode.commands.executeCommand('notifications.clearAll');
      await stopApplication(application);
      await api.connection.check();
      await connectionState(api, (s) => s.kind === 'connected' && s.embedded, 'the embedded server standing in');
      // Nothing held state: the embedded server stood in at once, and Motion says where scripts now run.
      await waitFor(
        async () =>
          (await hands.notifications()).some((t) =>
            /The application at http:\/\/127\.0\.0\.1:7979 stopped answering .*Motion now uses the embedded reference server, with its demo data/.test(
              t,
            ),
          ),
        'the notification that the embedded server stands in',
      );
      // A session with variables: Run File of app.py in the Motion terminal.
      await vscode.window.showTextDocument(file('app', 'app.py'));
      await hands.palette('Motion: Run File');
      await waitFor(() => api.terminalText('python').includes('"sum": 5'), 'the run’s output');
      await vscode.commands.executeCommand('notifications.clearAll');
      application = await startApplication();
      await waitFor(
        async () =>
          (await hands.notifications()).some((t) =>
            /now answers at http:\/\/127\.0\.0\.1:7979 .*Move to it from the embedded server\? That resets the Python session/.test(
              t,
            ),
          ),
        'the question naming the Python session',
        30_000,
      );
      assert.equal(
        api.connection.state.kind === 'connected' && api.connection.state.embedded,
        true,
        'not moved unasked',
      );
      await hands.clickNotificationButton('Move to the Application');
      await connectionState(api, (s) => s.kind === 'connected' && !s.embedded, 'the move once asked');
      await waitFor(() => api.terminalText('python').includes('Session reset'), 'the session says it was reset');
    });

    it('an application that stops while a session holds variables: Motion asks before the embedded server stands in, and the terminal says where scripts run', async () => {
      await vscode.window.showTextDocument(file('app', 'app.py'));
      const runs = () => api.terminalText('python').split('"sum": 5').length - 1;
      const before = runs();
      await hands.palette('Motion: Run File');
      await waitFor(() => runs() > before, 'the run’s output: a Python session holding its variables');
      await vscode.commands.executeCommand('notifications.clearAll');
      await stopApplication(application);
      await api.connection.check();
      await waitFor(
        async () =>
          (await hands.notifications()).some((t) =>
            /The application at http:\/\/127\.0\.0\.1:7979 stopped answering .*Use the embedded reference server, with its demo data, until it is back\? That resets the Python session/.test(
              t,
            ),
          ),
        'the question naming the Python session',
        30_000,
      );
      assert.notEqual(
        api.connection.state.kind === 'connected' && api.connection.state.embedded,
        true,
        'no stand-in unasked: the session still belongs to the application',
      );
      assert.equal(api.embeddedServerPid(), undefined, 'the embedded server was not started');
      await hands.clickNotificationButton('Use the Embedded Server');
      await connectionState(api, (s) => s.kind === 'connected' && s.embedded, 'the stand-in once asked');
      await waitFor(
        () => /stopped answering .*Motion now uses the embedded reference server/.test(api.terminalText('python')),
        'the Motion terminal saying where scripts now run',
      );
      await waitFor(
        async () =>
          (await hands.notifications()).some((t) => t.includes('Motion now uses the embedded reference server')),
        'the notification saying so',
      );
    });

    it('each folder’s script tests (only those that touch motion), runs, snapshots and notebooks are its own', async () => {
      await setting('python.path', pythonWithPytest());
      await write(
        file('tools', 'test_where.py'),
        'import os\nfrom motion.settings.processing import skeleton\n\n\ndef test_runs_in_its_folder():\n    assert os.path.basename(os.getcwd()) == "tools"\n    assert skeleton.get_skeleton_count("project") >= 0\n',
      );
      await waitFor(() => api.scriptTests.controller.items.size > 0, 'the script tests found', 30_000);
      const roots: string[] = [];
      api.scriptTests.controller.items.forEach((root) => {
        const files: string[] = [];
        root.children.forEach((f) => files.push(f.label));
        roots.push(`${root.label}: ${files.join(', ')}`);
      });
      assert.deepEqual(
        roots,
        ['tools: test_where.py'],
        'the plain tests (test_app.py, test_helpers.py) are not Motion’s',
      );
      await hands.palette('Test: Run All Tests');
      await waitFor(
        () => api.scriptTests.results.get('test_where.py::test_runs_in_its_folder')?.outcome === 'passed',
        `the tools test passed in its folder (${JSON.stringify(api.scriptTests.results.get('test_where.py::test_runs_in_its_folder')?.message)})`,
        60_000,
      );

      // A run of a file of the second folder runs there.
      await write(file('tools', 'where.py'), 'import os\nimport motion\nprint("cwd", os.getcwd())\n');
      await vscode.window.showTextDocument(file('tools', 'where.py'));
      await hands.palette('Motion: Run File');
      await waitFor(
        () => api.terminalText('python').includes(`cwd ${folder('tools').uri.fsPath}`),
        'where.py run in the tools folder',
      );

      // A dry run offers the snapshots of the script's folder only.
      await vscode.commands.executeCommand('motion.takeSnapshot', file('tools', 'stage.motion.json'));
      await vscode.commands.executeCommand('motion.takeSnapshot', file('app', 'service.motion.json'));
      await vscode.window.showTextDocument(file('tools', 'where.py'));
      await hands.palette('Motion: Dry Run File');
      const rows = await hands.quickPickOffering('stage.motion.json');
      assert.equal(
        rows.some((r) => r.includes('service.motion.json')),
        false,
        `only the tools folder’s snapshots: ${rows.join(' | ')}`,
      );
      await hands.press('Escape');

      // A notebook cell runs in its notebook's folder.
      const book = file('tools', 'where.motionbook');
      await write(
        book,
        JSON.stringify({
          motionbook: 1,
          cells: [{ kind: 'code', language: 'python', source: 'import os\nprint("cell in", os.getcwd())' }],
        }),
      );
      const notebook = await vscode.workspace.openNotebookDocument(book);
      await vscode.window.showNotebookDocument(notebook);
      await hands.palette('Notebook: Run All');
      await waitFor(
        () =>
          notebook
            .cellAt(0)
            .outputs.flatMap((o) => o.items.map((i) => new TextDecoder().decode(i.data)))
            .join('')
            .includes(`cell in ${folder('tools').uri.fsPath}`),
        'the cell’s output naming the tools folder',
        60_000,
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  });
}
