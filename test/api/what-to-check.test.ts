import assert from 'node:assert/strict';
import { whatToCheck } from '../../src/api/client/what-to-check';

describe('what to check when the application does not answer in time', () => {
  it('on this machine: the application itself', () => {
    for (const url of ['http://127.0.0.1:7979', 'http://localhost:7979', 'http://127.0.1.1:80', 'http://[::1]:7979'])
      assert.match(whatToCheck(url), /^check that the application still responds/, url);
  });

  it('on another machine: the way to it, named, then the application', () => {
    assert.equal(
      whatToCheck('http://mocap-pc:7979'),
      'check that mocap-pc:7979 is reachable from this machine (network, firewall) and that the application there still responds',
    );
    assert.match(whatToCheck('http://192.168.1.20:7979'), /^check that 192\.168\.1\.20:7979 is reachable/);
  });
});
