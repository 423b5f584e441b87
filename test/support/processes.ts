import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * What runs on this machine, read from /proc (Linux): processes by their parent and command line,
 * their memory, and the TCP ports they listen on. For tests and checks that must see what a
 * program left running, as `ps` and `ss` would show it.
 */

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function pids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** A process's parent, from /proc/PID/stat (its command may hold spaces and parentheses). */
function parentOf(pid: number): number | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** A process's command line, its arguments joined by spaces ('' once it is gone). */
export function commandLine(pid: number): string {
  return (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ').trim();
}

/** Every process below `pid` (children, theirs, …). */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const p of pids()) {
    const parent = parentOf(p);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), p]);
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const child of children.get(p) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/** Processes whose command line contains `text` (to find what a program started; never to stop it). */
export function processesWith(text: string): number[] {
  return pids().filter((p) => p !== process.pid && commandLine(p).includes(text));
}

/** A process's resident memory in bytes (0 once it is gone). */
export function residentBytes(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(read(`/proc/${pid}/status`) ?? '')?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/** The TCP ports (IPv4 and IPv6) that these processes listen on. */
export function listeningPorts(of: number[]): number[] {
  const listening = new Map<string, number>(); // socket inode → port
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of (read(table) ?? '').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // state 0A is LISTEN; local address is ADDR:PORT in hex; the inode is the tenth field.
      if (fields[3] === '0A') listening.set(fields[9], parseInt(fields[1].split(':')[1], 16));
    }
  const ports = new Set<number>();
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      return undefined; // gone meanwhile, or not ours to read
    }
  };
  for (const pid of of) {
    for (const fd of attempt(() => readdirSync(`/proc/${pid}/fd`)) ?? []) {
      const target = attempt(() => readlinkSync(`/proc/${pid}/fd/${fd}`)) ?? '';
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      const port = inode && listening.get(inode);
      if (port) ports.add(port);
    }
  }
  return [...ports].sort((a, b) => a - b);
}
