import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMotionLanguageService } from '../../server/language/service/language-service';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { writePythonStubs } from '../../src/extension/typings/python-stubs-folder';
import { scratchFolder } from '../support/scratch-folder';
import { applicationIndex, applicationInterface } from '../support/application-interface';
import { startFakeApplication, type FakeApplication } from '../support/fake-application';
import { messageText } from '../support/lsp-client';
import { pyright } from '../support/pyright';
import { runCli } from '../support/run-cli';

const CORPUS = join(__dirname, '../fixtures/application-interface/corpus');

/** An application that serves the whole interface's documentation (its other calls are not made here). */
function servingTheInterface(): Promise<FakeApplication> {
  const documentation = JSON.stringify(applicationInterface());
  return startFakeApplication((path, _body, _req, res) => {
    const answer = (value: string) => res.writeHead(200, { 'content-type': 'application/json' }).end(value);
    if (path.endsWith('/documentation/get_package_name/')) return answer('"motion"');
    if (path.endsWith('/documentation/get_package_documentation/')) return answer(documentation);
    if (path === '/api/scripting/motion/get_version/') return answer('{"major": 2026, "minor": 3, "build": 0}');
    res.writeHead(404).end();
  });
}

/**
 * Scripts written the way people write them for the application (a helper module beside them,
 * vectors from variables, dictionaries built before the call, None for an optional parameter,
 * `except RuntimeError`, results of find_… checked for None, callbacks), in Python and Lua:
 * `motion check` and the editor find nothing, and pyright finds no error with our stubs.
 */
describe('a corpus of scripts for the application’s whole interface', function () {
  this.timeout(120_000);
  let application: FakeApplication;
  const scratch = scratchFolder('motion-corpus-', { per: 'suite', stopFirst: () => application?.close() });
  const scripts = readdirSync(CORPUS).filter((f) => /\.(py|lua)$/.test(f));
  before(async () => {
    application = await servingTheInterface();
    cpSync(CORPUS, join(scratch.path, 'corpus'), { recursive: true });
  });

  it('holds tools in both languages', () => {
    assert.ok(scripts.filter((f) => f.endsWith('.py')).length >= 5);
    assert.ok(scripts.filter((f) => f.endsWith('.lua')).length >= 4);
  });

  it('motion check finds nothing, against the application’s own documentation', async () => {
    const run = await runCli(['check', '--url', application.url, join(scratch.path, 'corpus')], {});
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      new RegExp(`^motion check: ${scripts.length} files, 0 problems \\(0 errors\\); documentation live from`),
    );
    assert.equal(run.code, 0);
  });

  it('the editor finds nothing either, and finds what motion check finds in a script with mistakes', async () => {
    const service = createMotionLanguageService({
      parsers: await loadScriptParsers(),
      documentation: applicationIndex,
    });
    const found = (name: string, text: string) => {
      const uri = `file:///corpus/${name}`;
      service.documents.open(uri, name.endsWith('.py') ? 'python' : 'lua', 1, text);
      const diagnostics = service
        .diagnose(uri)
        .map((d) => `${name}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${messageText(d.message)}`);
      service.documents.close(uri);
      return diagnostics;
    };
    assert.deepEqual(
      scripts.flatMap((name) => found(name, readFileSync(join(CORPUS, name), 'utf8'))),
      [],
    );
    const mistakes = [
      'from motion.gui import _3d as draw',
      'from motion.data.object import trajectory',
      'x = 1.0',
      'draw.draw_arow([x, 0, 0], [x, 0, 1])',
      'draw.draw_arrow([x, 0], [x, 0, 1])',
      'trajectory.fill_trajectory(1, "cubic")',
      '',
    ].join('\n');
    writeFileSync(join(scratch.path, 'mistakes.py'), mistakes);
    const editor = found('mistakes.py', mistakes);
    const run = await runCli(['check', '--url', application.url, join(scratch.path, 'mistakes.py')], {});
    assert.equal(run.code, 1, run.stderr);
    const cli = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) =>
        line
          .replace(/^.*mistakes\.py:/, 'mistakes.py:')
          .replace(/: (error|warning): /, ': ')
          .replace(/ \[[\w-]+\]$/, ''),
      );
    assert.equal(editor.length, 3, editor.join('\n'));
    assert.deepEqual(cli, editor);
  });

  it('pyright finds no error with the stubs of the application’s interface', async () => {
    await writePythonStubs(join(scratch.path, 'corpus', 'typings'), applicationIndex());
    writeFileSync(
      join(scratch.path, 'corpus', 'pyrightconfig.json'),
      JSON.stringify({ typeCheckingMode: 'standard', pythonVersion: '3.11', reportMissingModuleSource: 'none' }),
    );
    for (const name of scripts.filter((f) => f.endsWith('.py'))) {
      const checked = await pyright(join(scratch.path, 'corpus'), name);
      assert.match(checked.stdout, /0 errors/, `${name}:\n${checked.stdout}`);
    }
  });
});
