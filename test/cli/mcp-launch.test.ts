import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { motionMcpLaunch } from '../../src/runner/mcp-launch';
import { answerText } from '../support/mcp-client';
import { CLI_BIN } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

// What VS Code 1.101+ starts when an assistant wants Motion's tools (mcp-server-provider.ts): the
// very command, arguments and environment of the definition, talked to with the SDK's client.
describe('motion mcp as the extension offers it to VS Code’s assistants (an MCP server definition)', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-mcp-launch-', { per: 'suite', stopFirst: () => client?.close() });
  let server: TestServer;
  let client: Client | undefined;
  before(async () => (server = await startTestServer()));
  after(() => server.close());

  it('runs the CLI with VS Code’s runtime, on the connected application, in the workspace folder', () => {
    const launch = motionMcpLaunch({
      runtime: '/opt/code/code',
      cli: '/ext/dist/motion.js',
      url: 'http://127.0.0.1:7979',
      folder: '/work/lab',
      extensionVersion: '0.1.0',
    });
    assert.deepEqual(launch, {
      command: '/opt/code/code',
      args: ['/ext/dist/motion.js', 'mcp', '--url', 'http://127.0.0.1:7979', '--folder', '/work/lab'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
      version: '0.1.0+http://127.0.0.1:7979',
    });
    const other = motionMcpLaunch({ runtime: 'x', cli: 'y', url: 'http://127.0.0.1:45541', extensionVersion: '0.1.0' });
    assert.notEqual(other.version, launch.version, 'another application: VS Code offers to refresh the tools');
    assert.deepEqual(other.args, ['y', 'mcp', '--url', 'http://127.0.0.1:45541']);
  });

  it('answers an assistant with the tools, reading the application it names', async () => {
    const launch = motionMcpLaunch({
      runtime: process.execPath,
      cli: CLI_BIN,
      url: server.url,
      folder: scratch.path,
      extensionVersion: '0.1.0',
    });
    client = new Client({ name: 'vscode-assistant', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: launch.command,
        args: launch.args,
        cwd: scratch.path,
        env: { ...(process.env as Record<string, string>), ...launch.env },
        stderr: 'pipe',
      }),
    );
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === 'motion_read_application'));
    assert.ok(!tools.some((t) => t.name === 'motion_apply_script'), 'the changing tool is not offered by default');
    const answer = answerText(
      await client.callTool({ name: 'motion_search_documentation', arguments: { query: 'skeleton name' } }),
    );
    assert.match(answer, /get_skeleton_name/);
  });
});
