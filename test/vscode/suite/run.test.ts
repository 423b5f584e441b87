import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { motionApi, setting, takeScreenshot, WORKBENCH, testApplication } from './motion-extension';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';

interface RunOutcome {
  result: { ok: boolean; error?: { type: string; message: string; line?: number } };
  output: string;
}

async function skeletonCount(source: 'project' | 'measurement'): Promise<number> {
  const app = testApplication();
  try {
    return await app.settings.processing.skeleton.get_skeleton_count(source);
  } finally {
    await app.close();
  }
}

async function openAt(name: string, line: number): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, name);
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  editor.selection = new vscode.Selection(line, 0, line, 0);
  return editor;
}

export function runTests(): void {
  describe('running code in a real VS Code', () => {
    it('Run Selection runs the statement under the cursor in a Python session and moves on', async function () {
      if (!hasHands) this.skip();
      // run_me.py adds "FromVSCode", which replaces one of that name: none, so that the count shows the run.
      const app = testApplication();
      const earlier = await app.settings.processing.skeleton.find_skeleton('project', 'FromVSCode');
      if (earlier !== null) await app.settings.processing.skeleton.delete_skeleton('project', earlier);
      await app.close();
      const api = await motionApi();
      const before = await skeletonCount('project');
      const editor = await openAt('run_me.py', 0);
      await hands.goToLine(1);
      // Ctrl+Alt+Enter, as a person presses it, four times: each runs the statement under the
      // cursor and moves it to the next (the keys come in order after the cursor's move, which a
      // command run from here could overtake).
      const transcript = () => api.terminalText('python');
      const first = transcript().length;
      const runAt = async (line: number, shown: RegExp, what: string) => {
        const from = transcript().length;
        await waitFor(() => editor.selection.active.line === line, `the cursor on line ${line + 1}`);
        await hands.press('Control+Alt+Enter');
        await waitFor(() => shown.test(transcript().slice(from)), what, 30_000);
      };
      await runAt(0, />>> from motion\.settings\.processing import skeleton\n/, 'the import run');
      await runAt(1, />>> sid = skeleton\.add_skeleton/, 'the skeleton added');
      await waitFor(async () => (await skeletonCount('project')) === before + 1, 'the change in the application');
      await runAt(2, /created FromVSCode\n/, 'what it printed');
      await runAt(3, new RegExp(`\\n${before + 1}\\n`), 'a lone expression shown, with sid kept');
      assert.doesNotMatch(transcript().slice(first), /Traceback|Error/);
    });

    it('runs a selection and reports errors at the script’s own line', async () => {
      const editor = await openAt('run_me.py', 2);
      editor.selection = new vscode.Selection(2, 0, 3, 40);
      const ok = await vscode.commands.executeCommand<RunOutcome>('motion.runSelection');
      assert.equal(ok.result.ok, true);
      const untitled = await vscode.workspace.openTextDocument({
        language: 'python',
        content: 'x = 1\n\nundefined_thing\n',
      });
      await vscode.window.showTextDocument(untitled);
      const failed = await vscode.commands.executeCommand<RunOutcome>('motion.runFile');
      assert.equal(failed.result.ok, false);
      assert.deepEqual([failed.result.error?.type, failed.result.error?.line], ['NameError', 3]);
      assert.match(failed.output, /NameError: name 'undefined_thing' is not defined/);
    });

    it('reloads the workspace modules the Python session imported, by command and on save', async () => {
      const folder = vscode.workspace.workspaceFolders![0].uri;
      const module = vscode.Uri.joinPath(folder, 'reload_probe.py');
      await vscode.workspace.fs.writeFile(module, Buffer.from('VALUE = 1\n'));
      try {
        const importer = await vscode.workspace.openTextDocument({
          language: 'python',
          content: `import sys\nsys.path.insert(0, ${JSON.stringify(folder.fsPath)})\nimport reload_probe\n`,
        });
        await vscode.window.showTextDocument(importer);
        assert.equal((await vscode.commands.executeCommand<RunOutcome>('motion.runFile')).result.ok, true);
        await vscode.workspace.fs.writeFile(module, Buffer.from('VALUE = 22\n'));
        const reloaded = await vscode.commands.executeCommand<RunOutcome>('motion.reloadWorkspaceModules');
        assert.match(reloaded.output, /reloaded reload_probe\n/);
        const check = await vscode.workspace.openTextDocument({
          language: 'python',
          content: 'print(reload_probe.VALUE)\n',
        });
        await vscode.window.showTextDocument(check);
        assert.match((await vscode.commands.executeCommand<RunOutcome>('motion.runFile')).output, /\n22\n/);

        // motion.run.reloadOnSave: saving the module reloads it.
        await setting('run.reloadOnSave', true);
        const api = await motionApi();
        const source = await vscode.workspace.openTextDocument(module);
        const edit = new vscode.WorkspaceEdit();
        edit.replace(module, new vscode.Range(0, 0, 1, 0), 'VALUE = 333\n');
        await vscode.workspace.applyEdit(edit);
        await source.save();
        await waitFor(
          () => /# Reload reload_probe\.py[\s\S]*reloaded reload_probe/.test(api.terminalText('python')),
          'the reload on save',
        );
      } finally {
        await setting('run.reloadOnSave', undefined);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.workspace.fs.delete(module);
      }
    });

    it('runs a Lua file in its own session', async () => {
      await openAt('run_me.lua', 0);
      const outcome = await vscode.commands.executeCommand<RunOutcome>('motion.runFile');
      assert.equal(outcome.result.ok, true, JSON.stringify(outcome));
      assert.match(outcome.output, /measured\tActor1\n/);
      await takeScreenshot('run-output.png', [WORKBENCH.editorTabs, WORKBENCH.panel]); // the README's picture: the script and its output
    });

    it('Interrupt stops a running script and keeps the session; Restart clears it', async () => {
      const api = await motionApi();
      await vscode.window.showTextDocument(
        await vscode.workspace.openTextDocument({
          language: 'python',
          content: 'kept = 41\nprint("looping", flush=True)\nwhile True:\n    pass\n',
        }),
      );
      const running = vscode.commands.executeCommand<RunOutcome>('motion.runFile');
      await waitFor(() => api.terminalText('python').includes('looping'), 'the loop to start');
      await vscode.commands.executeCommand('motion.interruptSession');
      const interrupted = await running;
      assert.equal(interrupted.result.error?.type, 'KeyboardInterrupt');
      await vscode.window.showTextDocument(
        await vscode.workspace.openTextDocument({ language: 'python', content: 'print(kept + 1)\n' }),
      );
      assert.match(
        (await vscode.commands.executeCommand<RunOutcome>('motion.runFile')).output,
        /42\n/,
        'the session and its variables survived the interrupt',
      );
      await vscode.commands.executeCommand('motion.restartSession');
      const after = await vscode.commands.executeCommand<RunOutcome>('motion.runFile');
      assert.equal(after.result.error?.type, 'NameError', 'a restarted session starts empty');
    });

    it('runs Python with the interpreter motion.python.path names, and says when it cannot be started', async function () {
      const debianPython = '/usr/bin/python3';
      if (!existsSync(debianPython)) this.skip();
      const settings = vscode.workspace.getConfiguration('motion');
      const show = async () => {
        await vscode.window.showTextDocument(
          await vscode.workspace.openTextDocument({
            language: 'python',
            content: 'import sys\nprint("interpreter:", sys.executable)\n',
          }),
        );
        return vscode.commands.executeCommand<RunOutcome>('motion.runFile');
      };
      try {
        await settings.update('python.path', debianPython, vscode.ConfigurationTarget.Global);
        assert.match((await show()).output, /interpreter: \/usr\/bin\/python3\n/);
        await settings.update('python.path', '/nonexistent/python3', vscode.ConfigurationTarget.Global);
        const missing = await show();
        assert.equal(missing.result.ok, false);
        assert.match(
          `${missing.result.error?.message} ${missing.output}`,
          /\/nonexistent\/python3/,
          'the error names the interpreter',
        );
      } finally {
        await settings.update('python.path', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    it('clears the terminal before each run when motion.run.clearBeforeRun is on, and keeps it otherwise', async () => {
      const api = await motionApi();
      const run = async (code: string) => {
        await vscode.window.showTextDocument(
          await vscode.workspace.openTextDocument({ language: 'python', content: code }),
        );
        return vscode.commands.executeCommand<RunOutcome>('motion.runFile');
      };
      const settings = vscode.workspace.getConfiguration('motion');
      try {
        await settings.update('run.clearBeforeRun', true, vscode.ConfigurationTarget.Global);
        await run('print("first run")\n');
        await run('print("second run")\n');
        assert.match(api.terminalText('python'), /second run/);
        assert.doesNotMatch(api.terminalText('python'), /first run/, 'cleared before the second run');
        await settings.update('run.clearBeforeRun', false, vscode.ConfigurationTarget.Global);
        await run('print("third run")\n');
        assert.match(api.terminalText('python'), /second run[^]*third run/, 'kept when the setting is off');
      } finally {
        await settings.update('run.clearBeforeRun', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    it('types into the Motion: Python terminal: the session of Run Selection answers, input() asks there', async () => {
      const api = await motionApi();
      await vscode.commands.executeCommand('motion.openPythonTerminal');
      const terminal = vscode.window.terminals.find((t) => t.name.startsWith('Motion: Python'));
      assert.ok(terminal, 'the Motion: Python terminal is open');
      // What a user types arrives at the terminal as keys; sendText is that path.
      terminal.sendText('import motion');
      terminal.sendText('count = motion.settings.processing.skeleton.get_skeleton_count("project")');
      terminal.sendText('count * 100');
      await waitFor(() => /\n>>> count \* 100\n\d+00\n/.test(api.terminalText('python')), 'the echoed result');
      terminal.sendText('for i in range(2):');
      terminal.sendText('    print("row", i)');
      terminal.sendText('');
      await waitFor(() => /\.\.\. \nrow 0\nrow 1\n/.test(api.terminalText('python')), 'the block to run');
      terminal.sendText('name = input("Skeleton? ")');
      await waitFor(() => api.terminalText('python').endsWith('>>> name = input("Skeleton? ")\n'), 'the question');
      terminal.sendText('Actor1');
      terminal.sendText('name.upper()');
      await waitFor(
        () => /Skeleton\? Actor1\n>>> name.upper\(\)\n'ACTOR1'\n/.test(api.terminalText('python')),
        'the answer',
      );
      // A run from the editor uses the same session: the variables typed in the terminal are there.
      await vscode.window.showTextDocument(
        await vscode.workspace.openTextDocument({ language: 'python', content: 'print("from the editor:", name)\n' }),
      );
      const outcome = await vscode.commands.executeCommand<RunOutcome>('motion.runFile');
      assert.match(outcome.output, /from the editor: Actor1\n/);
    });
  });
}
