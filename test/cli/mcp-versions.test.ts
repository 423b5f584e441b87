import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { answerText as text, connectToMotionMcp } from '../support/mcp-client';
import { referenceServer } from '../support/reference-server';
import { scratchFolder } from '../support/scratch-folder';

/** motion mcp's reading tools and the application releases an assistant names (issue 65). */
describe('motion mcp: the releases a script must run on', function () {
  this.timeout(120_000);
  const app = referenceServer({ per: 'suite' });
  // The server runs in the folder, and Windows removes no folder a process runs in: it stops first.
  const scratch = scratchFolder('motion-mcp-versions-', { per: 'suite', stopFirst: () => client?.close() });
  let client: Client;
  before(async () => {
    ({ client } = await connectToMotionMcp(['--url', app.server.url, '--folder', scratch.path], scratch.path));
  });

  it('checks a script against the releases an assistant names, and searches what a release has', async () => {
    writeFileSync(join(scratch.path, 'bones.py'), 'import motion\nmotion.data.object.bone.clear_bones()\n');
    const checked = await client.callTool({
      name: 'motion_check_script',
      arguments: { path: 'bones.py', targets: '2023.3..2026.2' },
    });
    const [head, line] = text(checked).split('\n');
    assert.match(head, /^1 problem \(0 errors\) in bones\.py; .* for the application 2023\.3 to 2026\.2\.$/);
    assert.equal(
      line,
      '2:25: warning: motion.data.object.bone.clear_bones: added in 2024.1; this script targets 2023.3 to 2026.2 [target-versions]',
    );
    const refused = await client.callTool({
      name: 'motion_check_script',
      arguments: { path: 'bones.py', targets: 'soon' },
    });
    assert.equal(refused.isError, true);
    assert.match(text(refused), /targets: "soon" is not a version/);

    const everywhere = text(
      await client.callTool({ name: 'motion_search_documentation', arguments: { query: 'clear bones' } }),
    );
    assert.match(everywhere, /motion\.data\.object\.bone\.clear_bones[\s\S]*\*Since 2024\.1\.\*/);
    const old = await client.callTool({
      name: 'motion_search_documentation',
      arguments: { query: 'clear bones', version: '2023.3' },
    });
    assert.match(text(old), /as the application 2023\.3 has it/);
    assert.doesNotMatch(text(old), /clear_bones/);
  });
});
