import assert from 'node:assert/strict';
import {
  defaultGateway,
  runningInWsl,
  windowsHostUnreachable,
  windowsHostUrl,
  type MachineFacts,
} from '../../src/api/client/windows-host';

/** /proc/net/route as WSL 2's NAT network writes it: the default route through the host at 172.28.96.1. */
const WSL_ROUTES = [
  'Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT',
  'eth0\t00601CAC\t00000000\t0001\t0\t0\t0\t00F0FFFF\t0\t0\t0',
  'eth0\t00000000\t01601CAC\t0003\t0\t0\t0\t00000000\t0\t0\t0',
  '',
].join('\n');

function machine(
  env: NodeJS.ProcessEnv,
  files: Record<string, string>,
  platform: NodeJS.Platform = 'linux',
): MachineFacts {
  return { platform, env, read: async (path) => files[path] };
}

const WSL = machine({ WSL_DISTRO_NAME: 'Ubuntu' }, { '/proc/net/route': WSL_ROUTES });

describe('the Windows host, seen from WSL', () => {
  it("reads the default route's gateway, byte by byte in the table's order", () => {
    assert.equal(defaultGateway(WSL_ROUTES), '172.28.96.1');
    // This kind of table from a Linux machine: 192.0.2.1.
    assert.equal(
      defaultGateway(
        'Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\neth0\t00000000\t010200C0\t0003\t0\t0\t0\t00000000\n',
      ),
      '192.0.2.1',
    );
  });

  it('finds no gateway in a table without a default route, or one whose default route has none', () => {
    const header = WSL_ROUTES.split('\n')[0];
    assert.equal(defaultGateway(`${header}\neth0\t00601CAC\t00000000\t0001\t0\t0\t0\t00F0FFFF\t0\t0\t0\n`), undefined);
    assert.equal(defaultGateway(`${header}\nwg0\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0\n`), undefined);
    assert.equal(defaultGateway(''), undefined);
    // A route to 0.0.0.0 with a narrower mask is not the default route.
    assert.equal(defaultGateway(`${header}\neth0\t00000000\t01601CAC\t0003\t0\t0\t0\t000000FF\t0\t0\t0\n`), undefined);
  });

  it('knows WSL by WSL_DISTRO_NAME, or by a kernel that names Microsoft, and nothing else', async () => {
    assert.equal(await runningInWsl(machine({ WSL_DISTRO_NAME: 'Ubuntu-24.04' }, {})), true);
    assert.equal(
      await runningInWsl(machine({}, { '/proc/sys/kernel/osrelease': '5.15.167.4-microsoft-standard-WSL2\n' })),
      true,
    );
    assert.equal(await runningInWsl(machine({}, { '/proc/sys/kernel/osrelease': '6.1.0-28-amd64\n' })), false);
    assert.equal(await runningInWsl(machine({ WSL_DISTRO_NAME: '' }, {})), false);
  });

  it('off Linux reads nothing of /proc and is never WSL, whatever the environment says', async () => {
    const reads: string[] = [];
    const windows: MachineFacts = {
      platform: 'win32',
      env: { WSL_DISTRO_NAME: 'Ubuntu' },
      read: async (path) => {
        reads.push(path);
        return WSL_ROUTES;
      },
    };
    assert.equal(await runningInWsl(windows), false);
    assert.equal(await windowsHostUrl('http://127.0.0.1:7979', windows), undefined);
    assert.deepEqual(reads, []);
  });

  it("names the host's address for a loopback URL in WSL, keeping the port", async () => {
    assert.equal(await windowsHostUrl('http://127.0.0.1:7979', WSL), 'http://172.28.96.1:7979');
    assert.equal(await windowsHostUrl('http://localhost:8123/', WSL), 'http://172.28.96.1:8123');
    assert.equal(await windowsHostUrl('http://127.0.0.2:7979', WSL), 'http://172.28.96.1:7979');
  });

  it('names none outside WSL, for a URL of another machine, or with no default route', async () => {
    assert.equal(
      await windowsHostUrl('http://127.0.0.1:7979', machine({}, { '/proc/net/route': WSL_ROUTES })),
      undefined,
    );
    assert.equal(await windowsHostUrl('http://192.168.1.20:7979', WSL), undefined);
    assert.equal(await windowsHostUrl('http://capture-pc:7979', WSL), undefined);
    assert.equal(await windowsHostUrl('http://127.0.0.1:7979', machine({ WSL_DISTRO_NAME: 'Ubuntu' }, {})), undefined);
    assert.equal(await windowsHostUrl('not a url', WSL), undefined);
  });

  it('says why the host cannot be used and how to fix it, naming both addresses', () => {
    const text = windowsHostUnreachable('http://127.0.0.1:7979', 'http://172.28.96.1:7979');
    assert.match(text, /^VS Code runs in WSL, where 127\.0\.0\.1:7979 is WSL's own loopback/);
    assert.match(text, /does not answer at 172\.28\.96\.1:7979 either/);
    assert.match(text, /networkingMode=mirrored/);
    assert.match(text, /set motion\.server\.url to http:\/\/172\.28\.96\.1:7979$/);
  });
});
