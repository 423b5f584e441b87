import { request } from 'node:http';
import { startFakeApplication, type FakeApplication } from './fake-application';

/** The application's version as motion.get_version gives it. */
interface Version {
  major: number;
  minor: number;
  build: number;
}

/**
 * An application of another version, in front of a reference server: it has no `without` modules
 * (its documentation does not list them, and a call to one answers 404 as a server without that
 * path does), and everything else is the reference server's own answer, but for its `version` if
 * given. `port`: where it listens (0: any free port).
 */
export function startOtherVersion(
  referenceUrl: string,
  without: readonly string[],
  {
    port = 0,
    version,
    answer,
  }: {
    port?: number;
    version?: Version;
    /** Its own answer to an operation (by path), made from the reference server's: what this version says otherwise. */
    answer?: (path: string, value: unknown) => unknown;
  } = {},
): Promise<FakeApplication> {
  const ownAnswer = answer;
  const lacks = (path: string) =>
    without.some((module) => path.startsWith(`/api/scripting/${module.split('.').join('/')}/`));
  return startFakeApplication((path, body, req, res) => {
    if (lacks(path)) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    const forwarded = request(
      `${referenceUrl}${path}`,
      { method: req.method, headers: { 'content-type': 'application/json' } },
      (answer) => {
        let text = '';
        answer.on('data', (c) => (text += c));
        answer.on('end', () => {
          if (path.endsWith('/get_package_documentation/') && answer.statusCode === 200) {
            const documentation = JSON.parse(text) as { modules: { path: string }[] };
            documentation.modules = documentation.modules.filter((m) => !without.includes(m.path));
            text = JSON.stringify(documentation);
          }
          if (version && path === '/api/scripting/motion/get_version/' && answer.statusCode === 200)
            text = JSON.stringify(version);
          if (ownAnswer && answer.statusCode === 200 && text) text = JSON.stringify(ownAnswer(path, JSON.parse(text)));
          res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' }).end(text);
        });
      },
    );
    forwarded.end(body);
  }, port);
}
