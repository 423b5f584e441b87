import { strict as assert } from 'node:assert';
import { freeCableAddresses } from '../../scripts/network-namespace';

// The cables of the WSL and SSH runs must never take an address this machine already reaches
// another way: a CI machine lived at 192.0.2.2 behind 192.0.2.1, and a cable there took its address.
describe('a cable for a simulated machine', () => {
  const ciMachine = [
    { dst: 'default' },
    { dst: '192.0.2.0/24' },
    { dst: '127.0.0.0/8' },
    { dst: '192.0.2.2' },
    { dst: '192.0.2.255' },
  ];

  it('on a machine of its own network, takes the slot asked for', () => {
    assert.deepEqual(freeCableAddresses([{ dst: 'default' }], ['192.0.2'], 0), {
      ownAddress: '192.0.2.1',
      otherAddress: '192.0.2.2',
    });
    assert.deepEqual(freeCableAddresses([], ['198.51.100'], 63), {
      ownAddress: '198.51.100.253',
      otherAddress: '198.51.100.254',
    });
  });

  it('never in a network the machine lives in: the next network is taken', () => {
    assert.deepEqual(freeCableAddresses(ciMachine, ['192.0.2', '203.0.113'], 0), {
      ownAddress: '203.0.113.1',
      otherAddress: '203.0.113.2',
    });
  });

  it('skips a /30 another cable holds, and one holding a single address of the machine', () => {
    const routes = [{ dst: '203.0.113.4/30' }, { dst: '203.0.113.9' }];
    assert.deepEqual(freeCableAddresses(routes, ['203.0.113'], 1), {
      ownAddress: '203.0.113.13',
      otherAddress: '203.0.113.14',
    });
    // The block just past a held one is free: the /30's edges are exact.
    assert.deepEqual(freeCableAddresses([{ dst: '203.0.113.4/30' }], ['203.0.113'], 2), {
      ownAddress: '203.0.113.9',
      otherAddress: '203.0.113.10',
    });
  });

  it('wraps around the network from its slot, and says so when none is free', () => {
    const routes = Array.from({ length: 63 }, (_, i) => ({ dst: `198.51.100.${(i + 1) * 4}/30` }));
    assert.deepEqual(freeCableAddresses(routes, ['198.51.100'], 5), {
      ownAddress: '198.51.100.1',
      otherAddress: '198.51.100.2',
    });
    assert.throws(
      () => freeCableAddresses([{ dst: '198.51.100.0/23' }], ['198.51.100'], 0),
      /no \/30 of 198\.51\.100\.0\/24 is free/,
    );
  });
});
