import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompletionItem, CompletionList, InitializeResult } from 'vscode-languageserver-protocol';
import { scratchFolder } from '../support/scratch-folder';
import { startLspSession, type LspSession } from '../support/lsp-client';
import { referenceServer } from '../support/reference-server';
import { asksForPackages, packageListFits } from '../../src/extension/workspace/package-list';

const URI = 'file:///work/scripts/first.py';

/**
 * The VS Code extension's own completion provider, registered as it activates, asks for each list
 * itself: the server is told so, offers no completion among its capabilities (so the language
 * client registers no second provider, whose coming cost the first list), and answers all the same.
 */
describe('the language server: completion asked by a client’s own provider (completionFromClient)', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  let lsp: LspSession;
  afterEach(() => lsp.close());
  const cache = scratchFolder('motion-completion-', { per: 'suite' });

  async function initialize(completionFromClient?: boolean): Promise<InitializeResult> {
    lsp = startLspSession();
    const loaded = new Promise((resolve) => lsp.connection.onNotification('motion/documentationLoaded', resolve));
    const result = await lsp.connection.sendRequest<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      initializationOptions: { serverUrl: app.server.url, cacheDir: cache.path, completionFromClient },
    });
    void lsp.connection.sendNotification('initialized', {});
    await loaded;
    return result;
  }

  async function listAfter(text: string): Promise<CompletionList> {
    void lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: URI, languageId: 'python', version: 1, text },
    });
    const lines = text.split('\n');
    return lsp.connection.sendRequest<CompletionList>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: lines.length - 1, character: lines.at(-1)!.length },
      context: { triggerKind: 2, triggerCharacter: '.' },
    });
  }

  it('offers no completion among its capabilities, and still answers each list and its items’ details', async () => {
    const { capabilities } = await initialize(true);
    assert.equal(capabilities.completionProvider, undefined);
    assert.ok(capabilities.hoverProvider, 'its other features are offered as ever');
    const list = await listAfter('import motion\nmotion.');
    const labels = list.items.map((item) => item.label);
    assert.ok(labels.includes('settings') && labels.includes('gui'), `motion.’s modules: ${labels.join(', ')}`);
    const resolved = await lsp.connection.sendRequest<CompletionItem>(
      'completionItem/resolve',
      list.items.find((item) => item.label === 'gui'),
    );
    assert.ok(resolved.documentation, 'the item’s documentation, once shown');
  });

  it('offers completion on `.` and quotes to any other client', async () => {
    const { capabilities } = await initialize(undefined);
    assert.deepEqual(capabilities.completionProvider, { triggerCharacters: ['.', '"', "'"], resolveProvider: true });
  });
});

/**
 * Before its language server is there, the extension gives the list after `motion.` itself from
 * package-list.generated.json: it must be the list the language server gives there, with the
 * documentation bundled with the same version, wherever the extension gives it (asksForPackages).
 */
describe('the package list the extension gives before its language server is there', function () {
  this.timeout(30_000);
  let lsp: LspSession;
  after(() => lsp.close());
  const cache = scratchFolder('motion-package-list-', { per: 'suite' });

  it('is the language server’s list after `motion.` with the bundled documentation, in every place it is given', async () => {
    lsp = startLspSession();
    await lsp.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      // No application said: the documentation bundled with this version, as at the start.
      initializationOptions: { cacheDir: cache.path, serverUrlFromClient: true, completionFromClient: true },
    });
    void lsp.connection.sendNotification('initialized', {});
    const given = JSON.parse(
      readFileSync(join(__dirname, '../../src/extension/workspace/package-list.generated.json'), 'utf8'),
    ) as CompletionItem[];
    assert.ok(given.length >= 7, `the packages: ${given.map((item) => item.label).join(', ')}`);
    const places: [string, string][] = [
      ['python', 'import motion\nmotion.'],
      ['python', 'import motion\n\ndef f():\n    x = motion.'],
      ['python', 'import motion.'],
      ['python', 'from motion.'],
      ['python', 'import motion\nprint("a", motion.'],
      ['lua', 'motion.'],
      ['lua', 'local sk = motion.'],
    ];
    for (const [index, [languageId, text]] of places.entries()) {
      assert.ok(asksForPackages(text.split('\n').at(-1)!, languageId), `the extension gives the list in ${text}`);
      const uri = `file:///work/scripts/place${index}.${languageId === 'python' ? 'py' : 'lua'}`;
      void lsp.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId, version: 1, text },
      });
      const lines = text.split('\n');
      const list = await lsp.connection.sendRequest<CompletionList>('textDocument/completion', {
        textDocument: { uri },
        position: { line: lines.length - 1, character: lines.at(-1)!.length },
      });
      // The server's items replace an empty range at the cursor; the extension's are inserted there.
      const asGiven = list.items.map(({ textEdit, ...item }) => ({ ...item, insertText: textEdit?.newText }));
      assert.deepEqual(asGiven, given, `the list in ${JSON.stringify(text)}`);
    }
  });

  it('is not the language server’s list in a script with target versions, where the extension does not give it', async () => {
    const text = '# motion: targets 2024.1\nimport motion\nmotion.';
    assert.ok(!packageListFits(text, undefined));
    const uri = 'file:///work/scripts/targets.py';
    void lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'python', version: 1, text },
    });
    const list = await lsp.connection.sendRequest<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 2, character: 7 },
    });
    const file = list.items.find((item) => item.label === 'file');
    assert.deepEqual(file?.tags, [1], 'motion.file, which 2024.1 lacks, struck through');
  });
});
