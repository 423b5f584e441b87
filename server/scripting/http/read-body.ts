import type { IncomingMessage } from 'node:http';
import { Fault } from '../model/faults';

export const BODY_LIMIT = 4 * 1024 * 1024;

/** Reads the request body as UTF-8, refusing more than the limit (413) before buffering it. */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks, size).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function tooLarge(limit: number): Fault {
  return new Fault('payload_too_large', `request body is larger than ${limit / (1024 * 1024)} MiB`);
}
