import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../support/free-port';
import { referenceServer } from '../support/reference-server';

/** Runs Python code with the motion package, as a script of the user's would, in `env`. */
async function python(code: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.env.MOTION_TEST_PYTHON ?? 'python3', ['-c', code], {
    env: { ...process.env, PYTHONPATH: resolve(__dirname, '../../dist/python'), ...env },
    encoding: 'utf8',
  });
  return stdout.trim();
}

// Where a Windows machine differs: `localhost` resolves to ::1 first there (a refused attempt costs
// about 2 s), and the system's proxy settings apply to every urllib call unless told otherwise.
describe('the Python motion package on the network', () => {
  const app = referenceServer({ per: 'suite' });

  it('calls `localhost` as 127.0.0.1, never trying ::1 first', async () => {
    const port = new URL(app.server.url).port;
    const printed = await python(
      'import motion\nprint(motion._URL)\nprint(motion.settings.processing.skeleton.get_skeleton_count("project"))',
      { MOTION_URL: `http://LocalHost:${port}/` },
    );
    assert.deepEqual(printed.split('\n'), [`http://127.0.0.1:${port}`, '2']);
  });

  it('keeps a URL of another host as it is', async () => {
    const printed = await python('import motion\nprint(motion._application_url("http://capture-pc.lab:7979/"))', {
      MOTION_URL: app.server.url,
    });
    assert.equal(printed, 'http://capture-pc.lab:7979');
  });

  it('goes straight to the application, never through the system’s proxy', async () => {
    const proxy = `http://127.0.0.1:${await freePort()}`;
    const printed = await python(
      'import motion\nprint(motion.settings.processing.skeleton.get_skeleton_count("project"))',
      {
        MOTION_URL: app.server.url,
        http_proxy: proxy,
        HTTP_PROXY: proxy,
        all_proxy: proxy,
        no_proxy: '',
        NO_PROXY: '',
      },
    );
    assert.equal(printed, '2');
  });
});
