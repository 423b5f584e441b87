import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted HTTP peer for the client's failure paths that the reference server never shows:
 * silence, non-JSON, empty bodies, plain-text errors, dropped connections, other documentation.
 */
export interface FakeApplication {
  url: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

/** `port`: a port of its own (0: any free one), as an application restarted in place keeps its port. */
export async function startFakeApplication(
  answer: (path: string, body: string, req: IncomingMessage, res: ServerResponse) => void,
  port = 0,
): Promise<FakeApplication> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push(req.url ?? '');
      answer(req.url ?? '', body, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}`,
    port: listening,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function json(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
