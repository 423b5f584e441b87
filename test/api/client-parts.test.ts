import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import {
  applicationUrlProblem,
  DEFAULT_URL,
  normalApplicationUrl,
  sameApplicationAddress,
} from '../../src/api/client/application-url';
import { CallCancellation } from '../../src/api/client/call-cancellation';
import { MotionConnectionError, MotionError } from '../../src/api/client/motion-error';
import { DOCUMENTATION_SCHEME, documentationUri, documentedPath } from '../../src/api/docs/documentation-uri';

describe('application URLs as users type them', () => {
  it('accepts http:// with a host and port, and nothing after it but a slash', () => {
    for (const ok of ['http://127.0.0.1:7979', ' http://localhost:7979/ ', 'http://mocap-pc', 'http://[::1]:80'])
      assert.equal(applicationUrlProblem(ok), undefined, ok);
  });

  it('refuses other schemes, paths, spaces and empty hosts, saying what to type', () => {
    for (const bad of [
      'https://127.0.0.1:7979',
      '127.0.0.1:7979',
      'xhttp://a',
      'http://',
      'http:///',
      'http://a/api',
      'http://a//',
      'http://a b',
      '',
    ])
      assert.equal(applicationUrlProblem(bad), `Type an http:// URL, e.g. ${DEFAULT_URL}`, bad);
  });

  it('is stored trimmed and without its trailing slash', () => {
    assert.equal(normalApplicationUrl('  http://a:1/  '), 'http://a:1');
    assert.equal(normalApplicationUrl('http://a:1'), 'http://a:1');
    assert.equal(normalApplicationUrl('http://a/b/'), 'http://a/b', 'one slash, at the end only');
  });
});

describe('whether two application URLs reach the same server', () => {
  it('takes 127.0.0.1 and localhost on one port for one server, with or without a slash', () => {
    assert.equal(sameApplicationAddress('http://127.0.0.1:7979', 'http://localhost:7979/'), true);
    assert.equal(sameApplicationAddress('http://127.0.0.1:7979', 'http://127.0.0.1:7979'), true);
  });
  it('tells other ports, other hosts, IPv6 loopback and what is no URL apart', () => {
    assert.equal(sameApplicationAddress('http://127.0.0.1:7979', 'http://127.0.0.1:7980'), false);
    assert.equal(sameApplicationAddress('http://127.0.0.1:7979', 'http://[::1]:7979'), false);
    assert.equal(sameApplicationAddress('http://127.0.0.1:7979', 'http://192.0.2.1:7979'), false);
    assert.equal(sameApplicationAddress('http://127.0.0.1:7979', 'not a url'), false);
    assert.equal(sameApplicationAddress('http://mocap-pc:7979', 'http://mocap-pc:7979/'), true);
  });
});

describe('errors of a call', () => {
  it('name themselves and describe an application’s refusal in one line', () => {
    const refusal = new MotionError(400, 'invalid_argument', 'motion.x.y', 'scale 200 is outside 0.01 to 100', 'scale');
    assert.equal(String(refusal), 'MotionError: scale 200 is outside 0.01 to 100');
    assert.equal(refusal.describe(), 'invalid_argument (scale): scale 200 is outside 0.01 to 100');
    assert.equal(new MotionError(404, 'not_found', 'm.o', 'no skeleton 3').describe(), 'not_found: no skeleton 3');
    const cause = new Error('ECONNREFUSED');
    const down = new MotionConnectionError('unreachable', 'http://a', 'm.o', 'nothing is listening', { cause });
    assert.equal(String(down), 'MotionConnectionError: nothing is listening');
    assert.equal(down.cause, cause);
  });
});

describe('CallCancellation', () => {
  it('cancels every call following a signal with one listener, with the signal’s reason', () => {
    const cancellation = new CallCancellation();
    const caller = new AbortController();
    const calls = Array.from({ length: 20 }, () => new AbortController());
    for (const call of calls) cancellation.follow(caller.signal, call);
    assert.equal(getEventListeners(caller.signal, 'abort').length, 1);
    caller.abort('stop');
    assert.ok(calls.every((c) => c.signal.aborted && c.signal.reason === 'stop'));
    assert.equal(getEventListeners(caller.signal, 'abort').length, 0, 'nothing kept after it fired');
  });

  it('leaves a call alone once it stopped following, and cancels one that follows an aborted signal at once', () => {
    const cancellation = new CallCancellation();
    const caller = new AbortController();
    const done = new AbortController();
    const pending = new AbortController();
    cancellation.follow(caller.signal, done)();
    cancellation.follow(caller.signal, pending);
    caller.abort();
    assert.equal(done.signal.aborted, false);
    assert.equal(pending.signal.aborted, true);
    const late = new AbortController();
    cancellation.follow(caller.signal, late)();
    assert.equal(late.signal.aborted, true);
  });
});

describe('documentation URIs', () => {
  it('name a documented path as a Markdown document of their own scheme, and back', () => {
    assert.equal(DOCUMENTATION_SCHEME, 'motion-docs');
    assert.equal(documentationUri('motion.gui.selection.select'), 'motion-docs:/motion.gui.selection.select.md');
    assert.equal(documentedPath('/motion.gui.md'), 'motion.gui');
    assert.equal(documentedPath('motion.md.md'), 'motion.md', 'only the extension at the end goes');
    assert.equal(documentedPath('/motion.md.x.md'), 'motion.md.x', 'a module named md');
    assert.equal(documentedPath('/motion'), 'motion');
  });
});
