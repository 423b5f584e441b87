import assert from 'node:assert/strict';
import { scratchFolder } from '../support/scratch-folder';
import { startLspSession, type LspSession } from '../support/lsp-client';
import { referenceServer } from '../support/reference-server';
import { waitFor } from '../support/wait-for';

/**
 * One owner for the application's URL: the VS Code extension says it (its connection may have
 * moved to the embedded server), and the language server then never reads the setting; other
 * editors leave that to the setting.
 */
describe('the language server: who says which application to use', function () {
  this.timeout(30_000);
  const first = referenceServer({ per: 'suite' });
  const second = referenceServer({ per: 'suite' });
  let lsp: LspSession;
  afterEach(() => lsp.close());
  const cache = scratchFolder('motion-owner-', { per: 'suite' });

  /** A session whose settings name `second`; resolves with the first documentation it loads, and counts what it asks. */
  async function session(serverUrlFromClient: boolean) {
    lsp = startLspSession();
    const asked = { configuration: 0, loads: [] as string[] };
    // Only the URL's setting counts: the inlay hints' settings are the editor's to give in any case.
    lsp.connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => {
        if (item.section !== 'motion.server') return null;
        asked.configuration++;
        return { url: second.server.url };
      }),
    );
    lsp.connection.onNotification('motion/documentationLoaded', (state: { serverUrl: string }) => {
      asked.loads.push(state.serverUrl);
    });
    await lsp.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } },
      initializationOptions: { serverUrl: first.server.url, cacheDir: cache.path, serverUrlFromClient },
    });
    void lsp.connection.sendNotification('initialized', {});
    await waitFor(() => asked.loads.length > 0, 'the first documentation');
    return asked;
  }

  /** A session of a client that owns the URL and gave none at start (the extension); the URLs of the loads it is told of. */
  async function urlFromClient(): Promise<string[]> {
    lsp = startLspSession();
    const loads: string[] = [];
    lsp.connection.onNotification('motion/documentationLoaded', (state: { serverUrl: string }) => {
      loads.push(state.serverUrl);
    });
    await lsp.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true } },
      initializationOptions: { cacheDir: cache.path, serverUrlFromClient: true },
    });
    void lsp.connection.sendNotification('initialized', {});
    return loads;
  }

  it('with the URL from the client, asks for no URL setting and follows only the client', async () => {
    const asked = await session(true);
    assert.deepEqual(asked.loads, [first.server.url]);
    void lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const moved = await lsp.connection.sendRequest<{ serverUrl: string }>('motion/reloadDocumentation', {
      serverUrl: second.server.url,
    });
    assert.equal(moved.serverUrl, second.server.url);
    assert.deepEqual(
      asked.loads,
      [first.server.url, second.server.url],
      'one load per change the client says, none for the setting',
    );
    assert.equal(asked.configuration, 0);
  });

  it('a client that owns the URL and gave none at start: nothing is loaded until it says which, then that one, once', async () => {
    const loads = await urlFromClient();
    // Asked something after initialized: by then a load at start would have been announced.
    await lsp.connection
      .sendRequest('textDocument/documentSymbol', { textDocument: { uri: 'file:///none.py' } })
      .catch(() => null);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(loads, [], 'no load of a default application');
    await lsp.connection.sendRequest('motion/reloadDocumentation', { serverUrl: second.server.url });
    assert.deepEqual(loads, [second.server.url]);
  });

  it('gives the extension the documentation it uses, loading it only for another application: one loader', async () => {
    const loads = await urlFromClient();
    type InUse = { documentation: { modules: { path: string }[] }; source: { kind: string; url?: string } };
    const ask = (serverUrl: string) => lsp.connection.sendRequest<InUse>('motion/documentation', { serverUrl });
    // Asked twice at once for an application it has not loaded: one load, both answered with it.
    const [a, b] = await Promise.all([ask(first.server.url), ask(first.server.url)]);
    assert.deepEqual(loads, [first.server.url]);
    for (const answer of [a, b]) {
      assert.equal(answer.source.kind, 'live');
      assert.equal(answer.source.url, first.server.url);
      assert.ok(answer.documentation.modules.some((m) => m.path === 'motion.gui.selection'));
    }
    await ask(first.server.url);
    assert.deepEqual(loads, [first.server.url], 'the same application: nothing loaded again');
    assert.equal((await ask(second.server.url)).source.url, second.server.url);
    assert.deepEqual(loads, [first.server.url, second.server.url]);
  });

  it('never asks a client that cannot answer for settings, and uses the URL it was given', async () => {
    lsp = startLspSession();
    let asked = 0;
    lsp.connection.onRequest('workspace/configuration', () => (asked++, [null]));
    const loaded = new Promise<{ serverUrl: string }>((resolve) =>
      lsp.connection.onNotification('motion/documentationLoaded', resolve),
    );
    await lsp.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      initializationOptions: { serverUrl: first.server.url, cacheDir: cache.path },
    });
    void lsp.connection.sendNotification('initialized', {});
    assert.equal((await loaded).serverUrl, first.server.url);
    void lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(asked, 0);
  });

  it('without it (another editor), follows the motion.server.url setting', async () => {
    const asked = await session(false);
    assert.deepEqual(asked.loads, [second.server.url]);
    assert.ok(asked.configuration > 0);
    // The setting changes: the documentation of the application it names now.
    lsp.connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'motion.server' ? { url: first.server.url } : null)),
    );
    void lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await waitFor(() => asked.loads.length === 2, 'the documentation of the application the setting names now');
    assert.deepEqual(asked.loads, [second.server.url, first.server.url]);
  });
});
