import type { IncomingMessage } from 'node:http';
import { Fault } from '../model/faults';

export const BODY_LIMIT = 4 * 1024 * 1024;

/** The client closed the connection before its request was read: nobody is left to answer. */
export class ClientWentAway extends Error {}

/**
 * Reads the request body as UTF-8, refusing more than the limit (413) before buffering it.
 * Callback style: the request is answered in the same tick as its last chunk (no promise hop).
 */
export function readBody(
  req: IncomingMessage,
  done: (error: Fault | Error | null, body: string) => void,
  limit = BODY_LIMIT,
): void {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return done(tooLarge(limit), '');
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > limit) {
      settled = true;
      chunks.length = 0;
      done(tooLarge(limit), '');
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done(null, chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks, size).toString('utf8'));
  });
  req.on('error', (error) => {
    if (settled) return;
    settled = true;
    done(error, '');
  });
  req.on('aborted', () => {
    if (settled) return;
    settled = true;
    done(new ClientWentAway('the client closed the connection before sending the whole request'), '');
  });
}

function tooLarge(limit: number): Fault {
  return new Fault('payload_too_large', `request body is larger than ${limit / (1024 * 1024)} MiB`);
}
