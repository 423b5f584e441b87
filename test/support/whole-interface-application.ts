import { request } from 'node:http';
import { findOperation } from '../../src/api/catalogue';
import { isReadOperation } from '../../src/api/catalogue/read-operations';
import { applicationInterface } from './application-interface';
import { startFakeApplication, type FakeApplication } from './fake-application';

const PREFIX = '/api/scripting/motion/';

/**
 * An application with the whole interface, in front of a reference server: it serves the whole
 * interface's documentation, lets the reference server answer what it models (its state is the
 * skeletons, the selection, the trajectories), answers any other read as `answers` says (else null) and takes any
 * other change. Every request it gets is in `requests`.
 */
export function startWholeInterface(
  referenceUrl: string,
  /** What some reads answer, by operation's full name (the others answer null). */
  answers: Record<string, unknown> = {},
  /** Its documentation: the application's whole interface, unless another is given. */
  served: unknown = applicationInterface(),
): Promise<FakeApplication> {
  const documentation = JSON.stringify(served);
  return startFakeApplication((path, body, req, res) => {
    const parts = path.startsWith(PREFIX) ? path.slice(PREFIX.length).split('/').filter(Boolean) : [];
    const name = parts.pop() ?? '';
    const module = ['motion', ...parts].join('.');
    if (module === 'motion.utilities.documentation' && name === 'get_package_documentation')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(documentation);
    if (!findOperation(module, name))
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(isReadOperation(`${module}.${name}`) ? JSON.stringify(answers[`${module}.${name}`] ?? null) : '');
    const forwarded = request(
      `${referenceUrl}${path}`,
      { method: req.method, headers: { 'content-type': 'application/json' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' });
        answer.pipe(res);
      },
    );
    forwarded.end(body);
  });
}

/** The operations among an application's requests (their paths) that are no reads: what a dry run must never send. */
export function changesAsked(requests: readonly string[]): string[] {
  return requests
    .map((path) => `motion.${path.replace(PREFIX, '').replace(/\/$/, '').split('/').join('.')}`)
    .filter((operation) => !isReadOperation(operation));
}
