import assert from 'node:assert/strict';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import type { ToAnalysis } from '../../server/language/service/analysis-messages';
import { checkScripts } from '../../server/language/service/check-scripts';
import { createMotionLanguageService } from '../../server/language/service/language-service';
import { OpenScripts, type PublishedDiagnostics } from '../../server/language/service/open-scripts';
import { ScriptChecks } from '../../server/language/service/script-checks';
import { loadScriptParsers, type ScriptParsers } from '../../server/language/service/script-parsers';
import { applicationInterface } from '../support/application-interface';
import { DocumentationIndex } from '../../src/api/docs/documentation-index';
import { waitFor } from '../support/wait-for';

const WRONG = 'import motion\nmotion.settings.processing.skeleton.set_skeleton_scal("project", 1, 2)\n';
const RIGHT = 'import motion\nmotion.settings.processing.skeleton.set_skeleton_scale("project", 1, 2)\n';

/**
 * The open scripts' pipeline with its checking side in-process, as `motion check` runs it: what is
 * posted to the checking side, and what is published, in order.
 */
function pipeline(parsers: ScriptParsers) {
  const documentation = bundledDocumentation();
  const posted: ToAnalysis['kind'][] = [];
  const messages: ToAnalysis[] = [];
  const published: PublishedDiagnostics[] = [];
  const checks = new ScriptChecks(parsers, (message) => scripts.received(message), { documentation });
  const service = createMotionLanguageService({ parsers, documentation: () => documentation });
  const scripts: OpenScripts = new OpenScripts({
    service,
    post: (message) => {
      posted.push(message.kind);
      messages.push(message);
      void checks.receive(message);
    },
    publish: (p) => published.push(p),
    packageName: () => documentation.packageName,
  });
  const codes = (p: PublishedDiagnostics) => p.diagnostics.map((d) => d.code);
  return { scripts, service, posted, messages, published, codes };
}

describe('the open scripts’ pipeline: from an edit to what is published', () => {
  let parsers: ScriptParsers;
  before(async () => (parsers = await loadScriptParsers()));
  const opened: OpenScripts[] = [];
  afterEach(() => opened.splice(0).forEach((s) => s.dispose()));
  const start = () => {
    const p = pipeline(parsers);
    opened.push(p.scripts);
    return p;
  };

  it('a script opened is checked at once and its findings published with its version; other languages are not taken', async () => {
    const { scripts, posted, published, codes } = start();
    assert.equal(scripts.open('file:///a.md', 'markdown', 1, '# motion'), false);
    assert.deepEqual(posted, []);
    assert.equal(scripts.open('file:///a.py', 'python', 1, WRONG), true);
    await waitFor(() => published.length === 1, 'the first check published');
    assert.deepEqual(posted, ['open', 'diagnose']);
    assert.equal(published[0].version, 1);
    assert.deepEqual(codes(published[0]), ['unknown-member']);
  });

  it('a burst of edits is checked once, after it, and the checking side gets its edits with that check, in order; what is published is about the text the editor has', async () => {
    const { scripts, service, posted, messages, published } = start();
    scripts.open('file:///a.py', 'python', 1, WRONG);
    await waitFor(() => published.length === 1, 'the first check published');
    const whole = { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } };
    const fix = (version: number, text: string) => scripts.change('file:///a.py', version, [{ range: whole, text }]);
    fix(2, RIGHT);
    fix(3, WRONG);
    fix(4, RIGHT);
    assert.equal(service.documents.get('file:///a.py')?.text.getText(), RIGHT, 'applied here at once');
    assert.deepEqual(posted, ['open', 'diagnose'], 'nothing sent while the keystrokes come');
    await waitFor(() => published.length === 2, 'the check after the burst published');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(posted, ['open', 'diagnose', 'change', 'diagnose']);
    assert.deepEqual(messages[2], {
      kind: 'change',
      uri: 'file:///a.py',
      version: 4,
      changes: [
        { range: whole, text: RIGHT },
        { range: whole, text: WRONG },
        { range: whole, text: RIGHT },
      ],
    });
    assert.deepEqual(published.slice(1), [{ uri: 'file:///a.py', version: 4, diagnostics: [] }]);
  });

  it('the lines in view: the checking side gets the edits before them; a check after has none left to send', async () => {
    const { scripts, posted, messages, published } = start();
    scripts.open('file:///a.py', 'python', 1, WRONG);
    await waitFor(() => published.length === 1, 'the first check published');
    scripts.change('file:///a.py', 2, [{ text: RIGHT }]);
    const top = [{ start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }];
    scripts.visible('file:///a.py', top);
    scripts.visible('file:///a.py', top);
    assert.deepEqual(posted, ['open', 'diagnose', 'change', 'visible', 'visible']);
    assert.deepEqual(messages[2], { kind: 'change', uri: 'file:///a.py', version: 2, changes: [{ text: RIGHT }] });
    await waitFor(() => published.length === 2, 'the edit’s check published');
    assert.deepEqual(posted.slice(5), ['diagnose']);
    assert.deepEqual(published[1].diagnostics, []);
  });

  it('edits not sent yet are dropped when the checking side gets the whole text: the script opened again, or a new checking side', async () => {
    const { scripts, messages, published, codes } = start();
    scripts.open('file:///a.py', 'python', 1, RIGHT);
    scripts.open('file:///b.py', 'python', 1, RIGHT);
    await waitFor(() => published.length === 2, 'both checked');
    scripts.change('file:///a.py', 2, [{ text: RIGHT }]);
    scripts.open('file:///a.py', 'python', 3, WRONG);
    const a3 = () => published.filter((p) => p.uri === 'file:///a.py' && p.version === 3);
    await waitFor(() => a3().length === 1, 'a.py opened again checked');
    scripts.change('file:///b.py', 2, [{ text: WRONG }]);
    assert.deepEqual(
      scripts.asOpened().map((m) => m.kind === 'open' && [m.uri, m.version, m.text]),
      [
        ['file:///b.py', 2, WRONG],
        ['file:///a.py', 3, WRONG],
      ],
    );
    scripts.checkAll();
    await waitFor(() => a3().length === 2, 'a.py checked again');
    assert.deepEqual(
      messages.filter((m) => m.kind === 'change'),
      [],
      'no edit sent after a text that has it',
    );
    assert.deepEqual(codes(a3()[1]), ['unknown-member']);
  });

  it('closed: its edits not sent yet are dropped too', async () => {
    const { scripts, posted, published } = start();
    scripts.open('file:///a.py', 'python', 1, RIGHT);
    await waitFor(() => published.length === 1, 'checked');
    scripts.change('file:///a.py', 2, [{ text: WRONG }]);
    scripts.close('file:///a.py');
    // The editor may still say what it shows of a script it has just closed.
    scripts.visible('file:///a.py', []);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(posted, ['open', 'diagnose', 'close', 'visible']);
  });

  it('what the checking side found for an older version is not published', () => {
    const { scripts, published } = start();
    scripts.open('file:///a.py', 'python', 1, WRONG);
    scripts.change('file:///a.py', 2, [{ text: RIGHT }]);
    scripts.received({
      kind: 'diagnostics',
      uri: 'file:///a.py',
      version: 1,
      diagnostics: [],
      aliases: [],
      references: [],
    });
    scripts.received({
      kind: 'diagnostics',
      uri: 'file:///b.py',
      version: 1,
      diagnostics: [],
      aliases: [],
      references: [],
    });
    assert.deepEqual(published, []);
  });

  it('new names while an edit waits for its check: nothing of the older text is published again', async () => {
    const { scripts, published } = start();
    scripts.open('file:///a.py', 'python', 1, WRONG);
    await waitFor(() => published.length === 1, 'the first check published');
    scripts.change('file:///a.py', 2, [{ text: RIGHT }]);
    scripts.namesChanged();
    assert.equal(published.length, 1);
  });

  it('disposed: no check is left to come', async () => {
    const { scripts, posted } = start();
    scripts.open('file:///a.py', 'python', 1, WRONG);
    scripts.change('file:///a.py', 2, [{ text: RIGHT }]);
    scripts.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(posted, ['open', 'diagnose'], 'the edit’s check (and the edit with it) was not sent');
  });

  it('closed: forgotten on both sides, and its diagnostics cleared', async () => {
    const { scripts, posted, published } = start();
    scripts.open('file:///a.py', 'python', 1, WRONG);
    await waitFor(() => published.length === 1, 'the first check published');
    scripts.close('file:///a.py');
    assert.deepEqual(published.at(-1), { uri: 'file:///a.py', diagnostics: [] });
    assert.equal(posted.at(-1), 'close');
    assert.deepEqual(scripts.asOpened(), []);
    scripts.namesChanged();
    assert.equal(published.length, 2, 'nothing of it published again');
  });

  it('new documentation: every open script checked again; new names: published again; a new checking side: told every script', async () => {
    const { scripts, posted, published } = start();
    scripts.open('file:///a.py', 'python', 1, WRONG);
    scripts.open('file:///b.lua', 'lua', 7, 'motion.gui.selection.clear_selections(nil)\n');
    await waitFor(() => published.length === 2, 'both checked');
    scripts.checkAll();
    await waitFor(() => published.length === 4, 'both checked again');
    assert.deepEqual(posted.slice(-2), ['diagnose', 'diagnose']);
    scripts.namesChanged();
    // Each checked script once more, in the order their checks came back (a race of the two).
    assert.deepEqual(
      published
        .slice(4)
        .map((p) => [p.uri, p.version])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
      [
        ['file:///a.py', 1],
        ['file:///b.lua', 7],
      ],
    );
    assert.deepEqual(scripts.asOpened(), [
      { kind: 'open', uri: 'file:///a.py', languageId: 'python', version: 1, text: WRONG },
      {
        kind: 'open',
        uri: 'file:///b.lua',
        languageId: 'lua',
        version: 7,
        text: 'motion.gui.selection.clear_selections(nil)\n',
      },
    ]);
  });

  it('a long script’s part in view is published first, marked partial, then the whole', async () => {
    const { scripts, published } = start();
    const lines = [
      'import motion',
      ...Array.from({ length: 6000 }, (_, i) => `x${i} = ${i}`),
      WRONG.split('\n')[1],
      '',
    ];
    scripts.open('file:///long.py', 'python', 1, lines.join('\n'));
    await waitFor(() => published.some((p) => !p.partial), 'the whole check published', 20_000);
    assert.deepEqual(
      published.map((p) => [p.partial ?? false, p.diagnostics.length]),
      [
        [true, 0],
        [false, 1],
      ],
    );
  });

  it('motion check: against the documentation it is given (the application’s, with more than ours)', async () => {
    const call = 'motion.gui.timeline.get_playback_speed()\n';
    const theirs = applicationInterface();
    theirs.modules
      .find((m) => m.path === 'motion.gui.timeline')!
      .methods.push({
        name: 'get_playback_speed',
        brief: 'A newer version’s.',
        details: '',
        parameters: [],
        return_value: { type: 'float', description: '' },
      });
    const newer = DocumentationIndex.fromPackage(theirs, { kind: 'bundled' });
    const [[withOurs], [withTheirs]] = await Promise.all([
      checkScripts(parsers, bundledDocumentation(), [{ uri: 'file:///t.lua', languageId: 'lua', text: call }]),
      checkScripts(parsers, newer, [{ uri: 'file:///t.lua', languageId: 'lua', text: call }]),
    ]);
    assert.deepEqual(
      withOurs.map((d) => d.code),
      ['unknown-member'],
    );
    assert.deepEqual(withTheirs, []);
  });

  it('motion check: each script’s whole check, as the editor’s', async () => {
    const long = [
      'import motion',
      ...Array.from({ length: 6000 }, (_, i) => `x${i} = ${i}`),
      WRONG.split('\n')[1],
      '',
    ].join('\n');
    const found = await checkScripts(parsers, bundledDocumentation(), [
      { uri: 'file:///a.py', languageId: 'python', text: WRONG },
      { uri: 'file:///b.py', languageId: 'python', text: RIGHT },
      { uri: 'file:///long.py', languageId: 'python', text: long },
    ]);
    assert.deepEqual(
      found.map((d) => d.map((x) => [x.range.start.line, x.code])),
      [[[1, 'unknown-member']], [], [[6001, 'unknown-member']]],
    );
  });
});
