import { spawnSync } from 'node:child_process';

/** Another machine's network, simulated: a network namespace joined to this machine's by a cable. */
interface Cable {
  namespace: string;
  /** The names of the cable's ends: this machine's, and the namespace's. */
  ownEnd: string;
  otherEnd: string;
  /** The two ends' addresses, in one /30. */
  ownAddress: string;
  otherAddress: string;
  /** Whether the namespace's traffic goes out through this machine's end (WSL's default gateway). */
  routeThroughOwnEnd?: boolean;
}

function ip(...args: string[]): void {
  const result = spawnSync('ip', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ip ${args.join(' ')}: ${result.stderr || result.error?.message}`);
}

/** A route of this machine's, as `ip -j route` gives it: `default`, an address, or `address/prefix`. */
interface Route {
  dst: string;
}

function addressNumber(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** Whether the /30 starting at `first` shares an address with the route's network. */
function overlaps(first: number, route: Route): boolean {
  if (route.dst === 'default') return false;
  const [address, prefix = '32'] = route.dst.split('/');
  const bits = Math.min(30, Number(prefix));
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (first & mask) >>> 0 === (addressNumber(address) & mask) >>> 0;
}

/**
 * A /30 for a cable (its first two usable addresses), from the first of `networks` (each a /24,
 * `a.b.c`) with one free, starting at `slot`: never one that meets a route of this machine. A
 * machine may itself live in a documentation network (a CI machine was 192.0.2.2, its gateway
 * 192.0.2.1): a cable there would take the machine's own address or its gateway's.
 */
export function freeCableAddresses(
  routes: readonly Route[],
  networks: readonly string[],
  slot: number,
): { ownAddress: string; otherAddress: string } {
  for (const network of networks)
    for (let i = 0; i < 64; i++) {
      const block = ((slot + i) % 64) * 4;
      const first = addressNumber(`${network}.${block}`);
      if (routes.some((route) => overlaps(first, route))) continue;
      return { ownAddress: `${network}.${block + 1}`, otherAddress: `${network}.${block + 2}` };
    }
  throw new Error(`no /30 of ${networks.join('.0/24, ')}.0/24 is free of this machine's routes`);
}

/** This machine's IPv4 routes, every table's. */
export function machineRoutes(): Route[] {
  const result = spawnSync('ip', ['-j', '-4', 'route', 'show', 'table', 'all'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ip route: ${result.stderr || result.error?.message}`);
  return JSON.parse(result.stdout) as Route[];
}

/**
 * Makes the namespace and its veth cable, the namespace's loopback up. Nothing is left when it
 * fails; `removeNamespace` takes it down (and the cable with it).
 */
export function namespaceWithCable(cable: Cable): void {
  const { namespace, ownEnd, otherEnd, ownAddress, otherAddress } = cable;
  ip('netns', 'add', namespace);
  try {
    ip('link', 'add', ownEnd, 'type', 'veth', 'peer', 'name', otherEnd);
    ip('link', 'set', otherEnd, 'netns', namespace);
    ip('addr', 'add', `${ownAddress}/30`, 'dev', ownEnd);
    ip('link', 'set', ownEnd, 'up');
    for (const args of [
      ['link', 'set', 'lo', 'up'],
      ['addr', 'add', `${otherAddress}/30`, 'dev', otherEnd],
      ['link', 'set', otherEnd, 'up'],
      ...(cable.routeThroughOwnEnd ? [['route', 'add', 'default', 'via', ownAddress]] : []),
    ])
      ip('-n', namespace, ...args);
  } catch (error) {
    removeNamespace(namespace);
    throw error;
  }
}

/** Deleting the namespace deletes its end of the cable, and with it this machine's end. */
export function removeNamespace(namespace: string): void {
  spawnSync('ip', ['netns', 'del', namespace]);
}

/** Whether this machine can make network namespaces (root, and `ip` with them; a container may refuse). */
export function canMakeNamespaces(): boolean {
  if (process.getuid?.() !== 0 || spawnSync('ip', ['netns', 'list']).status !== 0) return false;
  // Listing needs no right; making one does: try, and take it down.
  const probe = `motion-probe-${process.pid}`;
  const made = spawnSync('ip', ['netns', 'add', probe]).status === 0;
  if (made) removeNamespace(probe);
  return made;
}
