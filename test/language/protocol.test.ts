import assert from 'node:assert/strict';
import type {
  CodeAction,
  CompletionList,
  Diagnostic,
  Hover,
  InlayHint,
  SignatureHelp,
} from 'vscode-languageserver-protocol';
import { catalogueDocumentation } from '../../src/api/docs/catalogue-documentation';
import { scratchFolder } from '../support/scratch-folder';
import { json, startFakeApplication } from '../support/fake-application';
import { messageText, startLspSession, type LspSession } from '../support/lsp-client';
import { referenceServer } from '../support/reference-server';
import { hintText } from '../support/script-fixture';
import { waitFor } from '../support/wait-for';

const URI = 'file:///work/scripts/select_markers.py';
const TEXT =
  'import motion.gui.selection as sel\nfrom motion.settings.processing import skeleton\n\nskeleton.get_skeleton_count("scene")\nsel.\n';

describe('language server over stdio (dist/language-server.js) with the reference server', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  let lsp: LspSession;
  const cache = scratchFolder('motion-lsp-', { per: 'suite', stopFirst: () => lsp?.close() });
  let initialized: Promise<unknown>;
  let registered: Promise<unknown>;
  /** What completion offers inside the first argument on line 4 of the open document (its text's source values). */
  const sourceValuesOffered = async () =>
    (
      await lsp.connection.sendRequest<CompletionList>('textDocument/completion', {
        textDocument: { uri: URI },
        position: { line: 3, character: 30 },
      })
    ).items.map((i) => i.label);

  before(async () => {
    lsp = startLspSession();
    initialized = new Promise((r) => lsp.connection.onNotification('motion/documentationLoaded', r));
    const result = await lsp.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true } },
      initializationOptions: { serverUrl: app.server.url, cacheDir: cache.path },
    });
    // What an editor reads to decide what to ask: every feature, its triggers, and the server's name.
    assert.deepEqual(result, {
      capabilities: {
        textDocumentSync: { openClose: true, change: 2 },
        completionProvider: { triggerCharacters: ['.', '"', "'"], resolveProvider: true },
        hoverProvider: true,
        signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [','] },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        documentSymbolProvider: { label: 'Motion calls' },
        definitionProvider: true,
        inlayHintProvider: true,
      },
      serverInfo: { name: 'motion-language-server' },
    });
    registered = new Promise((resolve) =>
      lsp.connection.onRequest('client/registerCapability', (params: unknown) => {
        resolve(params);
        return null;
      }),
    );
    void lsp.connection.sendNotification('initialized', {});
  });

  it('loads the documentation live from the configured server', async () => {
    const state = (await initialized) as { source: string; serverUrl: string; modules: number };
    assert.equal(state.source, 'live');
    assert.equal(state.serverUrl, app.server.url);
    assert.equal(state.modules, 42, 'the reference server documents the whole interface');
  });

  it('asks to hear of changes to the motion settings (the inlay hints’ are read from them)', async () => {
    const { registrations } = (await registered) as {
      registrations: { method: string; registerOptions: unknown }[];
    };
    assert.deepEqual(
      registrations.map(({ method, registerOptions }) => ({ method, registerOptions })),
      [{ method: 'workspace/didChangeConfiguration', registerOptions: { section: 'motion' } }],
    );
  });

  it('publishes diagnostics for an opened document', async () => {
    const published = lsp.diagnostics(URI, (p) => p.diagnostics.length > 0);
    void lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: URI, languageId: 'python', version: 1, text: TEXT },
    });
    const { diagnostics } = await published;
    assert.deepEqual(
      diagnostics.map((d) => [d.range.start.line, d.message]),
      [[3, 'source: expected one of "project", "measurement", got string "scene"']],
    );
    assert.equal(diagnostics[0].source, 'motion');
  });

  it('answers quick fixes for the diagnostics it published, their data carried through the client', async () => {
    const uri = 'file:///fix.py';
    const published = lsp.diagnostics(uri, (p) => p.diagnostics.length > 0);
    void lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: 'python',
        version: 1,
        text: 'import motion\nmotion.gui.selection.get_selection_cont()\n',
      },
    });
    // What an editor sends back: the diagnostics as published, data included.
    const { diagnostics } = JSON.parse(JSON.stringify(await published)) as { diagnostics: Diagnostic[] };
    const actions = await lsp.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostics[0].range,
      context: { diagnostics },
    });
    assert.deepEqual(
      actions.map((a) => [a.title, a.kind, a.edit?.changes?.[uri]?.[0].newText]),
      [['Change to "get_selection_count"', 'quickfix', 'get_selection_count']],
    );
  });

  it('completes, hovers and helps with signatures', async () => {
    const completion = await lsp.connection.sendRequest<CompletionList>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 4, character: 4 },
    });
    assert.ok(completion.items.some((i) => i.label === 'select'));
    const hover = await lsp.connection.sendRequest<Hover>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 3, character: 12 },
    });
    assert.match((hover.contents as { value: string }).value, /get_skeleton_count\(source:/);
    const help = await lsp.connection.sendRequest<SignatureHelp>('textDocument/signatureHelp', {
      textDocument: { uri: URI },
      position: { line: 3, character: 29 },
    });
    assert.equal(help.signatures[0].label, 'get_skeleton_count(source: "project"|"measurement") -> integer');
  });

  it('answers Go to Definition and the Outline’s symbols', async () => {
    const [target] = await lsp.connection.sendRequest<{ targetUri: string }[]>('textDocument/definition', {
      textDocument: { uri: URI },
      position: { line: 3, character: 12 },
    });
    assert.match(target.targetUri, /get_skeleton_count/);
    const symbols = await lsp.connection.sendRequest<{ name: string }[]>('textDocument/documentSymbol', {
      textDocument: { uri: URI },
    });
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['skeleton.get_skeleton_count'],
    );
  });

  it('re-checks after an incremental edit', async () => {
    const published = lsp.diagnostics(URI);
    void lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [
        { range: { start: { line: 3, character: 28 }, end: { line: 3, character: 35 } }, text: '"project"' },
      ],
    });
    assert.deepEqual((await published).diagnostics, []);
    assert.deepEqual(
      await sourceValuesOffered(),
      ['project', 'measurement'],
      'the edited text is what the server sees',
    );
  });

  it('checks a text on its own (motion/checkScript), leaving the document open there as it is', async () => {
    const checked = await lsp.connection.sendRequest<Diagnostic[]>('motion/checkScript', {
      uri: URI,
      languageId: 'python',
      text: TEXT,
    });
    assert.deepEqual(
      checked.map((d) => [d.range.start.line, d.code]),
      [[3, 'type']],
    );
    assert.deepEqual(
      await sourceValuesOffered(),
      ['project', 'measurement'],
      'the open document still has its edited text',
    );
    await assert.rejects(
      lsp.connection.sendRequest('motion/checkScript', { uri: 'file:///a.js', languageId: 'javascript', text: '' }),
      /only Python and Lua scripts are checked, not javascript/,
    );
  });

  it('checks and completes the names the application has, once they arrived from it', async () => {
    const uri = 'file:///work/scripts/find.py';
    const text = 'from motion.settings.processing import skeleton\nw = skeleton.find_skeleton("project", "Wnd")\n';
    const published = lsp.diagnostics(uri, (p) => p.diagnostics.length > 0);
    void lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'python', version: 1, text },
    });
    const { diagnostics } = await published;
    assert.deepEqual(
      diagnostics.map((d) => [d.severity, d.message]),
      [[3, 'no skeleton named "Wnd" in the project settings; did you mean "Wand"?']],
    );
    const completion = await lsp.connection.sendRequest<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 1, character: 40 },
    });
    assert.deepEqual(
      completion.items.map((i) => i.label),
      ['FullBody', 'Wand'],
    );
    void lsp.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('reloads documentation on request from another application, and re-checks documents', async () => {
    const newer = catalogueDocumentation();
    newer.modules.push({
      path: 'motion.animation.curves',
      brief: 'Curves.',
      details: '',
      methods: [
        {
          name: 'get_curve_count',
          brief: 'Counts curves.',
          details: '',
          parameters: [],
          return_value: { type: 'integer', description: '' },
        },
      ],
    });
    const app = await startFakeApplication((path, _b, _req, res) =>
      json(res, 200, path.endsWith('/get_version/') ? 'Mocap Studio 2.0' : newer),
    );
    const uri = 'file:///work/scripts/curves.py';
    const before = lsp.diagnostics(uri, (p) => p.diagnostics.length > 0);
    void lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: 'python',
        version: 1,
        text: 'import motion\nmotion.animation.curves.get_curve_count()\n',
      },
    });
    assert.match(messageText((await before).diagnostics[0].message), /motion has no module or method "animation"/);
    const after = lsp.diagnostics(uri, (p) => p.diagnostics.length === 0);
    const state = await lsp.connection.sendRequest<{ source: string; modules: number; description: string }>(
      'motion/reloadDocumentation',
      { serverUrl: app.url },
    );
    assert.equal(state.source, 'live');
    assert.equal(state.modules, 8);
    assert.match(state.description, /Mocap Studio 2\.0/);
    await after;
    const completion = await lsp.connection.sendRequest<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 1, character: 7 },
    });
    assert.ok(
      completion.items.some((i) => i.label === 'animation'),
      'a module only the newer application has',
    );
    await app.close();
    const offline = await lsp.connection.sendRequest<{ source: string; modules: number }>(
      'motion/reloadDocumentation',
      {},
    );
    assert.deepEqual(
      [offline.source, offline.modules],
      ['cache', 8],
      'offline, the cached documentation of that application',
    );
  });

  it('gives the inlay hints the motion.inlayHints settings ask for, and has them asked again when the settings change', async () => {
    // Back to the reference server (the test before moved to an application that has gone since).
    await lsp.connection.sendRequest('motion/reloadDocumentation', { serverUrl: app.server.url });
    const uri = 'file:///hints.py';
    void lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: 'python',
        version: 1,
        text: 'import motion.settings.processing.skeleton as sk\nbody = sk.find_skeleton("project", "FullBody")\n',
      },
    });
    const range = { start: { line: 0, character: 0 }, end: { line: 5, character: 0 } };
    const labels = async () =>
      (await lsp.connection.sendRequest<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range })).map(
        (h) => `${h.position.line}:${h.position.character} ${hintText(h.label)}`,
      );
    assert.deepEqual(await labels(), [], 'every kind is off until asked for');
    lsp.connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) =>
        item.section === 'motion.inlayHints' ? { parameterNames: 'literals', variableTypes: true } : null,
      ),
    );
    const refreshed = new Promise<void>((resolve) =>
      lsp.connection.onRequest('workspace/inlayHint/refresh', () => {
        resolve();
        return null;
      }),
    );
    void lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await refreshed;
    assert.deepEqual(await labels(), ['1:4 : integer?', '1:24 source:', '1:35 name:']);

    // Asked right after an edit, before the server re-parsed: the hints of the text as it is now.
    void lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '\n' }],
    });
    assert.deepEqual(await labels(), ['2:4 : integer?', '2:24 source:', '2:35 name:']);
    void lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 3 },
      contentChanges: [
        { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 4 } }, text: 'skeleton' },
      ],
    });
    assert.deepEqual(await labels(), ['2:8 : integer?', '2:28 source:', '2:39 name:']);

    // The name behind an identifier comes from the application after the answer: the editor is asked to ask again.
    const body = await app.client.settings.processing.skeleton.find_skeleton('project', 'FullBody');
    lsp.connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'motion.inlayHints' ? { identifierNames: true } : null)),
    );
    let refreshes = 0;
    lsp.connection.onRequest('workspace/inlayHint/refresh', () => (refreshes++, null));
    void lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await waitFor(() => refreshes === 1, 'the settings read again');
    void lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 4 },
      contentChanges: [
        {
          range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } },
          text: `sk.get_skeleton_name("project", ${body})\n`,
        },
      ],
    });
    assert.deepEqual(await labels(), [], 'not known yet');
    await waitFor(() => refreshes >= 2, 'the editor asked to ask again');
    assert.deepEqual(await labels(), [`3:${32 + String(body).length} FullBody`]);
    lsp.connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
  });

  it('clears diagnostics when a document closes', async () => {
    const cleared = lsp.diagnostics(URI, (p) => p.diagnostics.length === 0);
    void lsp.connection.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
    await cleared;
  });
});
