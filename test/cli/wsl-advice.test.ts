import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { MotionConnectionError, MotionError } from '../../src/api/client/motion-error';
import type { MachineFacts } from '../../src/api/client/windows-host';
import { wslAdvice } from '../../src/cli/wsl-advice';
import { startMotionServer, type MotionServer } from '../../server/scripting/motion-server';
import { freePort } from '../support/free-port';

/** WSL whose default route leads to the "Windows host" at 127.0.0.2 (another loopback address of this machine). */
const WSL: MachineFacts = {
  platform: 'linux',
  env: { WSL_DISTRO_NAME: 'Ubuntu' },
  read: async (path) =>
    path === '/proc/net/route'
      ? 'Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\neth0\t00000000\t0200007F\t0003\t0\t0\t0\t00000000\n'
      : undefined,
};

const unreachable = (url: string) =>
  new MotionConnectionError(
    'unreachable',
    url,
    'motion.settings.processing.skeleton.get_skeleton_ids',
    'nothing is listening',
  );

/**
 * `motion` typed in WSL's own shell, where nothing answers at 127.0.0.1: it says where the
 * application on the Windows host is and what to type, or why the host cannot be reached.
 */
describe('motion in WSL: advice when nothing answers on WSL’s loopback', () => {
  let port: number;
  let onHost: MotionServer | undefined;
  beforeEach(async () => (port = await freePort()));
  afterEach(async () => {
    await onHost?.close();
    onHost = undefined;
  });

  it('names the host’s URL to use, --url or MOTION_URL, when the application answers there', async () => {
    onHost = await startMotionServer({ host: '127.0.0.2', port, logLevel: 'silent' });
    const advice = await wslAdvice(unreachable(`http://127.0.0.1:${port}`), WSL);
    assert.equal(
      advice,
      `motion runs in WSL, where 127.0.0.1:${port} is WSL's own loopback; the application on the Windows host answers ` +
        `at http://127.0.0.2:${port}: run motion with --url http://127.0.0.2:${port}, or export MOTION_URL=http://127.0.0.2:${port}`,
    );
  });

  it('says the host does not answer either, and how to fix that, for the command line', async () => {
    const advice = await wslAdvice(unreachable(`http://localhost:${port}`), WSL);
    assert.match(advice!, new RegExp(`^motion runs in WSL, where localhost:${port} is WSL's own loopback`));
    assert.match(advice!, new RegExp(`does not answer at 127\\.0\\.0\\.2:${port} either`));
    assert.match(advice!, /networkingMode=mirrored/);
    assert.match(advice!, new RegExp(`run motion with --url http://127\\.0\\.0\\.2:${port}$`));
    assert.doesNotMatch(advice!, /motion\.server\.url/);
  });

  it('does not take something else answering on the host for the application', async () => {
    // A web server that is not a motion application: it answers, but not the documentation module.
    const other: Server = createServer((socket) => socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n'));
    await new Promise<void>((ok) => other.listen(port, '127.0.0.2', ok));
    try {
      assert.match((await wslAdvice(unreachable(`http://127.0.0.1:${port}`), WSL))!, /does not answer at/);
    } finally {
      other.close();
    }
  });

  it('gives none outside WSL, for a URL naming another machine, or for another failure', async () => {
    onHost = await startMotionServer({ host: '127.0.0.2', port, logLevel: 'silent' });
    const url = `http://127.0.0.1:${port}`;
    assert.equal(await wslAdvice(unreachable(url), { ...WSL, env: {} }), undefined, 'not WSL');
    assert.equal(await wslAdvice(unreachable(url), { ...WSL, platform: 'win32' }), undefined, 'Windows');
    assert.equal(await wslAdvice(unreachable(`http://192.0.2.7:${port}`), WSL), undefined, 'another machine');
    const timedOut = new MotionConnectionError('timeout', url, 'op', 'no answer in time');
    assert.equal(await wslAdvice(timedOut, WSL), undefined, 'a time-out is not "nothing listening"');
    assert.equal(await wslAdvice(new MotionError(400, 'bad_argument', 'op', 'no'), WSL), undefined);
    assert.equal(await wslAdvice(new Error('a bug'), WSL), undefined);
  });
});
