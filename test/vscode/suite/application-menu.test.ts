import assert from 'node:assert/strict';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { explorerItemAt, motionApi, setting, takeScreenshot, WORKBENCH } from './motion-extension';
import type { SceneReport } from '../../../src/protocol/skeleton-view';
import { connectionState } from './wait';
import { watchStops } from './debug-stops';

/** The reference server's host, as VS Code sees it: its terminal's text. */
async function terminal(): Promise<string> {
  const answer = await fetch(`${process.env.MOTION_TEST_SERVER_URL!}/reference/gui`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '[]',
  });
  return ((await answer.json()) as { terminal: string }).terminal;
}

/** The rows the side bar shows, once one of them shows `text`. */
async function sideBarRowsOnce(text: string): Promise<string[]> {
  let rows: string[] = [];
  await waitFor(
    async () => (rows = await hands.textOf(`${WORKBENCH.sideBar} .monaco-list-row`)).some((r) => r.includes(text)),
    `a row of the side bar showing "${text}"`,
    30_000,
  );
  return rows;
}

/** Waits until the side bar's rows stay the same between two reads: a click lands only on rows that stay. */
async function settledRows(): Promise<void> {
  let last = '';
  await waitFor(async () => {
    const now = JSON.stringify(await hands.textOf(`${WORKBENCH.sideBar} .monaco-list-row`));
    const settled = now === last;
    last = now;
    if (!settled) await new Promise((settle) => setTimeout(settle, 300));
    return settled;
  }, 'the Application Menu view to settle');
}

/** A breakpoint set as a person sets one: a click in the gutter of the editor shown, at a 1-based line. */
async function breakpointByGutterClick(line: number): Promise<void> {
  await hands.goToLine(line); // on the screen, to click beside it
  await hands.clickGutter(line);
  await waitFor(
    () =>
      vscode.debug.breakpoints.some(
        (b) => b instanceof vscode.SourceBreakpoint && b.location.range.start.line === line - 1,
      ),
    `a gutter click to set a breakpoint at line ${line}`,
  );
}

/** Motion: Attach to the Application, from the palette: the session it starts, or what the notifications said instead. */
async function attachFromPalette(): Promise<vscode.DebugSession> {
  const started = new Promise<vscode.DebugSession>((resolve) => {
    const once = vscode.debug.onDidStartDebugSession((session) => (once.dispose(), resolve(session)));
  });
  await hands.palette('Motion: Attach to the Application');
  return Promise.race([
    started,
    new Promise<never>((_, fail) =>
      setTimeout(
        () => void hands.notifications().then((said) => fail(new Error(`no debug session: ${JSON.stringify(said)}`))),
        30_000,
      ),
    ),
  ]);
}

/**
 * A click on "Report gaps" in Application Menu, with the session attached and a breakpoint at
 * `line` of the tool's report_gaps: it stops there before the terminal is written, with `count`
 * in sight; F10 steps to the next line; F5 runs on, and the terminal gets what `writes` says.
 * `screenshots`: taken before the click and at the stop. The session and breakpoints end after.
 */
async function stopInReportGaps(
  session: vscode.DebugSession,
  stops: ReturnType<typeof watchStops>,
  stop: { file: vscode.Uri; line: number; writes: (count: string) => string; screenshots: [string, string?] },
): Promise<void> {
  await new Promise((settle) => setTimeout(settle, 1_000)); // the breakpoints sent before the click
  try {
    const stopped = stops.next();
    const before = await terminal();
    // Run and Debug took the side bar as the session started: back to the menu.
    await vscode.commands.executeCommand('motion.applicationMenu.focus');
    await sideBarRowsOnce('Report gaps');
    await settledRows();
    if (stop.screenshots[1]) await takeScreenshot(stop.screenshots[1]);
    await hands.click(`${WORKBENCH.sideBar} .monaco-list-row`, 'Report gaps');
    assert.equal((await stopped).reason, 'breakpoint');
    const threads = await session.customRequest('threads');
    const threadId = threads.threads[0].id;
    const top = async () => (await session.customRequest('stackTrace', { threadId })).stackFrames[0];
    const frame = await top();
    // In code-server the workbench names the file by its remote URI: the same file, its path.
    assert.deepEqual(
      [frame.name, frame.line, vscode.Uri.parse(frame.source.path).path],
      ['report_gaps', stop.line, stop.file.path],
    );
    const count = await session.customRequest('evaluate', { expression: 'count', frameId: frame.id, context: 'watch' });
    assert.match(count.result, /^\d+$/);
    await waitFor(() => vscode.debug.activeStackItem instanceof vscode.DebugStackFrame, 'the paused frame shown');
    await takeScreenshot(stop.screenshots[0]);
    assert.equal(await terminal(), before, 'stopped before the write');
    const next = stops.next();
    await hands.press('F10');
    await next;
    assert.equal((await top()).line, stop.line + 1);
    await hands.press('F5');
    await waitFor(
      async () => (await terminal()) === `${before}${stop.writes(count.result)}`,
      'the command to run on',
      30_000,
    );
  } finally {
    stops.dispose();
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    await vscode.debug.stopDebugging(session);
  }
}

/**
 * A tool written as the vendor's (a start-up script loading a tools folder, a helper module, a
 * submenu, two commands, a dialog, a draw function), loaded into the application from VS Code,
 * its menu shown in Application Menu and clicked, as a person does it.
 */
export function applicationMenuTests(): void {
  describe('tools inside the application, from a real VS Code', function () {
    this.timeout(120_000);
    const folder = () => join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'app_tools');
    const startup = () => vscode.Uri.file(join(folder(), 'startup_tools.py'));
    const tool = () => vscode.Uri.file(join(folder(), 'tools', 'gap_tools.py'));

    before(async function () {
      if (!hasHands) this.skip();
      cpSync(join(process.env.MOTION_TEST_FIXTURES!, 'tools'), folder(), { recursive: true });
      // Written through VS Code, as the other suites do: the profile's file alone is lost when VS Code
      // first writes the user settings (a debug session starting), and Motion would move to the embedded server.
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      // Motion started and connected, as a person finds it once the status bar says so.
      await connectionState(await motionApi(), (s) => s.kind === 'connected', 'the connection');
    });
    after(async () => {
      await vscode.commands.executeCommand('motion.removeFromApplication', startup()).then(undefined, () => undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(folder(), { recursive: true, force: true });
    });

    it('Run File of a tool says how to load it in the application, and sends nothing', async () => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(tool()));
      const before = await terminal();
      await hands.palette('Motion: Run File');
      let said: string[] = [];
      await waitFor(
        async () =>
          (said = await hands.notifications()).some((n) => n.includes('is a tool that lives inside the application')),
        'the notification that says how to load the tool',
        30_000,
      );
      const notice = said.find((n) => n.includes('is a tool'))!;
      assert.match(notice, /a function cannot travel over HTTP, so nothing was sent/);
      assert.match(notice, /press F5 there \(Reload Scripts\)/);
      assert.equal(await terminal(), before, 'nothing ran in the application');
      await vscode.commands.executeCommand('notifications.clearAll');
    });

    it('Load into Application from the palette shows the tool’s menu; a click on its button runs its function there, and what it wrote shows in Motion Application', async () => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(startup()));
      await hands.palette('Motion: Load into Application');
      await vscode.commands.executeCommand('motion.applicationMenu.focus');
      const rows = await sideBarRowsOnce('Report gaps');
      for (const shown of ['Gap tools', 'Fill gaps…', 'fill_gaps', 'Report gaps'])
        assert.ok(
          rows.some((r) => r.includes(shown)),
          `Application Menu shows "${shown}": ${JSON.stringify(rows)}`,
        );
      await takeScreenshot('application-menu.png', [WORKBENCH.sideBar], 480);
      const before = await terminal();
      await hands.click(`${WORKBENCH.sideBar} .monaco-list-row`, 'Report gaps');
      await waitFor(async () => (await terminal()) !== before, 'the command to run in the application', 30_000);
      assert.equal((await terminal()).slice(before.length), '22 gaps\n');
      await takeScreenshot('application-menu-clicked.png', [WORKBENCH.panel], 480);
      // Motion Application, opened beside the editor, shows what the tool wrote.
      await waitFor(
        // The editor renders spaces as non-breaking ones.
        async () =>
          (await hands.textOf(`${WORKBENCH.panel} .view-lines`)).some((t) =>
            t.replace(/\u00a0/g, ' ').includes('22 gaps'),
          ),
        'the terminal text in Motion Application',
        30_000,
      );
    });

    it('a dialog the clicked command opens is asked in VS Code: the answer typed goes to the tool', async () => {
      await vscode.commands.executeCommand('motion.applicationMenu.focus');
      await sideBarRowsOnce('Fill gaps…');
      // The menu refreshes after the click before: a click lands only on rows that stay.
      await settledRows();
      const before = await terminal();
      await hands.click(`${WORKBENCH.sideBar} .monaco-list-row`, 'Fill gaps…');
      await hands.inputAsking('Longest gap to fill (frames)').catch(async (error: Error) => {
        const gui = await fetch(`${process.env.MOTION_TEST_SERVER_URL!}/reference/gui`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '[]',
        }).then((r) => r.text());
        throw new Error(`${error.message}; the application said: ${gui.slice(-1500)}`);
      });
      const title = await hands.textOf('.quick-input-widget .quick-input-title');
      assert.ok(
        title.some((t) => t.includes('Fill gaps')),
        `the dialog's title shows: ${JSON.stringify(title)}`,
      );
      await takeScreenshot('application-dialog.png');
      // 0: the tool fills nothing, and the suite's shared measurement keeps its gaps for the tests after.
      await hands.press('Control+A');
      await hands.type('0');
      await hands.press('Enter');
      await waitFor(async () => /fill gaps: 0 filled\n$/.test(await terminal()), 'the tool to take the answer', 30_000);
      assert.doesNotMatch((await terminal()).slice(before.length), /cancelled/);
    });

    it('Dry Run Command from a menu button’s context menu: its dialog asked in VS Code, what it would change shown in Dry Run, the application untouched', async () => {
      const api = await motionApi();
      // The input box of the test before is gone from the screen but not from the page: the palette opened and closed replaces it.
      await hands.press('F1');
      await hands.press('Escape');
      await vscode.commands.executeCommand('motion.applicationMenu.focus');
      await sideBarRowsOnce('Fill gaps…');
      await settledRows();
      const before = await terminal();
      await hands.rightClick(`${WORKBENCH.sideBar} .monaco-list-row`, 'Fill gaps…');
      await hands.click('.context-view .action-label', 'Dry Run Command');
      // A menu ignores a click that comes the moment it opened: still open, it is clicked again, as a person would.
      await new Promise((settle) => setTimeout(settle, 500));
      if ((await hands.textOf('.context-view .action-label')).includes('Dry Run Command'))
        await hands.click('.context-view .action-label', 'Dry Run Command');
      // Snapshot files in the workspace: the dry run asks what it starts from; the application now is first.
      let started = false;
      await waitFor(
        async () => {
          const rows = await hands.quickPickRows().catch(() => [] as string[]);
          if (rows.some((r) => r.includes('The application now'))) await hands.press('Enter');
          started = (await hands.notifications()).some((n) => n.includes('dry run of the command fill_gaps'));
          return started;
        },
        'the dry run of the command to start',
        30_000,
      );
      await hands.inputAsking('Longest gap to fill (frames)');
      await takeScreenshot('dry-run-command-dialog.png');
      await hands.press('Control+A');
      await hands.type('100');
      await hands.press('Enter');
      let failed: string | undefined;
      const failing = api.dryRun.onDidChangeMessage((why) => (failed ??= why));
      try {
        await waitFor(
          () => api.dryRun.report?.script === 'the command fill_gaps' || failed !== undefined,
          'the dry run’s result',
          60_000,
        );
      } finally {
        failing.dispose();
      }
      assert.equal(failed, undefined);
      const report = api.dryRun.report!;
      assert.equal(report.result.ok, true, JSON.stringify(report.result));
      assert.ok(
        report.changes.length > 0,
        `the gaps the command would fill are shown: ${JSON.stringify(report.changes.map((c) => c.text))}`,
      );
      assert.match(report.output, /fill gaps: \d+ filled/);
      assert.equal(await terminal(), before, 'the application ran nothing');
      await takeScreenshot('dry-run-command.png');
      await vscode.commands.executeCommand('motion.clearDryRun');
    });

    it('Attach to the Application from the palette: a breakpoint clicked in the gutter of the command’s function stops on a click in Application Menu, shows its variables, F10 steps and F5 runs on', async () => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(tool()));
      await breakpointByGutterClick(40); // report_gaps: motion.gui.terminal.write(f"{count} gaps\n")
      const stops = watchStops(); // before the session starts: its messages are watched from the first
      const session = await attachFromPalette();
      assert.equal(session.configuration.request, 'attach');
      await stopInReportGaps(session, stops, {
        file: tool(),
        line: 40,
        writes: (count) => `${count} gaps\n`,
        screenshots: ['application-attach.png', 'application-attach-before.png'],
      });
    });

    it('shows what the tool’s draw function draws in the 3D view, over the measurement, at the frame shown', async () => {
      const api = await motionApi();
      await vscode.commands.executeCommand('motion.showSkeleton3D', await explorerItemAt(api, 'Data (read-only)'));
      const panel = api.skeletonViews.last!;
      const reportWhen = async (accept: (r: SceneReport) => boolean, what: string) => {
        let last: SceneReport | undefined;
        await waitFor(async () => accept((last = await panel.report())), what, 30_000);
        return last!;
      };
      const first = await reportWhen(
        (r) => r.measurement !== undefined && r.drawing?.texts[0] === '0.00 s',
        'the drawing at the first frame',
      );
      assert.deepEqual(first.drawing, { spheres: 1, arrows: 0, axes: 0, meshes: 0, texts: ['0.00 s'] });
      // The slider moved: the draw function is asked again, with that frame's time.
      panel.showFrame(990);
      await reportWhen((r) => r.drawing?.texts[0] === '9.90 s', 'the drawing at frame 990');
      await takeScreenshot('tool-drawing-3d.png');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    it('Attach to the Application in Lua: the Lua tool loaded, a gutter breakpoint in its command stops on a click in Application Menu, F10 steps, F5 runs on', async () => {
      const luaStartup = vscode.Uri.file(join(folder(), 'lua', 'startup_tools.lua'));
      // The Lua tool alone in the application: its "Report gaps" is the only one in the menu.
      await vscode.commands.executeCommand('motion.removeFromApplication', startup());
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(luaStartup));
      await hands.palette('Motion: Load into Application');
      await vscode.commands.executeCommand('motion.applicationMenu.focus');
      await sideBarRowsOnce('Lua gap tools');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(luaStartup));
      await breakpointByGutterClick(36); // report_gaps: motion.gui.terminal.write(count .. " gaps (lua)\n")
      const stops = watchStops();
      const session = await attachFromPalette();
      assert.equal(session.configuration.language, 'lua', 'the Lua the script in the editor runs in');
      try {
        await stopInReportGaps(session, stops, {
          file: luaStartup,
          line: 36,
          writes: (count) => `${count} gaps (lua)\n`,
          screenshots: ['application-attach-lua.png'],
        });
      } finally {
        await vscode.commands
          .executeCommand('motion.removeFromApplication', luaStartup)
          .then(undefined, () => undefined);
      }
    });
  });
}
