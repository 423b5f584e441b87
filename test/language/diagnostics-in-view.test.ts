import assert from 'node:assert/strict';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { scriptOfLines } from '../../bench/ten-thousand-lines';
import { initializeLsp, startLspSession, type LspSession } from '../support/lsp-client';

/** A long script (chunked) with a misspelt operation at its top, in its middle and at its end. */
function scriptWithMistakes(): { text: string; lines: { top: number; middle: number; end: number } } {
  const lines = scriptOfLines(6_000).trimEnd().split('\n');
  const mistake = 'skeleton.get_skeleton_cont("project")';
  lines.splice(6, 0, mistake);
  lines.splice(3_000, 0, mistake);
  lines.push(mistake);
  return { text: `${lines.join('\n')}\n`, lines: { top: 6, middle: 3_000, end: lines.length - 1 } };
}

/** The lines of a publication's diagnostics, in order. */
const linesOf = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => d.range.start.line).sort((a, b) => a - b);

describe('a long script’s first check: the part in view first, then the whole (language server over stdio)', function () {
  this.timeout(60_000);
  let lsp: LspSession;
  let published: PublishDiagnosticsParams[];

  beforeEach(async () => {
    lsp = startLspSession();
    published = [];
    await initializeLsp(lsp);
  });
  afterEach(() => lsp.close());

  const open = (uri: string, text: string) =>
    lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'python', version: 1, text },
    });

  it('publishes the top’s diagnostics before the whole script’s, each for the version it checked', async () => {
    const { text, lines } = scriptWithMistakes();
    const uri = 'file:///work/long_top.py';
    const whole = lsp.diagnostics(uri, (p) => published.push(p) > 0 && p.diagnostics.length === 3, 30_000);
    await open(uri, text);
    await whole;
    const mine = published.filter((p) => p.uri === uri);
    assert.deepEqual(linesOf(mine[0]), [lines.top], 'first: the top, where an editor opens a script');
    assert.deepEqual(linesOf(mine.at(-1)!), [lines.top, lines.middle, lines.end], 'then the whole');
    assert.ok(
      mine.every((p) => p.version === 1),
      'every publication says the version it is about',
    );
  });

  it('checks first the lines the editor says it shows (motion/visibleRanges), wherever they are', async () => {
    const { text, lines } = scriptWithMistakes();
    const uri = 'file:///work/long_middle.py';
    const whole = lsp.diagnostics(uri, (p) => published.push(p) > 0 && p.diagnostics.length === 3, 30_000);
    await open(uri, text);
    await lsp.connection.sendNotification('motion/visibleRanges', {
      uri,
      ranges: [{ start: { line: lines.middle - 20, character: 0 }, end: { line: lines.middle + 20, character: 0 } }],
    });
    await whole;
    const mine = published.filter((p) => p.uri === uri);
    const middleFirst = mine.findIndex((p) => linesOf(p).includes(lines.middle));
    assert.ok(middleFirst >= 0 && middleFirst < mine.length - 1, 'the middle came before the whole');
    assert.deepEqual(linesOf(mine[middleFirst]), [lines.middle], 'the part in view alone');
  });

  it('a script short enough for one tree is checked whole at once: no publication of a part', async () => {
    const uri = 'file:///work/short.py';
    const lines = scriptOfLines(400).trimEnd().split('\n');
    lines.splice(300, 0, 'skeleton.get_skeleton_cont("project")');
    const whole = lsp.diagnostics(uri, (p) => published.push(p) > 0 && p.diagnostics.length > 0, 10_000);
    await open(uri, `${lines.join('\n')}\n`);
    await whole;
    // The documentation loaded after the open may have it checked again: whole again.
    await lsp.diagnostics(uri, (p) => published.push(p) < 0, 500).catch(() => undefined);
    assert.deepEqual(
      [...new Set(published.map((p) => JSON.stringify(linesOf(p))))],
      ['[300]'],
      'never the top alone (which has no mistake)',
    );
  });
});
