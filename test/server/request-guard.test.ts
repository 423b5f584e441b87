import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { Fault } from '../../server/scripting/model/faults';
import { allowedHostsFor, allowedOriginsFor, checkHeaders } from '../../server/scripting/http/request-guard';

/** The header rules decide from headers and method alone: a plain object stands in for the request. */
function request(headers: Record<string, string | undefined>, method = 'POST'): IncomingMessage {
  return { headers, method } as unknown as IncomingMessage;
}

const HOSTS = allowedHostsFor('127.0.0.1', 7979);
const ORIGINS = allowedOriginsFor(HOSTS);
const JSON_TYPE = 'application/json';

function refusal(headers: Record<string, string | undefined>, method?: string): Fault {
  try {
    checkHeaders(request(headers, method), HOSTS, ORIGINS);
  } catch (error) {
    assert.ok(error instanceof Fault, String(error));
    return error;
  }
  assert.fail(`${JSON.stringify(headers)} was accepted`);
}

function accepts(headers: Record<string, string | undefined>): void {
  checkHeaders(request(headers), HOSTS, ORIGINS);
}

describe('HTTP: the header rules (request-guard, in process)', () => {
  it('allows the three loopback names with the port, and the bound host when it is another', () => {
    assert.deepEqual([...HOSTS], ['127.0.0.1:7979', 'localhost:7979', '[::1]:7979']);
    assert.deepEqual(
      [...allowedHostsFor('127.0.0.2', 80)],
      ['127.0.0.1:80', 'localhost:80', '[::1]:80', '127.0.0.2:80'],
    );
    // An IPv6 address is written in brackets, however it was given.
    assert.deepEqual([...allowedHostsFor('::2', 80)].at(-1), '[::2]:80');
    assert.deepEqual([...allowedHostsFor('[::2]', 80)].at(-1), '[::2]:80');
    assert.equal(allowedHostsFor('::1', 80).size, 3, '::1 is already allowed as [::1]');
    // The wildcard addresses are not names a client can send.
    assert.equal(allowedHostsFor('0.0.0.0', 80).size, 3);
    assert.equal(allowedHostsFor('::', 80).size, 3);
    assert.deepEqual([...allowedHostsFor('LocalHost', 80)], ['127.0.0.1:80', 'localhost:80', '[::1]:80']);
    assert.deepEqual([...allowedOriginsFor(new Set(['localhost:1']))], ['http://localhost:1']);
  });

  it('accepts a loopback host in any letter case, and no origin or its own', () => {
    accepts({ host: '127.0.0.1:7979', 'content-type': JSON_TYPE });
    accepts({ host: 'LOCALHOST:7979', 'content-type': JSON_TYPE });
    accepts({ host: 'localhost:7979', origin: 'HTTP://LOCALHOST:7979', 'content-type': JSON_TYPE });
  });

  it('names the refused host, or says there was none, and the host to use', () => {
    const other = refusal({ host: 'evil.example:7979', 'content-type': JSON_TYPE });
    assert.equal(other.code, 'forbidden');
    assert.equal(other.message, 'Host "evil.example:7979" is not allowed; use 127.0.0.1:7979');
    assert.equal(refusal({ 'content-type': JSON_TYPE }).message, 'Host (none) is not allowed; use 127.0.0.1:7979');
    assert.equal(
      refusal({ host: '', 'content-type': JSON_TYPE }).message,
      'Host (none) is not allowed; use 127.0.0.1:7979',
    );
  });

  it('names a refused origin as it was sent', () => {
    const fault = refusal({ host: 'localhost:7979', origin: 'http://Evil.example', 'content-type': JSON_TYPE });
    assert.equal(fault.code, 'forbidden');
    assert.equal(fault.message, 'requests from origin "http://Evil.example" are not allowed');
  });

  it('refuses every method but POST, naming it', () => {
    const fault = refusal({ host: 'localhost:7979', 'content-type': JSON_TYPE }, 'PUT');
    assert.equal(fault.code, 'method_not_allowed');
    assert.equal(fault.message, 'method PUT is not allowed; use POST');
  });

  it('accepts JSON with no parameters or a UTF-8 charset, in any case and spacing', () => {
    for (const type of [
      'application/json',
      'Application/JSON',
      'application/json;',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json; charset="utf-8"',
      ' application/json ; charset=utf-8 ',
    ])
      accepts({ host: 'localhost:7979', 'content-type': type });
  });

  it('refuses other media types and other charsets, quoting what was sent', () => {
    for (const type of [
      'text/plain',
      'application/json5',
      'application/json; charset=latin1',
      'application/json; charset=utf-8; boundary=x',
      'application/jsonx; charset=utf-8',
    ]) {
      const fault = refusal({ host: 'localhost:7979', 'content-type': type });
      assert.equal(fault.code, 'unsupported_media_type', type);
      assert.equal(fault.message, `Content-Type must be application/json, got "${type}"`);
    }
    assert.equal(refusal({ host: 'localhost:7979' }).message, 'Content-Type must be application/json, got none');
    assert.equal(
      refusal({ host: 'localhost:7979', 'content-type': '' }).message,
      'Content-Type must be application/json, got none',
    );
  });
});
