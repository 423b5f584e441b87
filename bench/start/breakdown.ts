/**
 * Where a start's time went: the moments VS Code's extension host and Motion's own log note, each
 * as milliseconds from the workbench's start (the page's clock and the logs' are the same machine's).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTimesOf } from '../../src/extension/start-times';

/** The extension host's log lines of a start: the first line matching each pattern. */
const HOST_MOMENTS: [string, RegExp][] = [
  ['the extension host started', /Extension host with pid \d+ started/],
  ['Motion activated', /_doActivateExtension motion-scripting\.motion-scripting/],
];

function logFiles(userData: string): Record<'exthost' | 'motion', string | undefined> {
  const logs = join(userData, 'logs');
  const session = existsSync(logs) ? readdirSync(logs).sort().at(-1) : undefined;
  const host = session ? join(logs, session, 'exthost1') : '';
  const motion = join(host, 'motion-scripting.motion-scripting', 'Motion Scripting.log');
  return {
    exthost: existsSync(join(host, 'remoteexthost.log')) ? join(host, 'remoteexthost.log') : undefined,
    motion: existsSync(motion) ? motion : undefined,
  };
}

/** `2026-11-27 16:33:13.151 [info] …`: the time, as the machine's epoch milliseconds. */
function stamp(line: string): number | undefined {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) /.exec(line);
  return match ? new Date(`${match[1]}T${match[2]}`).getTime() : undefined;
}

/**
 * Each moment found, in milliseconds from `origin` (epoch ms): the extension host's, from its log;
 * Motion's parts, from the line in which Motion times its own start (start-times.ts), from its activation.
 */
export function breakdown(userData: string, origin: number): [string, number][] {
  const files = logFiles(userData);
  const host = files.exthost ? readFileSync(files.exthost, 'utf8').split('\n') : [];
  const motion = files.motion ? readFileSync(files.motion, 'utf8').split('\n') : [];
  const found: [string, number][] = [];
  for (const [what, pattern] of HOST_MOMENTS) {
    const line = host.find((l) => pattern.test(l));
    const at = line ? stamp(line) : undefined;
    if (at !== undefined) found.push([what, at - origin]);
  }
  const activated = found.find(([what]) => what === 'Motion activated')?.[1];
  const parts = startTimesOf(motion.find((l) => startTimesOf(l).length > 0) ?? '');
  if (activated !== undefined) for (const [part, ms] of parts) found.push([`Motion: ${part}`, activated + ms]);
  return found.sort((a, b) => a[1] - b[1]);
}

/** A process's resident memory, in MiB, from /proc (0 once it is gone). */
function residentMiB(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The extension host's memory now (resident, MiB), and that of the processes it started (Motion's
 * language server and embedded server; other extensions' too, in VS Code alone: none here).
 */
export function extensionHostMemory(userData: string): { host: number; children: number } | undefined {
  const files = logFiles(userData);
  const line = files.exthost
    ? readFileSync(files.exthost, 'utf8').match(/Extension host with pid (\d+) started/)
    : null;
  if (!line) return undefined;
  const pid = Number(line[1]);
  return { host: residentMiB(pid), children: childrenOf(pid).reduce((sum, child) => sum + residentMiB(child), 0) };
}
