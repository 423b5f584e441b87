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
