/** What to check when the application at `url` does not answer in time: itself, or the way to its machine. */
export function whatToCheck(url: string): string {
  const { hostname, host } = new URL(url);
  const local = hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
  return local
    ? 'check that the application still responds (it may be busy with a long operation, or hung)'
    : `check that ${host} is reachable from this machine (network, firewall) and that the application there still responds`;
}
