import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { setting, takeScreenshot } from './motion-extension';
import { until } from './wait';

const DEBIAN_PYTHON = '/usr/bin/python3';

/** The `stopped` events of motion debug sessions, as the debugger's UI receives them. */
function watchStops(): { next(): Promise<{ session: vscode.DebugSession; reason: string }>; dispose(): void } {
  const emitter = new vscode.EventEmitter<{ session: vscode.DebugSession; reason: string }>();
  const registration = vscode.debug.registerDebugAdapterTrackerFactory('motion', {
    createDebugAdapterTracker: (session) => ({
      onDidSendMessage: (message: { type: string; event?: string; body?: { reason: string } }) => {
        if (message.type === 'event' && message.event === 'stopped')
          emitter.fire({ session, reason: message.body!.reason });
      },
    }),
  });
  return {
    next: () => until(emitter.event, () => true, 'the debugger to stop'),
    dispose: () => (registration.dispose(), emitter.dispose()),
  };
}

export function debuggingTests(): void {
  describe('debugging scripts in a real VS Code', () => {
    const file = (name: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, name);
    afterEach(async () => {
      vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
      await setting('python.path', undefined);
      await vscode.debug.stopDebugging();
    });

    it('F5 on an example script stops at a breakpoint, shows its variables, and continue finishes the run', async () => {
      await setting('python.path', DEBIAN_PYTHON);
      const script = file('list_skeletons.py');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(script));
      // Line 18 (1-based): `print(f"  {name} (scale {scale})")`, after name and scale are read.
      vscode.debug.addBreakpoints([
        new vscode.SourceBreakpoint(new vscode.Location(script, new vscode.Position(17, 0))),
      ]);
      const stops = watchStops();
      try {
        const stopped = stops.next();
        await vscode.commands.executeCommand('workbench.action.debug.start');
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
        await takeScreenshot('debugging.png'); // the walkthrough's picture: stopped, with the variables
        const ended = until(vscode.debug.onDidTerminateDebugSession, (s) => s.id === session.id, 'the run to finish');
        vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
        await session.customRequest('continue', { threadId: threads.threads[0].id });
        await ended;
      } finally {
        stops.dispose();
      }
    });

    it('Debug File on a Lua script stops at a breakpoint and shows a local', async () => {
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
        const stack = await session.customRequest('stackTrace', { threadId: 1 });
        assert.equal(stack.stackFrames[0].line, 4);
        const scopes = await session.customRequest('scopes', { frameId: stack.stackFrames[0].id });
        const variables = await session.customRequest('variables', {
          variablesReference: scopes.scopes[0].variablesReference,
        });
        const name = variables.variables.find((v: { name: string }) => v.name === 'name');
        assert.equal(name?.value, '"FullBody"');
        const ended = until(vscode.debug.onDidTerminateDebugSession, (s) => s.id === session.id, 'the run to finish');
        vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
        await session.customRequest('continue', { threadId: 1 });
        await ended;
      } finally {
        stops.dispose();
      }
    });

    it('says that debugpy is missing from an interpreter without it, with the command to install it', async function () {
      const status = await import('../../../src/runner/debug/debugpy-check').then((m) => m.debugpyStatus('python3'));
      if (status.installed) this.skip();
      await setting('python.path', 'python3');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file('run_me.py')));
      const outcome = await vscode.commands.executeCommand<{ started: boolean; error?: string }>('motion.debugFile');
      assert.deepEqual(outcome, {
        started: false,
        error: `Cannot debug: debugpy is not installed in ${status.executable}. Install it with: ${status.executable} -m pip install debugpy`,
      });
      assert.equal(vscode.debug.activeDebugSession, undefined, 'no session was started');
    });
  });
}
