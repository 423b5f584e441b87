import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { referenceServer } from '../support/reference-server';
import { runCli, typeInTerminal } from '../support/run-cli';

describe('motion repl, driven through a pipe', function () {
  this.timeout(60_000);
  const application = referenceServer({ per: 'suite' });

  it('Python: prompts, continuation, values shown, input() reading the next line, errors and going on', async () => {
    const typed = [
      'import motion',
      'sk = motion.settings.processing.skeleton',
      'sk.get_skeleton_count("project")',
      'for i in range(2):',
      '    print("row", i)',
      '',
      'name = input("name? ")',
      'NewOne',
      'sk.add_skeleton("project", name) > 0',
      '1/0',
      'print("still here")',
      'if True:', // an open block at the end of input runs
      '    "last"',
    ];
    const run = await runCli(['repl'], application.env, `${typed.join('\n')}\n`);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      [
        '>>> >>> >>> 2',
        '>>> ... ... row 0',
        'row 1',
        '>>> name? >>> True',
        '>>> >>> still here',
        ">>> ... ... 'last'",
        '',
      ].join('\n'),
    );
    assert.match(run.stderr, /File "<console>", line 1, in <module>\n\s+1\/0\n[^]*ZeroDivisionError: division by zero/);
    assert.ok(
      application.server.model.skeletons('project').some((s) => s.name === 'NewOne'),
      'the change reached the application',
    );
  });

  it('Lua: ">> " continuation, tables printed, locals kept, io.read', async () => {
    const typed = [
      'local ids = motion.settings.processing.skeleton.get_skeleton_ids("measurement")',
      '#ids',
      'for i = 1, 2 do',
      '  print(i, {i, i * 10})',
      'end',
      'local answer = io.read()',
      'forty-two',
      'answer:upper()',
    ];
    const run = await runCli(['repl', '--lua'], application.env, `${typed.join('\n')}\n`);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, ['> > 1', '> >> >> 1\t{1, 10}', '2\t{2, 20}', '> > FORTY-TWO', '> '].join('\n'));
  });

  it('Lua: a block still open at the end of input is reported, as lua does, and the exit code is 1', async () => {
    const run = await runCli(['repl', '--lua'], application.env, 'for i = 1, 2 do\n  print(i)\n');
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '> >> >> ', 'nothing ran');
    assert.equal(run.stderr, "stdin:3: 'end' expected (to close 'for' at line 1) near <eof>\n");
  });

  it('Python: a bracket still open at the end of input is a SyntaxError, and the exit code is 1', async () => {
    const run = await runCli(['repl'], application.env, 'print(1,\n');
    assert.equal(run.code, 1);
    assert.match(run.stderr, /SyntaxError: '\(' was never closed/);
  });

  it('Ctrl+C at a continuation prompt drops the statement and prompts ">>> " again (in a terminal)', async () => {
    const typed = await typeInTerminal(['repl'], application.env, [
      ['>>> ', 'if True:\r'],
      ['... ', '\x03'],
      ['^C', 'print("after")\r'],
      ['after', '\x04'],
    ]);
    assert.match(typed, /\.\.\. \^C\r?\n>>> print\("after"\)/, JSON.stringify(typed));
  });

  it('motion run gives input() the lines of standard input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'motion-repl-'));
    try {
      const script = join(dir, 'ask.py');
      writeFileSync(script, 'a = input("first? ")\nb = input()\nprint(a + b)\n');
      const run = await runCli(['run', script], application.env, 'one\ntwo\n');
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, 'first? onetwo\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
