import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { buildConnector as BuildConnector, Pool } from 'undici';
import { buildConnector, Pool as PoolOfUndici } from './undici-pool';

/**
 * One keep-alive connection pool per base URL, shared by every client of that URL.
 * Reads may be pipelined (they are idempotent); writes wait for the connection (undici does not
 * pipeline requests marked non-idempotent).
 */
const pools = new Map<string, { pool: Pool; users: number }>();

/**
 * 8 × 16 reads in flight: an application that takes its time per answer (bench:slow: 2 ms each)
 * is then kept as busy as it can be, and a fast one is not held back; fewer left a slow one idle
 * between answers (6 deep: 1.65× the bound for the tree; 16 deep: 1.0×).
 */
const PIPELINING = 16;
const CONNECTIONS = 8;

export function acquirePool(origin: string): Pool {
  let entry = pools.get(origin);
  if (!entry || entry.pool.destroyed || entry.pool.closed) {
    entry = {
      pool: new PoolOfUndici(origin, {
        connections: CONNECTIONS,
        pipelining: PIPELINING,
        keepAliveTimeout: 4_000,
        connect: answersInOneWrite(buildConnector({ lookup: localhostFirst, autoSelectFamily: true, timeout: 3_000 })),
      }),
      users: 0,
    };
    pools.set(origin, entry);
  }
  entry.users++;
  return entry.pool;
}

/**
 * Connections on which the requests sent while one arrival of answers is read leave together: a
 * pipelined connection sends its next request as each answer ends, and written one by one they
 * cost a system call each (a quarter of the client's CPU in a tree load; a tenth so). The socket is corked
 * while undici reads what arrived, and uncorked before the callers' code runs.
 */
function answersInOneWrite(connect: BuildConnector.connector): BuildConnector.connector {
  return (options, callback) =>
    connect(options, (...connected) => {
      const socket = connected[1];
      socket?.on('readable', () => {
        socket.cork();
        process.nextTick(() => socket.uncork());
      });
      callback(...connected);
    });
}

export async function releasePool(origin: string, pool: Pool): Promise<void> {
  const entry = pools.get(origin);
  if (!entry || entry.pool !== pool) return;
  if (--entry.users > 0) return;
  pools.delete(origin);
  await pool.close();
}

/**
 * `localhost` is tried as 127.0.0.1 first, then ::1: applications listen on IPv4 loopback, and
 * Node may resolve `localhost` to ::1 only.
 */
export const localhostFirst: LookupFunction = (hostname, options, callback) => {
  if (hostname.toLowerCase() !== 'localhost') return dnsLookup(hostname, options, callback as never);
  const addresses: LookupAddress[] = [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ];
  const wanted =
    typeof options === 'object' && options.family ? addresses.filter((a) => a.family === options.family) : addresses;
  if (typeof options === 'object' && options.all)
    (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
  else callback(null, wanted[0].address, wanted[0].family);
};
