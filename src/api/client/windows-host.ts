import { readFile } from 'node:fs/promises';

/**
 * VS Code connected to WSL runs Motion beside the workspace, in WSL, while the application runs on
 * the Windows host. In WSL's default (NAT) networking, 127.0.0.1 there is WSL's own loopback, and
 * the host is the default gateway of WSL's virtual network; in mirrored networking, 127.0.0.1
 * reaches the host itself. No `vscode` import: the extension and the CLI both ask.
 */

/** What this module reads of the machine (a test gives its own). */
export interface MachineFacts {
  /** WSL is Linux: on any other platform nothing of /proc is read. */
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** A file's text, or undefined when it cannot be read. */
  read: (path: string) => Promise<string | undefined>;
}

export const THIS_MACHINE: MachineFacts = {
  platform: process.platform,
  env: process.env,
  read: (path) => readFile(path, 'utf8').catch(() => undefined),
};

/** Only on Linux. WSL sets WSL_DISTRO_NAME in every process it starts; its kernel names itself "microsoft" too. */
export async function runningInWsl(facts: MachineFacts = THIS_MACHINE): Promise<boolean> {
  if (facts.platform !== 'linux') return false;
  if (facts.env.WSL_DISTRO_NAME) return true;
  return /microsoft/i.test((await facts.read('/proc/sys/kernel/osrelease')) ?? '');
}

/**
 * The IPv4 gateway of the default route in a /proc/net/route table, or undefined. Its addresses
 * are hexadecimal in the machine's byte order (little-endian on every machine WSL runs on).
 */
export function defaultGateway(routeTable: string): string | undefined {
  for (const line of routeTable.split('\n').slice(1)) {
    const [, destination, gateway, , , , , mask] = line.trim().split(/\s+/);
    if (destination !== '00000000' || mask !== '00000000' || !/^[0-9A-Fa-f]{8}$/.test(gateway ?? '')) continue;
    if (gateway === '00000000') continue;
    const bytes = (gateway.match(/../g) ?? []).map((pair) => parseInt(pair, 16)).reverse();
    return bytes.join('.');
  }
  return undefined;
}

/** Whether `hostname` names this machine itself, as a URL writes it. */
export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || /^127\./.test(hostname) || hostname === '[::1]';
}

/**
 * Where the Windows host may answer for a loopback URL, when this process runs in WSL: the same
 * port at the default gateway. Undefined outside WSL, for a URL that names another machine, or
 * when WSL's network has no default route.
 */
export async function windowsHostUrl(url: string, facts: MachineFacts = THIS_MACHINE): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!isLoopback(parsed.hostname) || !(await runningInWsl(facts))) return undefined;
  const gateway = defaultGateway((await facts.read('/proc/net/route')) ?? '');
  if (!gateway) return undefined;
  parsed.hostname = gateway;
  return parsed.origin;
}

/**
 * Why the application on the Windows host cannot be used from WSL, and how to fix it: said by the
 * extension before the embedded server stands in, and by `motion` typed in WSL's own shell.
 */
export function windowsHostUnreachable(url: string, hostUrl: string, who: 'VS Code' | 'motion' = 'VS Code'): string {
  const { host } = new URL(url);
  const useIt = who === 'VS Code' ? `set motion.server.url to ${hostUrl}` : `run motion with --url ${hostUrl}`;
  return (
    `${who} runs in WSL, where ${host} is WSL's own loopback, not the Windows host's; ` +
    `the application on the host does not answer at ${new URL(hostUrl).host} either. ` +
    `Turn on WSL's mirrored networking (networkingMode=mirrored under [wsl2] in %UserProfile%\\.wslconfig, then wsl --shutdown), ` +
    `or let the application's port through the Windows firewall for WSL and ${useIt}`
  );
}
