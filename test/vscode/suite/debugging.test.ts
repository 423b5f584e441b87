import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { setting, takeScreenshot, WORKBENCH } from './motion-extension';
import { until } from './wait';
import { watchStops } from './debug-stops';
import { hands, hasHands } from './hands';
import { waitFor } from '../../support/wait-for';
import { debugpyStatus } from '../../../src/runner/debug/debugpy-check';

const DEBIAN_PYTHON = '/usr/bin/python3';
/** The debug toolbar's Continue (F5 too, but only once the workbench knows the session is paused). */
const CONTINUE_BUTTON = '.debug-toolbar .action-item .codicon-debug-continue';

export function debuggingTests(): void {
  describe('debugging scripts in a real VS Code', () => {
    const file = (name: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, name);
    afterEach(async () => {
      vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
      await setting('python.path', undefined);
      await vscode.debug.stopDebugging();
    });

    /** The breakpoints VS Code holds, as `file:line` (1-based). */
    const breakpointLines = () =>
      vscode.debug.breakpoints
        .filter((b): b is vscode.SourceBreakpoint => b instanceof vscode.SourceBreakpoint)
        .map((b) => `${b.location.uri.path.split('/').pop()}:${b.location.range.start.line + 1}`);
    /** Takes the breakpoints away and continues a paused Lua session (its one thread) to the script's end. */
    const runToEnd = async (session: vscode.DebugSession) => {
      const ended = until(vscode.debug.onDidTerminateDebugSession, (s) => s.id === session.id, 'the run to finish');
      vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
      await session.customRequest('continue', { threadId: 1 });
      await ended;
    };
    /** Opens a script and sets a breakpoint as a person does: Ctrl+G to the line, F9. */
    const breakpointByF9 = async (name: string, line: number) => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file(name)));
      await hands.goToLine(line);
      await hands.press('F9');
      await waitFor(() => breakpointLines().includes(`${name}:${line}`), `F9 to set a breakpoint at line ${line}`);
    };

    it('F9 sets a breakpoint in a Python script by hand; F5 stops there (with an interpreter that has debugpy), shows its variables, and continue finishes the run', async function () {
      if (!hasHands) this.skip();
      // No interpreter chosen: python3 runs scripts; where it lacks debugpy, one that has it debugs.
      await setting('python.path', undefined);
      // Line 18: `print(f"  {name} (scale {scale})")`, after name and scale are read.
      await breakpointByF9('list_skeletons.py', 18);
      const stops = watchStops();
      try {
        const stopped = stops.next();
        await hands.press('F5');
        const { session, reason } = await stopped;
        assert.equal(reason, 'breakpoint');
        assert.equal(session.type, 'motion');
        const threads = await session.customRequest('threads');
        const stack = await session.customRequest('stackTrace', { threadId: threads.threads[0].id });
        assert.equal(stack.stackFrames[0].line, 18);
        const scopes = await session.customRequest('scopes', { frameId: stack.stackFrames[0].id });
        const variables = await session.customRequest('variables', {
          variablesReference: scopes.scopes[0].variablesReference,
        });
        const values = new Map<string, string>(
          variables.variables.map((v: { name: string; value: string }) => [v.name, v.value]),
        );
        assert.equal(values.get('name'), "'FullBody'", 'the variables show the motion result');
        assert.equal(values.get('source'), "'project'");
        // The picture once the Variables view shows them too (it asks the adapter on its own).
        await waitFor(
          async () => (await hands.textOf('.part.sidebar .monaco-list-row')).some((row) => row.includes("'FullBody'")),
          'the Variables view to show name',
        );
        await takeScreenshot('debugging.png', [WORKBENCH.sideBar, WORKBENCH.editor], 520); // the walkthrough's picture: stopped, with the variables
        const ended = until(vscode.debug.onDidTerminateDebugSession, (s) => s.id === session.id, 'the run to finish');
        // F9 again on the same line takes the breakpoint away, and the toolbar's Continue runs to the end.
        await hands.press('F9');
        await waitFor(() => breakpointLines().length === 0, 'F9 to remove the breakpoint');
        await hands.click(CONTINUE_BUTTON);
        await ended;
      } finally {
        stops.dispose();
      }
    });

    it('a click in the gutter sets a breakpoint in a Lua script; F5 stops there and shows a local', async function () {
      if (!hasHands) this.skip();
      const script = file('debug_me.lua');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(script));
      await hands.clickGutter(4);
      await waitFor(() => breakpointLines().includes('debug_me.lua:4'), 'a gutter click to set a breakpoint at line 4');
      const stops = watchStops();
      try {
        const stopped = stops.next();
        await hands.press('F5');
        const { session, reason } = await stopped;
        assert.equal(reason, 'breakpoint');
        const stack = await session.customRequest('stackTrace', { threadId: 1 });
        assert.equal(stack.stackFrames[0].line, 4);
        const scopes = await session.customRequest('scopes', { frameId: stack.stackFrames[0].id });
        const variables = await session.customRequest('variables', {
          variablesReference: scopes.scopes[0].variablesReference,
        });
        const name = variables.variables.find((v: { name: string }) => v.name === 'name');
        assert.equal(name?.value, '"FullBody"');
        await runToEnd(session);
      } finally {
        stops.dispose();
      }
    });

    it('Debug File on a Lua script stops at a breakpoint', async () => {
      const script = file('debug_me.lua');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(script));
      vscode.debug.addBreakpoints([
        new vscode.SourceBreakpoint(new vscode.Location(script, new vscode.Position(3, 0))),
      ]);
      const stops = watchStops();
      try {
        const stopped = stops.next();
        const outcome = await vscode.commands.executeCommand<{ started: boolean }>('motion.debugFile');
        assert.equal(outcome.started, true);
        const { session, reason } = await stopped;
        assert.equal(reason, 'breakpoint');
        await runToEnd(session);
      } finally {
        stops.dispose();
      }
    });

    // Before the offer is taken: a choice made there holds for the rest of the window's life.
    it('says that debugpy is missing from the chosen interpreter, with the command to install it, when the offer is declined', async function () {
      const status = await debugpyStatus('python3');
      if (!hasHands || status.installed) this.skip();
      await setting('python.path', 'python3');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file('run_me.py')));
      const outcome = vscode.commands.executeCommand<{ started: boolean; error?: string }>('motion.debugFile');
      await hands.quickPickOffering('Cancel');
      await hands.press('Escape');
      assert.deepEqual(await outcome, {
        started: false,
        error: `Cannot debug: debugpy is not installed in ${status.executable}. Install it with: ${status.executable} -m pip install debugpy`,
      });
      assert.equal(vscode.debug.activeDebugSession, undefined, 'no session was started');
    });
    it('offers an interpreter that has debugpy when the chosen one lacks it; chosen there, F5 stops at the breakpoint', async function () {
      const status = await debugpyStatus('python3');
      if (!hasHands || status.installed || !(await debugpyStatus(DEBIAN_PYTHON)).installed) this.skip();
      await setting('python.path', 'python3');
      await breakpointByF9('list_skeletons.py', 18);
      const stops = watchStops();
      try {
        const stopped = stops.next();
        await hands.press('F5');
        const rows = await hands.quickPickOffering('Debug with');
        assert.ok(
          rows.some((r) => r.includes('Install debugpy in a Terminal')),
          rows.join(' | '),
        );
        await hands.type('Debug with');
        await hands.press('Enter');
        const { session, reason } = await stopped;
        assert.equal(reason, 'breakpoint');
        assert.match(String(session.configuration.python), /^\/usr\/bin\/python3/, 'the interpreter that has debugpy');
        const ended = until(vscode.debug.onDidTerminateDebugSession, (s) => s.id === session.id, 'the run to finish');
        vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
        await hands.click(CONTINUE_BUTTON);
        await ended;
      } finally {
        stops.dispose();
      }
    });
  });
}
