import assert from 'node:assert/strict';
import { scratchFolder } from '../support/scratch-folder';
import { messageText, startLspSession, type LspSession } from '../support/lsp-client';
import { referenceServer } from '../support/reference-server';
import { waitFor } from '../support/wait-for';

const SCRIPT = 'import motion\nmotion.data.object.bone.get_bone_count()\n';
const LAB = 'file:///lab/capture/bones.py';
const TOOLS = 'file:///lab/tools/bones.py';

/**
 * motion.targetVersions is a folder's setting: the language server asks for it per script (its
 * scopeUri), as any LSP client answers workspace/configuration, and again when settings change.
 */
describe('the language server: the target versions a folder’s setting names', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  const cache = scratchFolder('motion-targets-', { per: 'suite' });
  let lsp: LspSession;
  afterEach(() => lsp.close());

  /** A session whose motion.targetVersions per script is `settings[uri]`, changeable with `settings`. */
  async function session(settings: Record<string, string | null>) {
    lsp = startLspSession();
    lsp.connection.onRequest(
      'workspace/configuration',
      (params: { items: { section?: string; scopeUri?: string }[] }) =>
        params.items.map((item) =>
          item.section === 'motion.targetVersions' ? (settings[item.scopeUri ?? ''] ?? null) : null,
        ),
    );
    let loaded = false;
    lsp.connection.onNotification('motion/documentationLoaded', () => {
      loaded = true;
    });
    await lsp.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } },
      initializationOptions: { serverUrl: app.server.url, cacheDir: cache.path, serverUrlFromClient: true },
    });
    void lsp.connection.sendNotification('initialized', {});
    await waitFor(() => loaded, 'the documentation');
  }

  const open = (uri: string) =>
    lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'python', version: 1, text: SCRIPT },
    });
  const targetWarnings = (uri: string) =>
    lsp.diagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'target-versions'));

  it('warns in the folder whose setting names a version that lacks the call, and not in the other', async () => {
    const settings: Record<string, string | null> = { [LAB]: '>=2023.3', [TOOLS]: null };
    await session(settings);
    const warned = targetWarnings(LAB);
    await open(LAB);
    const [warning] = (await warned).diagnostics;
    assert.equal(
      warning.message,
      'motion.data.object.bone.get_bone_count: added in 2024.1; this script targets 2023.3 and later',
    );
    assert.equal(warning.severity, 2, 'a warning');
    const quiet = lsp.diagnostics(TOOLS);
    await open(TOOLS);
    assert.deepEqual((await quiet).diagnostics, []);

    // The folder moves to 2024.1 and later: told that settings changed, the server asks again.
    settings[LAB] = '>=2024.1';
    const cleared = lsp.diagnostics(LAB, (p) => p.diagnostics.length === 0);
    await lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await cleared;
  });

  it('says what is wrong with a setting it cannot read, at the script’s first line', async () => {
    await session({ [LAB]: '>= next' });
    const said = lsp.diagnostics(LAB, (p) => p.diagnostics.length > 0);
    await open(LAB);
    const [problem] = (await said).diagnostics;
    assert.equal(problem.code, 'target-versions');
    assert.equal(problem.severity, 1, 'an error');
    assert.match(messageText(problem.message), /^the setting motion\.targetVersions: ">= next" is not a version/);
    assert.deepEqual(problem.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 13 } });
  });

  it('a script’s own comment wins over its folder’s setting', async () => {
    await session({ [LAB]: '>=2023.2' });
    const warned = targetWarnings(LAB);
    await lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: LAB, languageId: 'python', version: 1, text: `# motion: targets 2023.3\n${SCRIPT}` },
    });
    assert.deepEqual(
      (await warned).diagnostics.map((d) => messageText(d.message)),
      ['motion.data.object.bone.get_bone_count: added in 2024.1; this script targets 2023.3'],
    );
  });
});
