import type { IncomingMessage } from 'node:http';
import { Fault } from '../model/faults';

/**
 * The security rules of docs/design.md §3 that are decided from the headers alone: loopback Host with
 * the server's port (DNS rebinding), no foreign Origin (browsers), POST only, JSON only.
 */
export function checkHeaders(
  req: IncomingMessage,
  allowedHosts: ReadonlySet<string>,
  allowedOrigins: ReadonlySet<string>,
): void {
  const raw = req.headers.host;
  const host = raw === undefined || allowedHosts.has(raw) ? raw : raw.toLowerCase();
  if (!host || !allowedHosts.has(host)) {
    throw new Fault('forbidden', `Host ${host ? `"${host}"` : '(none)'} is not allowed; use ${[...allowedHosts][0]}`);
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) {
    throw new Fault('forbidden', `requests from origin "${origin}" are not allowed`);
  }
  if (req.method !== 'POST') throw new Fault('method_not_allowed', `method ${req.method} is not allowed; use POST`);
  const type = req.headers['content-type'];
  if (!isJsonContentType(type)) {
    throw new Fault(
      'unsupported_media_type',
      `Content-Type must be application/json, got ${type ? `"${type}"` : 'none'}`,
    );
  }
}

function isJsonContentType(value: string | undefined): boolean {
  if (value === 'application/json') return true;
  if (!value) return false;
  const [mediaType, ...params] = value.split(';').map((s) => s.trim().toLowerCase());
  if (mediaType !== 'application/json') return false;
  return params.every((p) => p === '' || p === 'charset=utf-8' || p === 'charset="utf-8"');
}

/** `localhost:7979`, `127.0.0.1:7979`, `[::1]:7979`, and the bound host if it is another. */
export function allowedHostsFor(boundHost: string, port: number): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  const bound = boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost;
  if (!names.includes(bound) && bound !== '0.0.0.0' && bound !== '[::]') names.push(bound);
  return new Set(names.map((n) => `${n}:${port}`.toLowerCase()));
}

export function allowedOriginsFor(hosts: ReadonlySet<string>): Set<string> {
  return new Set([...hosts].map((h) => `http://${h}`));
}
