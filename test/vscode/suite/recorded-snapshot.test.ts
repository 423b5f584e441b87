import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MotionExtensionApi } from '../../../src/extension/extension';
import type { FakeApplication } from '../../support/fake-application';
import { waitFor } from '../../support/wait-for';
import { changesAsked, startWholeInterface } from '../../support/whole-interface-application';
import { hands, hasHands } from './hands';
import { motionApi, setting } from './motion-extension';
import { connectionState } from './wait';

const TOOL = `"""Say how long the measurement is, and select its first second."""
from motion.gui import message, timeline

measured = timeline.get_measured_range()
frames = measured["end"] - measured["start"] + 1
message.add_message("Measured range", f"{frames} frames", "info")
timeline.set_selected_range({"start": measured["start"], "end": measured["start"] + int(timeline.get_frequency()) - 1})
`;

const TESTS = `# motion-snapshot: ../timeline_tool.motion.json
import runpy
import motion.testing


def test_says_how_long_the_measurement_is():
    runpy.run_path("timeline_tool.py")
    assert motion.testing.calls("motion.gui.message.add_message") == [["Measured range", "500 frames", "info"]]
    assert motion.testing.calls("motion.gui.timeline.set_selected_range") == [[{"start": 10, "end": 109}]]
`;

/** Whether the Testing view lists a test (or file) whose id ends so. */
function listed(items: vscode.TestItemCollection, id: string): boolean {
  let hit = false;
  items.forEach((item) => (hit ||= item.id.endsWith(id) || listed(item.children, id)));
  return hit;
}

/**
 * A snapshot that records a script's reads, taken as a person takes it (the palette, the save
 * dialog), and a test of that script run from the Testing view with no application to ask.
 */
export function recordedSnapshotTests(): void {
  describe('a snapshot that records a script’s reads, and a test that replays it, in a real VS Code', function () {
    this.timeout(120_000);
    let api: MotionExtensionApi;
    let application: FakeApplication;
    const folder = () => vscode.workspace.workspaceFolders![0].uri;
    const tool = () => vscode.Uri.joinPath(folder(), 'timeline_tool.py');
    const snapshot = () => vscode.Uri.joinPath(folder(), 'timeline_tool.motion.json');
    const tests = () => vscode.Uri.joinPath(folder(), 'recorded-tests', 'test_timeline_tool.py');

    before(async function () {
      if (!hasHands) this.skip();
      api = await motionApi();
      application = await startWholeInterface(process.env.MOTION_TEST_SERVER_URL!, {
        'motion.gui.timeline.get_measured_range': { start: 10, end: 509 },
        'motion.gui.timeline.get_frequency': 100,
      });
      await setting('server.url', application.url);
      await connectionState(api, (s) => s.kind === 'connected' && s.url === application.url, 'the application');
      await vscode.workspace.fs.writeFile(tool(), new TextEncoder().encode(TOOL));
      await vscode.workspace.fs.writeFile(tests(), new TextEncoder().encode(TESTS));
    });
    after(async () => {
      await setting('server.url', process.env.MOTION_TEST_SERVER_URL);
      await application?.close();
      for (const uri of [tool(), snapshot(), vscode.Uri.joinPath(tests(), '..')])
        await vscode.workspace.fs.delete(uri, { recursive: true }).then(undefined, () => undefined);
      // The next tests run all the workspace's tests: this one's gone from the Testing view first.
      if (api) await waitFor(() => !listed(api.scriptTests.controller.items, 'test_timeline_tool.py'), 'the test gone');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('Take Snapshot Recording This Script’s Reads saves the state and the answers beside the script; nothing but reads reach the application', async () => {
      await vscode.window.showTextDocument(tool());
      application.requests.length = 0;
      await hands.palette("Motion: Take Snapshot Recording This Script's Reads…");
      // The save dialog suggests the script's name beside it: accepted as it is.
      await hands.quickPickOffering('timeline_tool.motion.json').catch(() => undefined);
      await hands.press('Enter');
      await waitFor(
        async () =>
          await vscode.workspace.fs.stat(snapshot()).then(
            () => true,
            () => false,
          ),
        'the snapshot file',
        60_000,
      ).catch(async (error: Error) => {
        throw new Error(`${error.message}; notifications: ${(await hands.notifications()).join(' | ')}`);
      });
      const saved = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(snapshot())));
      assert.equal(saved.recorded.script, 'timeline_tool.py');
      assert.deepEqual(
        saved.recorded.answers.map((a: { operation: string }) => a.operation),
        [
          'motion.utilities.documentation.get_package_documentation',
          'motion.gui.timeline.get_measured_range',
          'motion.gui.timeline.get_frequency',
        ],
      );
      await waitFor(
        async () =>
          (await hands.notifications()).some((n) =>
            /and 2 answers to timeline_tool\.py's reads\) to timeline_tool\.motion\.json/.test(n),
          ),
        'the message that says what was saved',
      );
      assert.deepEqual(changesAsked(application.requests), [], 'only reads');
    });

    it('the Testing view runs a test of the script from that snapshot, with the application gone', async () => {
      await application.close();
      await vscode.window.showTextDocument(tests());
      const id = 'recorded-tests/test_timeline_tool.py::test_says_how_long_the_measurement_is';
      await waitFor(() => listed(api.scriptTests.controller.items, id), 'the test in the Testing view', 30_000);
      await hands.palette('Test: Run Tests in Current File');
      await waitFor(() => api.scriptTests.results.has(id), 'the test to have run', 90_000);
      const result = api.scriptTests.results.get(id)!;
      assert.equal(result.outcome, 'passed', JSON.stringify(result));
    });
  });
}
