import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { Fault } from '../../server/scripting/model/faults';
import { BODY_LIMIT, ClientWentAway, readBody } from '../../server/scripting/http/read-body';

/** A request body under the test's control: its events are emitted by hand, in any order. */
class FakeRequest extends EventEmitter {
  constructor(readonly headers: Record<string, string> = {}) {
    super();
  }
}

interface Outcome {
  error: Fault | Error | null;
  body: string;
}

function reading(headers: Record<string, string> = {}, limit?: number) {
  const req = new FakeRequest(headers);
  const outcomes: Outcome[] = [];
  readBody(req as unknown as IncomingMessage, (error, body) => outcomes.push({ error, body }), limit);
  return { req, outcomes };
}

describe('HTTP: reading a request body (read-body, in process)', () => {
  it('answers with the whole body once it ends, joining chunks, also inside a multi-byte character', () => {
    const { req, outcomes } = reading();
    const text = Buffer.from('["Ärm", "é"]', 'utf8');
    req.emit('data', text.subarray(0, 3)); // splits Ä between its two bytes
    req.emit('data', text.subarray(3, 9));
    req.emit('data', text.subarray(9));
    assert.equal(outcomes.length, 0);
    req.emit('end');
    assert.deepEqual(outcomes, [{ error: null, body: '["Ärm", "é"]' }]);
  });

  it('answers a body of one chunk, and an empty body', () => {
    const one = reading();
    one.req.emit('data', Buffer.from('[1]'));
    one.req.emit('end');
    assert.deepEqual(one.outcomes, [{ error: null, body: '[1]' }]);
    const none = reading();
    none.req.emit('end');
    assert.deepEqual(none.outcomes, [{ error: null, body: '' }]);
  });

  it('refuses a declared length over the limit before reading anything, and allows exactly the limit', () => {
    const over = reading({ 'content-length': String(BODY_LIMIT + 1) });
    assert.equal(over.outcomes.length, 1);
    assert.ok(over.outcomes[0].error instanceof Fault);
    assert.equal(over.outcomes[0].error.code, 'payload_too_large');
    assert.equal(over.outcomes[0].error.message, 'request body is larger than 4 MiB');
    assert.equal(over.outcomes[0].body, '');
    const exact = reading({ 'content-length': '8' }, 8);
    exact.req.emit('data', Buffer.from('[1,2,3]'));
    exact.req.emit('data', Buffer.from(' '));
    exact.req.emit('end');
    assert.deepEqual(exact.outcomes, [{ error: null, body: '[1,2,3] ' }]);
  });

  it('stops at the first chunk past the limit, answers once, and ignores what follows', () => {
    const { req, outcomes } = reading({}, 2 * 1024 * 1024);
    req.emit('data', Buffer.alloc(2 * 1024 * 1024));
    assert.equal(outcomes.length, 0);
    req.emit('data', Buffer.alloc(1));
    assert.equal(outcomes.length, 1);
    assert.equal(outcomes[0].error?.message, 'request body is larger than 2 MiB');
    req.emit('data', Buffer.alloc(1));
    req.emit('end');
    req.emit('error', new Error('late'));
    req.emit('aborted');
    assert.equal(outcomes.length, 1);
  });

  it('passes on a stream error once, and nothing after it', () => {
    const { req, outcomes } = reading();
    req.emit('data', Buffer.from('[1'));
    const broken = new Error('socket hang up');
    req.emit('error', broken);
    req.emit('end');
    req.emit('aborted');
    req.emit('error', new Error('again'));
    assert.deepEqual(outcomes, [{ error: broken, body: '' }]);
  });

  it('says the client went away when it closes mid-body, once', () => {
    const { req, outcomes } = reading();
    req.emit('data', Buffer.from('[1'));
    req.emit('aborted');
    req.emit('error', new Error('after'));
    req.emit('end');
    assert.equal(outcomes.length, 1);
    assert.ok(outcomes[0].error instanceof ClientWentAway);
    assert.equal(outcomes[0].error.message, 'the client closed the connection before sending the whole request');
    assert.equal(outcomes[0].body, '');
  });

  it('ignores an abort or error after the body was answered', () => {
    const { req, outcomes } = reading();
    req.emit('end');
    req.emit('aborted');
    req.emit('error', new Error('late'));
    assert.deepEqual(outcomes, [{ error: null, body: '' }]);
  });
});
