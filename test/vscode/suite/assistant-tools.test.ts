import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from '../../support/wait-for';
import { commandLine, descendants } from '../../support/processes';
import { hands, hasHands } from './hands';
import { motionApi, testApplication } from './motion-extension';
import { connectionState } from './wait';

/** A tool's answer as the model reads it. */
async function ask(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

async function fullBodyScale(): Promise<number> {
  const app = testApplication();
  try {
    const sk = app.settings.processing.skeleton;
    return await sk.get_skeleton_scale('project', (await sk.find_skeleton('project', 'FullBody'))!);
  } finally {
    await app.close();
  }
}

export function assistantToolTests(): void {
  describe('the assistant tools, through VS Code’s language-model tools, in a real VS Code', function () {
    this.timeout(120_000);
    let dir: string;
    before(async () => {
      await connectionState(await motionApi(), (s) => s.kind === 'connected', 'connected');
      dir = mkdtempSync(join(tmpdir(), 'motion-lm-tools-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('are offered to assistants, tagged motion, with their input schemas', async () => {
      // VS Code lists them once it has seen that Motion started (their `when`), a moment after.
      const ours = () => vscode.lm.tools.filter((t) => t.tags.includes('motion'));
      await waitFor(() => ours().length > 0, 'the tools listed', 20_000);
      assert.deepEqual(
        ours()
          .map((t) => t.name)
          .sort(),
        [
          'motion_apply_script',
          'motion_check_script',
          'motion_dry_run_script',
          'motion_read_application',
          'motion_run_script_tests',
          'motion_search_documentation',
          'motion_take_snapshot',
        ],
      );
      const search = ours().find((t) => t.name === 'motion_search_documentation')!;
      assert.deepEqual((search.inputSchema as { required: string[] }).required, ['query']);
    });

    it('offer motion mcp as an MCP server too: MCP: List Servers names Motion, and starting it there runs motion mcp on the connected application', async function () {
      if (!hasHands) this.skip();
      await hands.palette('MCP: List Servers');
      const rows = await hands.quickPickOffering('Motion');
      assert.ok(
        rows.some((r) => r.startsWith('Motion')),
        rows.join(' | '),
      );
      // Started from there, VS Code runs what the definition names: motion mcp on the connected application.
      await hands.type('Motion');
      await hands.press('Enter');
      await hands.quickPickOffering('Start Server');
      await hands.type('Start Server');
      await hands.press('Enter');
      const state = (await motionApi()).connection.state;
      let command = '';
      await waitFor(
        () =>
          (command =
            descendants(process.pid)
              .map(commandLine)
              .find((line) => /motion\.js mcp/.test(line)) ?? '') !== '',
        'the motion mcp process VS Code started',
        30_000,
      );
      assert.ok(command.includes(`--url ${state.url}`), command);
    });

    it('search the documentation and read the application, at once', async () => {
      assert.match(
        await ask('motion_search_documentation', { query: 'skeleton scale' }),
        /motion\.settings\.processing\.skeleton\.[gs]et_skeleton_scale\(source: /,
      );
      const read = await ask('motion_read_application', { skeleton: 'FullBody' });
      assert.match(read, /^Project settings:\n {2}FullBody {2}\(skeleton \d+, scale 1, 22 segments\)$/m);
    });

    it('check a script with the language server’s own checks', async () => {
      const answer = await ask('motion_check_script', {
        code: 'import motion\nmotion.gui.selection.clear_selection()\n',
        language: 'python',
      });
      assert.match(answer, /^1 problem \(1 error\) in the given code/);
      assert.match(answer, /^2:\d+: error: .*clear_selection/m);
    });

    it('refuse bad input, saying what was wrong', async () => {
      await assert.rejects(
        ask('motion_dry_run_script', { path: 'nowhere/missing.py' }),
        /Cannot read nowhere\/missing\.py: there is no such file \(paths are relative to /,
      );
      await assert.rejects(ask('motion_search_documentation', { query: 'x', limit: 0 }), /limit: Too small/);
    });

    it('dry-run a script and apply it for real only after VS Code asked with its diff; one undo takes it back', async () => {
      const script = join(dir, 'half.py');
      writeFileSync(
        script,
        'import motion\nsk = motion.settings.processing.skeleton\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), 0.5)\n',
      );
      const dry = await ask('motion_dry_run_script', { path: script });
      assert.match(dry, /^Dry run ([0-9a-f]{8}) of .*half\.py from the application at .* as it is now: 1 change/);
      assert.equal(await fullBodyScale(), 1, 'a dry run changes nothing');
      const id = /^Dry run ([0-9a-f]{8})/.exec(dry)![1];

      const applied = await ask('motion_apply_script', { dryRunId: id });
      // VS Code asked before it ran (its dialog answers itself in tests): the question held the diff.
      const asked = (await motionApi()).assistantTools.lastConfirmation();
      assert.ok(asked);
      assert.match(asked.title, /^Apply .*half\.py to the application\?$/);
      // Plain text that reads the same in VS Code's dialog (no indentation, lines kept) and as the chat's Markdown.
      assert.match(
        asked.message,
        /found 1 change:\n\n- Project settings › FullBody: scale: 1 → 0\.5\n\nIt runs only if the application is still as the dry run found it\. Motion: Undo Last Change takes it back as one change/,
      );
      assert.match(applied, /^Applied the dry run [0-9a-f]{8}: .*half\.py ran against .* and made 1 change\./);
      assert.equal(await fullBodyScale(), 0.5);

      await vscode.commands.executeCommand('motion.undoLastChange', { confirm: true });
      assert.equal(await fullBodyScale(), 1, 'the Change History took it back');
    });
  });
}
