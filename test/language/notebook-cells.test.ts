import assert from 'node:assert/strict';
import { initializeLsp, messageText, startLspSession, type LspSession } from '../support/lsp-client';

// A notebook's cells reach the language server as scripts of their own (vscode-notebook-cell: URIs).
// They run in a Motion session whose globals hold `motion` already: a cell needs no import.
describe('notebook cells in the language server', function () {
  this.timeout(30_000);
  let lsp: LspSession;
  before(async () => {
    lsp = startLspSession();
    await initializeLsp(lsp);
  });
  after(() => lsp.close());

  const checked = async (uri: string, languageId: string, text: string) => {
    const published = lsp.diagnostics(uri);
    void lsp.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: 1, text },
    });
    return (await published).diagnostics.map((d) => messageText(d.message));
  };
  const CALL = 'motion.settings.processing.skeleton.get_skeleton_cont("project")\n';

  it('checks motion calls in a cell without an import, in both languages', async () => {
    const python = await checked('vscode-notebook-cell:/work/explore.ipynb#W1sZmlsZQ%3D%3D', 'python', CALL);
    assert.equal(python.length, 1, JSON.stringify(python));
    assert.match(python[0], /get_skeleton_cont/);
    const lua = await checked('vscode-notebook-cell:/work/explore.motionbook#W2sZmlsZQ%3D%3D', 'lua', CALL);
    assert.match(lua.join('\n'), /get_skeleton_cont/);
  });

  it('still asks a Python script for its import', async () => {
    assert.deepEqual(await checked('file:///work/script.py', 'python', CALL), []);
  });
});
