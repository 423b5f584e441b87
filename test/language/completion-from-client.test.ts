import assert from 'node:assert/strict';
import type { CompletionItem, CompletionList, InitializeResult } from 'vscode-languageserver-protocol';
import { scratchFolder } from '../support/scratch-folder';
import { startLspSession, type LspSession } from '../support/lsp-client';
import { referenceServer } from '../support/reference-server';

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
