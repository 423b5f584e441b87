import { request } from 'node:http';

/** A POST to the gateway, as a script's session makes it: the status and the parsed body. */
export function post(
  url: string,
  path: string,
  body: string,
  caller?: string,
): Promise<{ status: number; body: any; type?: string }> {
  return new Promise((resolve, reject) => {
    const out = request(
      `${url}/api/scripting/motion/${path}/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(caller ? { 'motion-caller': caller } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          const answer = { status: res.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text) };
          // Not enumerable: the tests compare status and body; the type is asked for where it matters.
          resolve(Object.defineProperty(answer, 'type', { value: res.headers['content-type'], enumerable: false }));
        });
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}
