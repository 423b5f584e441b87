import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { hands, hasHands } from './hands';
import { motionApi, takeScreenshot, WORKBENCH } from './motion-extension';

const TESTS = `import motion, motion.testing

sk = motion.settings.processing.skeleton


def test_scale_is_kept():
    body = sk.find_skeleton("project", "FullBody")
    sk.set_skeleton_scale("project", body, 2.0)
    assert motion.testing.skeleton("project", "FullBody")["scale"] == 2.0


def test_fresh_application_each_time():
    # Fails on purpose: every test starts from the demo data, where FullBody's scale is 1.
    assert motion.testing.skeleton("project", "FullBody")["scale"] == 2.0
`;

const SPEC = `local sk = motion.settings.processing.skeleton

describe("probe tools", function()
  it("keeps the scale", function()
    local body = sk.find_skeleton("project", "FullBody")
    sk.set_skeleton_scale("project", body, 2)
    assert.equal(2, motion.testing.skeleton("project", "FullBody").scale)
  end)
end)
`;

const FRESH = `describe("a fresh application", function()
  it("has the demo scale", function()
    -- Fails on purpose: every test starts from the demo data, where FullBody's scale is 1.
    assert.equal(2, motion.testing.skeleton("project", "FullBody").scale)
  end)
end)
`;

export function scriptTestsTests(): void {
  describe('script tests in the Test Explorer of a real VS Code', function () {
    this.timeout(120_000);
    const file = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'tests', 'test_probe_tools.py');
    const spec = (name: string) => vscode.Uri.joinPath(file(), '..', name);
    before(async () => {
      await vscode.workspace.fs.writeFile(file(), new TextEncoder().encode(TESTS));
      await vscode.workspace.fs.writeFile(spec('probe_tools_spec.lua'), new TextEncoder().encode(SPEC));
      await vscode.workspace.fs.writeFile(spec('fresh_spec.lua'), new TextEncoder().encode(FRESH));
    });
    after(() => vscode.workspace.fs.delete(vscode.Uri.joinPath(file(), '..'), { recursive: true }));

    it('Test: Run All Tests runs each against an application of its own, and a failure shows at its line with both values', async function () {
      if (!hasHands) this.skip();
      const api = await motionApi();
      await hands.palette('Test: Run All Tests');
      const ids = [
        'tests/test_probe_tools.py::test_scale_is_kept',
        'tests/test_probe_tools.py::test_fresh_application_each_time',
        'tests/probe_tools_spec.lua::probe tools::keeps the scale',
        'tests/fresh_spec.lua::a fresh application::has the demo scale',
      ];
      await waitFor(() => ids.every((id) => api.scriptTests.results.has(id)), 'every test to have run', 90_000).catch(
        async (error: Error) => {
          const listed: string[] = [];
          const walk = (items: vscode.TestItemCollection): void =>
            items.forEach((item) => (listed.push(item.id), walk(item.children)));
          walk(api.scriptTests.controller.items);
          throw new Error(
            `${error.message}; results: ${[...api.scriptTests.results.keys()].join(', ')}; listed: ${listed.join(', ')}`,
          );
        },
      );
      const [kept, fresh, luaKept, luaFresh] = ids.map((id) => api.scriptTests.results.get(id)!);
      assert.equal(kept.outcome, 'passed', JSON.stringify(kept));
      assert.equal(fresh.outcome, 'failed');
      assert.equal(fresh.failureLine, 14);
      assert.deepEqual([fresh.actual, fresh.expected], ['1', '2.0']);
      assert.equal(luaKept.outcome, 'passed', JSON.stringify(luaKept));
      assert.deepEqual(
        [luaFresh.outcome, luaFresh.failureLine, luaFresh.actual, luaFresh.expected],
        ['failed', 4, '1', '2'],
      );

      // For the picture: the Testing view beside the test file.
      await vscode.commands.executeCommand('workbench.view.testing.focus');
      await waitFor(
        async () =>
          (await hands.textOf(`${WORKBENCH.sideBar} .monaco-list-row`)).some((r) => r.includes('test_probe_tools.py')),
        'the Testing view to list the tests',
      ).catch(async (e: Error) => {
        throw new Error(`${e.message}: ${JSON.stringify(await hands.textOf(`${WORKBENCH.sideBar} .monaco-list-row`))}`);
      });
      // Open the file's row, as a person would, to see each test's result.
      await hands.click(`${WORKBENCH.sideBar} .monaco-list-row`, 'test_probe_tools.py');
      await hands.press('ArrowRight');
      await waitFor(
        async () =>
          (await hands.textOf(`${WORKBENCH.sideBar} .monaco-list-row`)).some((r) =>
            r.includes('test_fresh_application_each_time'),
          ),
        'the file row to show its tests',
      );
      await vscode.window.showTextDocument(file(), { selection: new vscode.Range(13, 0, 13, 0) });
      await takeScreenshot('script-tests.png', [WORKBENCH.sideBar, WORKBENCH.editor], 520);
    });

    it('a test file that cannot be collected shows its error on its own row; the other files’ tests stay listed and run', async function () {
      if (!hasHands) this.skip();
      const api = await motionApi();
      const broken = spec('test_broken_import.py');
      await vscode.workspace.fs.writeFile(
        broken,
        new TextEncoder().encode('import motion\nimport no_such_helper\n\n\ndef test_never():\n    pass\n'),
      );
      try {
        await hands.palette('Test: Refresh Tests');
        const find = (id: string) => {
          let found: vscode.TestItem | undefined;
          const walk = (items: vscode.TestItemCollection): void =>
            items.forEach((item) => {
              if (item.id === id) found = item;
              walk(item.children);
            });
          walk(api.scriptTests.controller.items);
          return found;
        };
        await waitFor(
          () => find('tests/test_broken_import.py')?.error !== undefined,
          'the broken file’s own error',
          60_000,
        );
        const error = find('tests/test_broken_import.py')!.error!;
        assert.match(typeof error === 'string' ? error : error.value, /No module named 'no_such_helper'/);
        assert.ok(find('tests/test_probe_tools.py::test_scale_is_kept'), 'the other file’s tests are still listed');
        await vscode.commands.executeCommand('workbench.view.testing.focus');
        await waitFor(async () => {
          const rows = await hands.textOf(`${WORKBENCH.sideBar} .monaco-list-row`);
          return (
            rows.some((r) => r.includes('test_broken_import.py')) && rows.some((r) => r.includes('test_probe_tools.py'))
          );
        }, 'the Testing view to list both files');
        api.scriptTests.results.clear();
        await hands.palette('Test: Run All Tests');
        await waitFor(
          () => api.scriptTests.results.has('tests/test_probe_tools.py::test_scale_is_kept'),
          'the other tests to run',
          90_000,
        );
      } finally {
        await vscode.workspace.fs.delete(broken);
        await hands.palette('Test: Refresh Tests');
      }
    });

    for (const [language, testFile, id, line, session] of [
      ['Python', 'test_probe_tools.py', 'tests/test_probe_tools.py::test_scale_is_kept', 9, 'Debug test_scale_is_kept'],
      [
        'Lua',
        'probe_tools_spec.lua',
        'tests/probe_tools_spec.lua::probe tools::keeps the scale',
        7,
        'Debug probe tools › keeps the scale',
      ],
    ] as const)
      it(`Debug Test from its gutter icon’s menu stops at a breakpoint set by hand in a ${language} test, and reports it passed`, async function () {
        if (!hasHands) this.skip();
        const api = await motionApi();
        api.scriptTests.results.delete(id);
        // As a person waits for the test's run icon in the gutter: the test is found.
        await waitFor(
          () => !!api.scriptTests.controller.items.get(`tests/${testFile}`)?.children.get(id),
          'the test to be found',
          60_000,
        );
        await vscode.window.showTextDocument(spec(testFile));
        await hands.goToLine(line);
        await hands.press('F9');
        try {
          // The run icon the test has in the gutter, right-clicked: its menu debugs it.
          await hands.rightClick('.part.editor .testing-run-glyph');
          await hands.click('.context-view .action-label', 'Debug Test');
          // A menu ignores a click that comes the moment it opened (it could be the right click's release):
          // still open, it is clicked again, as a person would.
          const menuOpen = async () => (await hands.textOf('.context-view .action-label')).includes('Debug Test');
          await new Promise((resolve) => setTimeout(resolve, 500));
          if (await menuOpen()) await hands.click('.context-view .action-label', 'Debug Test');
          await waitFor(
            async () =>
              (await hands.textOf(`${WORKBENCH.sideBar} .monaco-list-row`)).some((row) => row.includes('body')),
            'the debugger to stop in the test with its variables shown',
            60_000,
          ).catch(async (e: Error) => {
            await takeScreenshot('debug-failure.png');
            throw new Error(
              `${e.message}; session ${vscode.debug.activeDebugSession?.name}; ${JSON.stringify(await hands.notifications())}`,
            );
          });
          assert.equal(vscode.debug.activeDebugSession?.name, session);
          await hands.press('F5');
          await waitFor(() => api.scriptTests.results.has(id), 'the debugged test to report', 60_000);
          assert.equal(api.scriptTests.results.get(id)!.outcome, 'passed');
        } finally {
          vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
        }
      });
  });
}
