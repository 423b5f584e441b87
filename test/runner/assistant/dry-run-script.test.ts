import assert from 'node:assert/strict';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readSnapshot } from '../../../src/api/state/read-snapshot';
import { encodeSnapshot } from '../../../src/api/state/state-document';
import { cliAssistantContext } from '../../../src/cli/mcp/cli-assistant-context';
import { dryRunScript } from '../../../src/runner/assistant/dry-run-script';
import { ToolRefusal } from '../../../src/runner/assistant/tool-answer';
import { referenceServer } from '../../support/reference-server';
import { scratchFolder } from '../../support/scratch-folder';

const SERVER_SCRIPT = resolve(__dirname, '../../../dist/motion-server.js');

describe('a dry run for an assistant, at its edges', function () {
  this.timeout(60_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-dry-run-tool-', { per: 'suite' });
  /** The interpreter the host names for Python scripts: python3, counting each start in python-runs.txt. */
  const python = () => join(scratch.path, 'counted-python');
  const pythonRuns = () => readFileSync(join(scratch.path, 'python-runs.txt'), 'utf8').split('\n').length - 1;
  const contextAt = (url: string, allowApply = true) => ({
    ...cliAssistantContext(
      { url, timeoutMs: 2000, json: false },
      { folder: scratch.path, python: python(), allowApply },
    ),
    serverScript: SERVER_SCRIPT,
  });
  let context: ReturnType<typeof contextAt>;
  before(() => {
    writeFileSync(python(), `#!/bin/sh\necho started >> "${scratch.path}/python-runs.txt"\nexec python3 "$@"\n`);
    chmodSync(python(), 0o755);
    writeFileSync(join(scratch.path, 'python-runs.txt'), '');
    context = contextAt(app.server.url);
  });
  after(() => context.close());
  const refusal = (pattern: RegExp) => (error: unknown) => error instanceof ToolRefusal && pattern.test(error.message);

  it('a script that changes nothing: no changes, no output, nothing to apply', async () => {
    const before = pythonRuns();
    const { text, data } = await dryRunScript(context, {
      code: 'import motion\nversion = motion.get_version()\n',
      language: 'python',
    });
    assert.match(
      text,
      /^Dry run [0-9a-f]{8} of the given code from the application at .* as it is now: no changes \(the application was not touched\)\.\nThe script finished\.$/,
    );
    assert.equal(pythonRuns(), before + 1, 'in the interpreter the host names');
    assert.deepEqual(
      { ...data, dryRunId: undefined },
      {
        dryRunId: undefined,
        ok: true,
        error: null,
        changes: [],
        notSent: [],
        reads: [],
        output: '',
      },
    );
  });

  it('a script that raises: what it changed before, the error with its line, in words and as data; nothing to apply', async () => {
    const code =
      'import motion, sys\nsk = motion.settings.processing.skeleton\nprint("args", sys.argv[1:])\nsk.set_skeleton_scale("project", sk.find_skeleton("project", "Wand"), 2)\nraise RuntimeError("boom")\n';
    const { text, data } = await dryRunScript(context, { code, language: 'python' });
    assert.match(
      text,
      /: 1 change the script would make \(the application was not touched\)\.\nProject settings\n {2}Wand\n {4}~ scale: 1 → 2\nThe script stopped with RuntimeError at line 5: boom \(the changes above are those it made before\)\.\nIts output:\nargs \[\]\nTraceback \(most recent call last\):\n[^]*\nRuntimeError: boom\n$/,
    );
    assert.doesNotMatch(text, /motion_apply_script/);
    assert.deepEqual(data?.changes, [{ kind: 'changed', path: ['Project settings', 'Wand'], text: 'scale: 1 → 2' }]);
    assert.deepEqual(
      { ...(data?.error as object), traceback: undefined },
      { type: 'RuntimeError', message: 'boom', line: 5, traceback: undefined },
    );
  });

  it('a Lua script runs in Lua, with its arguments', async () => {
    const before = pythonRuns();
    const { text } = await dryRunScript(context, {
      code: 'print("args", arg[1], arg[2])\n',
      language: 'lua',
      args: ['a', 'b c'],
    });
    assert.match(text, /Its output:\nargs\ta\tb c\n$/);
    assert.equal(pythonRuns(), before, 'no Python for a Lua script');
  });

  it('cuts a diff of more than 200 lines, saying so', async () => {
    const code =
      'import motion\nfor i in range(201):\n    motion.settings.processing.skeleton.add_skeleton("project", f"Extra {i}")\n';
    const { text } = await dryRunScript(context, { code, language: 'python' });
    const lines = text.split('\n');
    assert.match(lines[0], /: 201 changes the script would make/);
    assert.match(lines[201], /the diff is cut here/);
    assert.equal(lines.length, 1 + 200 + 2 + 1, 'the cut, how it ended, how to apply');
  });

  it('refuses, saying what to do: the application away, a snapshot it cannot read, a snapshot of another version', async () => {
    const away = contextAt('http://127.0.0.1:9');
    try {
      await assert.rejects(
        dryRunScript(away, { language: 'python', code: 'import motion\n' }),
        refusal(
          /127\.0\.0\.1:9.*\. A dry run starts from the application's state: start the application, or give snapshot \(a \.motion\.json file\) to dry-run without it\.$/,
        ),
      );
      await assert.rejects(
        dryRunScript(context, { language: 'python', code: 'import motion\n', snapshot: 'none.motion.json' }),
        refusal(/^Cannot read the snapshot none\.motion\.json \(ENOENT\)\.$/),
      );
      const { state, origin } = await readSnapshot(app.client);
      writeFileSync(join(scratch.path, 'now.motion.json'), encodeSnapshot(state, origin));
      const other = { ...origin, application: { ...origin.application, major: origin.application.major + 1 } };
      writeFileSync(join(scratch.path, 'other.motion.json'), encodeSnapshot(state, other));
      await assert.rejects(
        dryRunScript(context, { language: 'python', code: 'import motion\n', snapshot: 'other.motion.json' }),
        refusal(/^the snapshot was taken from version [\d.]+ of the application .*: take a new snapshot$/),
      );
      // With the application away, any snapshot will do: there is nothing to compare it with.
      const offline = await dryRunScript(away, {
        language: 'python',
        code: 'import motion\n',
        snapshot: 'other.motion.json',
      });
      assert.match(offline.text, /from the snapshot other\.motion\.json: no changes/);
      const same = await dryRunScript(context, {
        language: 'python',
        code: 'import motion\n',
        snapshot: 'now.motion.json',
      });
      assert.match(same.text, /from the snapshot now\.motion\.json: no changes/);
    } finally {
      await away.close();
    }
  });
});
