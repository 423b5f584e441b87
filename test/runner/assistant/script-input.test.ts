import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssistantContext } from '../../../src/runner/assistant/assistant-context';
import { scriptToRun } from '../../../src/runner/assistant/script-input';
import { ToolRefusal } from '../../../src/runner/assistant/tool-answer';
import { cliAssistantContext } from '../../../src/cli/mcp/cli-assistant-context';
import { scratchFolder } from '../../support/scratch-folder';

describe('the script a tool is given: a file, or code with its language', () => {
  const scratch = scratchFolder('motion-script-input-', { per: 'suite' });
  let context: ReturnType<typeof cliAssistantContext>;
  before(() => {
    context = cliAssistantContext(
      { url: 'http://127.0.0.1:9', timeoutMs: 1000, json: false },
      { folder: scratch.path, allowApply: false },
    );
    writeFileSync(join(scratch.path, 'Scale.PY'), 'import motion\n');
    writeFileSync(join(scratch.path, 'list.lua'), 'print(1)\n');
    mkdirSync(join(scratch.path, 'folder.py'));
  });
  after(() => context.close());
  const refused = async (input: Parameters<typeof scriptToRun>[0], message: string, ctx: AssistantContext = context) =>
    assert.rejects(scriptToRun(input, ctx), (error: Error) => {
      assert.ok(error instanceof ToolRefusal, error.message);
      assert.equal(error.message, message);
      return true;
    });

  it('code: named in the folder by its language, and said to be the given code', async () => {
    const python = await scriptToRun({ code: 'x = 1', language: 'python' }, context);
    assert.deepEqual(python, {
      path: join(scratch.path, 'assistant-script.py'),
      code: 'x = 1',
      language: 'python',
      label: 'the given code',
      fromFile: false,
    });
    assert.equal(
      (await scriptToRun({ code: '', language: 'lua' }, context)).path,
      join(scratch.path, 'assistant-script.lua'),
    );
  });

  it('a file: its language by its extension in any case, named relative to the folder', async () => {
    const file = await scriptToRun({ path: 'Scale.PY' }, context);
    assert.deepEqual(file, {
      path: join(scratch.path, 'Scale.PY'),
      code: 'import motion\n',
      language: 'python',
      label: 'Scale.PY',
      fromFile: true,
    });
    const absolute = await scriptToRun({ path: join(scratch.path, 'list.lua'), language: 'lua' }, context);
    assert.equal(absolute.language, 'lua');
    assert.equal(absolute.label, 'list.lua');
  });

  it('refuses, naming what to give instead', async () => {
    await refused({ path: 'a.py', code: 'x' }, 'Give either path or code, not both.');
    await refused({}, 'Give the script: path (a .py or .lua file) or code (with language).');
    await refused({ code: 'x' }, 'Give language ("python" or "lua") with code: it cannot be told from code alone.');
    await refused({ path: 'notes.txt' }, 'notes.txt is not a Python (.py) or Lua (.lua) script.');
    await refused({ path: 'list.lua', language: 'python' }, 'list.lua is a Lua script, but language says python.');
    await refused({ path: 'Scale.PY', language: 'lua' }, 'Scale.PY is a Python script, but language says lua.');
  });

  it('a file it cannot read: no such file (as Node or VS Code says it), or the reason', async () => {
    const relativeTo = `(paths are relative to ${scratch.path}).`;
    await refused({ path: 'gone.py' }, `Cannot read gone.py: there is no such file ${relativeTo}`);
    await refused({ path: 'folder.py' }, `Cannot read folder.py: EISDIR ${relativeTo}`);
    const failing = (error: Error): AssistantContext => ({ ...context, readScript: () => Promise.reject(error) });
    const vscode = Object.assign(new Error('gone'), { code: 'FileNotFound' });
    await refused({ path: 'a.py' }, `Cannot read a.py: there is no such file ${relativeTo}`, failing(vscode));
    await refused(
      { path: 'a.py' },
      `Cannot read a.py: the disk is asleep ${relativeTo}`,
      failing(new Error('the disk is asleep')),
    );
  });
});
