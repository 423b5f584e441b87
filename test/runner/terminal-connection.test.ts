import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { terminalUrl, writeTerminalConnection } from '../../src/runner/terminal-connection';
import { runCli } from '../support/run-cli';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer } from '../support/test-server';

describe('a VS Code terminal’s MOTION_URL, following the window’s connection', () => {
  const scratch = scratchFolder('motion-terminal-connection-');
  const env = (file: string, url: string, setUrl = url) => ({
    MOTION_URL: url,
    MOTION_URL_SET_BY_VSCODE: setUrl,
    MOTION_CONNECTION_FILE: file,
  });

  it('is the connection file’s URL while MOTION_URL is the one VS Code set', async () => {
    const file = join(scratch.path, 'connections', 'window.url');
    await writeTerminalConnection(file, 'http://127.0.0.1:7979');
    assert.equal(readFileSync(file, 'utf8'), 'http://127.0.0.1:7979\n');
    assert.equal(terminalUrl(env(file, 'http://127.0.0.1:45541')), 'http://127.0.0.1:7979');
  });

  it('is MOTION_URL when the person set their own, when there is no file, or outside VS Code', async () => {
    const file = join(scratch.path, 'window.url');
    await writeTerminalConnection(file, 'http://127.0.0.1:7979');
    assert.equal(terminalUrl(env(file, 'http://mocap-pc:7979', 'http://127.0.0.1:45541')), 'http://mocap-pc:7979');
    assert.equal(
      terminalUrl(env(join(scratch.path, 'closed.url'), 'http://127.0.0.1:45541')),
      'http://127.0.0.1:45541',
    );
    assert.equal(terminalUrl({ MOTION_URL: 'http://mocap-pc:7979' }), 'http://mocap-pc:7979');
    assert.equal(terminalUrl({}), undefined);
    assert.equal(
      terminalUrl(env(file, 'http://127.0.0.1:45541'), () => '  \n'),
      'http://127.0.0.1:45541',
      'an empty file',
    );
  });

  it('`motion` in a terminal opened before the move talks to the application Motion moved to', async function () {
    this.timeout(30_000);
    const application = await startTestServer();
    try {
      const file = join(scratch.path, 'moved.url');
      await writeTerminalConnection(file, application.url);
      // The terminal's environment still names the embedded server it was opened with, long gone.
      const tree = await runCli(['tree'], env(file, 'http://127.0.0.1:9'));
      assert.equal(tree.code, 0, tree.stderr);
      assert.match(tree.stdout, /FullBody/);
    } finally {
      await application.close();
    }
  });
});
