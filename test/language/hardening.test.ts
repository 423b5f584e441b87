import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { createMotionLanguageService } from '../../server/language/service/language-service';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { propertyRuns } from '../support/property-runs';
import { scriptOfLines } from '../../bench/ten-thousand-lines';
import { AnalysisWorker, MAX_RESTARTS } from '../../server/language/lsp/analysis-worker-client';
import { initializeLsp, messageText, startLspSession, type LspSession } from '../support/lsp-client';
import { scratchFolder } from '../support/scratch-folder';

describe('language server: one bad file never stops the checking', function () {
  this.timeout(60_000);
  let lsp: LspSession;
  before(async () => {
    lsp = startLspSession();
    await initializeLsp(lsp);
  });
  after(() => lsp.close());

  const open = (uri: string, languageId: string, text: string): Promise<PublishDiagnosticsParams> => {
    const published = lsp.diagnostics(uri);
    void lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: 1, text },
    });
    return published;
  };

  for (const [name, languageId, text] of [
    [
      '10,000 nested Python lists',
      'python',
      `import motion\nmotion.gui.selection.select(${'['.repeat(10_000)}${']'.repeat(10_000)})\n`,
    ],
    [
      '20,000 nested Python dicts',
      'python',
      `import motion\nmotion.gui.selection.select(${'{"a": '.repeat(20_000)}1${'}'.repeat(20_000)})\n`,
    ],
    [
      '20,000 nested Python parentheses',
      'python',
      `import motion\nmotion.gui.selection.select(${'('.repeat(20_000)}1${')'.repeat(20_000)})\n`,
    ],
    ['10,000 nested Lua tables', 'lua', `motion.gui.selection.select(${'{'.repeat(10_000)}${'}'.repeat(10_000)})\n`],
  ] as const) {
    it(`checks a call with ${name}, says what it did not check, and goes on checking other files`, async () => {
      const deep = await open(
        `file:///deep-${name.replace(/\W+/g, '-')}.${languageId === 'lua' ? 'lua' : 'py'}`,
        languageId,
        text,
      );
      assert.match(
        deep.diagnostics.map((d) => messageText(d.message)).join('\n'),
        /not checked: selections nests deeper than 32 levels/,
      );
      assert.equal(deep.diagnostics[0].severity, 3, 'information, not an error');
      const next = await open(
        `file:///after-${name.replace(/\W+/g, '-')}.py`,
        'python',
        'import motion\nmotion.gui.selection.selectt([])\n',
      );
      assert.match(messageText(next.diagnostics[0]?.message ?? ''), /did you mean "select"/);
    });
  }
});

describe('the analysis worker is started again when it dies', () => {
  const scratch = scratchFolder('motion-worker-');

  /** A stand-in worker that dies when asked to check "crash", else answers at once: the restart policy under test, not the analysis. */
  function crashingWorker(): string {
    const script = join(scratch.path, 'worker.js');
    writeFileSync(
      script,
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', (m) => {
         if (m.kind === 'diagnose' && m.uri === 'crash') process.exit(7);
         if (m.kind === 'diagnose') parentPort.postMessage({ kind: 'diagnostics', uri: m.uri, version: 1, diagnostics: [], aliases: [] });
       });`,
    );
    return script;
  }

  it('with the open documents checked again, up to a limit that is logged', async () => {
    const logs: string[] = [];
    const checked: string[] = [];
    let notify = () => undefined as void;
    const worker = new AnalysisWorker({
      script: crashingWorker(),
      onDiagnostics: (m) => (checked.push(m.uri), notify()),
      log: (line) => logs.push(line),
      openDocuments: () => [{ kind: 'open', uri: 'file:///a.py', languageId: 'python', version: 1, text: '' }],
    });
    try {
      const rechecked = new Promise<void>(
        (resolve) => (notify = () => (checked.includes('file:///a.py') ? resolve() : undefined)),
      );
      worker.post({ kind: 'diagnose', uri: 'crash' });
      await rechecked;
      assert.match(logs[0], /analysis worker stopped \(exit 7\); starting it again \(1 of 5\)/);
      for (let i = 1; i <= MAX_RESTARTS; i++) {
        const next = new Promise<void>((resolve) => (notify = () => resolve()));
        worker.post({ kind: 'diagnose', uri: 'crash' });
        if (i < MAX_RESTARTS) await next;
      }
      await new Promise<void>((resolve) => {
        const poll = setInterval(
          () => logs.some((l) => /times within a minute/.test(l)) && (clearInterval(poll), resolve()),
          20,
        );
      });
      assert.match(
        logs.at(-1)!,
        /stopped \(exit 7\) 5 times within a minute; diagnostics are off until the language server restarts/,
      );
    } finally {
      await worker.terminate();
    }
  });
});

describe('the analysis worker at shutdown and on errors', () => {
  const scratch = scratchFolder('motion-worker-');

  it('is not started again once terminated, and logs what a failing worker says', async () => {
    const script = join(scratch.path, 'worker.js');
    writeFileSync(
      script,
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', (m) => {
         if (m.kind === 'diagnose') parentPort.postMessage({ kind: 'failed', uri: m.uri, message: 'no tree' });
         if (m.kind === 'close') throw new Error('thrown in the worker');
       });`,
    );
    const logs: string[] = [];
    const worker = new AnalysisWorker({
      script,
      onDiagnostics: () => undefined,
      log: (line) => logs.push(line),
      openDocuments: () => [],
    });
    worker.post({ kind: 'diagnose', uri: 'file:///a.py' });
    worker.post({ kind: 'close', uri: 'file:///a.py' });
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => logs.length >= 3 && (clearInterval(poll), resolve()), 20);
    });
    // The worker's message and its error travel apart: either may arrive first (a clean CI saw both orders).
    const failed = logs.findIndex((line) => line.startsWith('motion: analysis worker failed'));
    assert.ok(failed === 0 || failed === 1, JSON.stringify(logs));
    assert.equal(logs[1 - failed], 'motion: checking file:///a.py failed: no tree');
    assert.match(logs[failed], /^motion: analysis worker failed: Error: thrown in the worker\n\s+at /);
    assert.match(logs[2], /^motion: analysis worker stopped \(exit 1\); starting it again \(1 of 5\)$/);
    await worker.terminate();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(logs.length, 3, 'terminated: not started again');
  });
});

describe('language server: a 200,000-line script', function () {
  this.timeout(180_000);

  it('is checked whole (both threads together under 300 MB at their peak), and completion answers at once', async function () {
    // A test of resources (half a minute here), not of what is answered: the chunked analysis it
    // relies on is tested on small scripts. Mutation runs leave it out, or each surviving mutant of
    // the language service would cost that half minute (npm test runs it).
    if (process.platform !== 'linux' || process.env.MOTION_MUTATION_RUN) this.skip();
    const lsp = startLspSession();
    try {
      await initializeLsp(lsp);
      const lines = scriptOfLines(200_000).trimEnd().split('\n');
      // Mistakes at the start, in the middle and at the end: every chunk is checked.
      lines[6] = '    sid = skeleton.add_skeletn("project", name + "1")';
      lines[100_001] = '    skeleton.set_skeleton_scale("project", sid, 1000.0)';
      lines.push('motion.gui.selection.selec()', '');
      const text = lines.join('\n');
      const uri = 'file:///long.py';
      // The whole script's diagnostics: those of its top come first, on their own.
      const published = lsp.diagnostics(uri, (p) => p.diagnostics.some((d) => d.range.start.line === 200_000), 150_000);
      void lsp.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'python', version: 1, text },
      });
      const { diagnostics } = await published;
      assert.deepEqual(
        diagnostics.map((d) => [d.range.start.line, d.code]),
        [
          [6, 'unknown-member'],
          [100_001, 'range'],
          [200_000, 'unknown-member'],
        ],
      );
      const completion = await lsp.connection.sendRequest<{ items: { label: string }[] }>('textDocument/completion', {
        textDocument: { uri },
        position: { line: 150_009, character: 12 },
      });
      assert.ok(
        completion.items.some((i) => i.label === 'select'),
        'completion of sel. deep in the file',
      );
      const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${lsp.child.pid}/status`, 'utf8'));
      const peakMb = Number(peak![1]) / 1024;
      console.log(`      peak memory of the language server: ${peakMb.toFixed(0)} MB`);
      assert.ok(peakMb < 300, `peak ${peakMb.toFixed(0)} MB`);
    } finally {
      await lsp.close();
    }
  });
});

describe('language service: deeply nested code answers in time linear in its depth', function () {
  // Each of these took minutes when features climbed from a node with Node.parent (which
  // web-tree-sitter answers by searching down from the root): the first two are the counterexamples
  // CI found (seeds -1265382391 and -307416145 of the property below). The timeout is what fails.
  this.timeout(30_000);
  const N = 20_000;
  const select = 'motion.gui.selection.select(';
  const cases: [string, 'python' | 'lua', string, number][] = [
    [
      '`--[[` 18,150 times in Python (unary minus of lists)',
      'python',
      `import motion\n${select}${'--[['.repeat(18_150)}${']]'.repeat(18_150)})\n`,
      0.66,
    ],
    [
      '`"""` 19,993 times in Lua (a string called with a string)',
      'lua',
      `${select}${'"""'.repeat(19_993)}${'"""'.repeat(19_993)})\n`,
      0.06,
    ],
    ['a member chain 20,000 long', 'python', `import motion\nx = motion${'.gui'.repeat(N)}.`, 0.5],
    ['a Lua member chain 20,000 long', 'lua', `x = motion${'.gui'.repeat(N)}.`, 0.5],
    [
      'a string inside 20,000 lists',
      'python',
      `import motion\n${select}${'['.repeat(N)}{"type": "}${']'.repeat(N)})`,
      0.5,
    ],
    ['a string inside 20,000 Lua tables', 'lua', `${select}${'{'.repeat(N)}{type = "}${'}'.repeat(N)})`, 0.5],
    ['20,000 unclosed parentheses', 'python', `import motion\n${select}${'('.repeat(N)}`, 1],
    ['20,000 nested motion calls', 'lua', `${select.repeat(N)}${')'.repeat(N)}`, 0.5],
    ['20,000 nested Lua functions', 'lua', `${'function f() '.repeat(N)}motion.gui.${' end'.repeat(N)}`, 0.5],
  ];
  for (const [name, languageId, text, at] of cases) {
    it(name, async () => {
      const service = createMotionLanguageService({
        parsers: await loadScriptParsers(),
        documentation: () => bundledDocumentation(),
      });
      const uri = `file:///deep.${languageId === 'lua' ? 'lua' : 'py'}`;
      const document = service.documents.open(uri, languageId, 1, text);
      try {
        assert.ok(Array.isArray(service.diagnose(uri)));
        for (const offset of [Math.floor(text.length * at), text.length - 1, text.length]) {
          const position = document.text.positionAt(offset);
          service.complete(uri, position);
          service.hover(uri, position);
          service.signatureHelp(uri, position);
        }
      } finally {
        service.documents.close(uri);
      }
    });
  }
});

describe('property: no script stops the language service', function () {
  // A guard against a hang, not a time to keep: a drawn Lua table nested 20,000 deep takes
  // tree-sitter's error recovery about a minute alone, and twice that beside the other worker's file.
  this.timeout(300_000);

  // Large and odd inputs: nesting of every bracket kind at any depth, long lines, random bytes in a
  // valid script. Every feature answers (no exception, no stack overflow), in both languages.
  const opener = fc.constantFrom('[', '{', '(', '{"a": ', 'f(', '"', '"""', '--[[', '[[', '\\');
  const closer = (o: string) =>
    ({
      '[': ']',
      '{': '}',
      '(': ')',
      '{"a": ': '1}',
      'f(': ')',
      '"': '"',
      '"""': '"""',
      '--[[': ']]',
      '[[': ']]',
      '\\': '',
    })[o] ?? '';
  const script = fc.oneof(
    fc.record({
      kind: fc.constant('nested' as const),
      open: opener,
      // Mutation runs try each surviving mutant against this test: there, nesting stops at 2,000,
      // where tree-sitter's error recovery on Lua's `{"a": {"a": …` takes a second, not a minute.
      depth: fc.integer({ min: 1, max: process.env.MOTION_MUTATION_RUN ? 2_000 : 20_000 }),
      closed: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('mutated' as const),
      bytes: fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 0xffff }) }), {
        minLength: 1,
        maxLength: 20,
      }),
    }),
    fc.record({ kind: fc.constant('long line' as const), length: fc.integer({ min: 1, max: 200_000 }) }),
  );
  type Script = typeof script extends fc.Arbitrary<infer T> ? T : never;
  const BASE =
    'import motion\nimport motion.gui.selection as sel\nsel.select([{"type": "bone", "id": 1}])\nmotion.settings.processing.skeleton.set_skeleton_scale("project", 1, 2.0)\n';

  function textOf(s: Script): string {
    switch (s.kind) {
      case 'nested':
        return `${BASE}motion.gui.selection.select(${s.open.repeat(s.depth)}${s.closed ? closer(s.open).repeat(s.depth) : ''})\n`;
      case 'mutated': {
        const chars = [...BASE];
        for (const { at, byte } of s.bytes) chars.splice(at % (chars.length + 1), 0, String.fromCharCode(byte));
        return chars.join('');
      }
      case 'long line':
        return `${BASE}x = "${'a'.repeat(s.length)}"; sel.`;
    }
  }

  for (const languageId of ['python', 'lua'] as const) {
    it(`${languageId}: diagnostics, completion, hover and signature help answer for any script`, async () => {
      const parsers = await loadScriptParsers();
      const docs = bundledDocumentation();
      await fc.assert(
        fc.asyncProperty(script, fc.nat(), async (s, at) => {
          const service = createMotionLanguageService({ parsers, documentation: () => docs });
          const uri = `file:///any.${languageId}`;
          const text = textOf(s);
          const document = service.documents.open(uri, languageId, 1, text);
          try {
            assert.ok(Array.isArray(service.diagnose(uri)));
            const position = document.text.positionAt(at % (text.length + 1));
            service.complete(uri, position);
            service.hover(uri, position);
            service.signatureHelp(uri, position);
          } finally {
            service.documents.close(uri);
          }
        }),
        propertyRuns(`${languageId}: any script`, 30),
      );
    });
  }
});
