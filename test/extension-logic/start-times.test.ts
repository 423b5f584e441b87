import assert from 'node:assert/strict';
import { StartTimes, startTimesOf } from '../../src/extension/start-times';

/** A clock the test moves, and the lines said. */
function timed(parts: string[]) {
  let now = 1000;
  const said: string[] = [];
  const times = new StartTimes(
    1000,
    parts,
    (line) => said.push(line),
    () => now,
  );
  return { times, said, at: (ms: number) => (now = 1000 + ms) };
}

describe('the start times Motion logs', () => {
  it('are said once, when every part has happened, in the order the parts are named, from the activation', () => {
    const { times, said, at } = timed(['code loaded', 'connection', 'language server']);
    at(312.4);
    times.note('code loaded');
    at(1480.6);
    times.note('language server');
    assert.deepEqual(said, [], 'not before the connection');
    at(1530);
    times.note('connection');
    assert.deepEqual(said, [
      'start: code loaded 312 ms, connection 1530 ms, language server 1481 ms (from the activation)',
    ]);
    at(9000);
    times.note('connection');
    times.note('language server');
    assert.equal(said.length, 1, 'said once');
  });

  it('count a part’s first time only, and nothing they were not asked to time', () => {
    const { times, said, at } = timed(['connection']);
    at(10);
    times.note('documentation');
    assert.deepEqual(said, []);
    at(20);
    times.note('connection');
    at(30);
    times.note('connection');
    assert.deepEqual(said, ['start: connection 20 ms (from the activation)']);
  });

  it('can be read back from the log line (bench:start reads them)', () => {
    const { times, said, at } = timed(['code loaded', 'connection']);
    at(0);
    times.note('code loaded');
    at(2049);
    times.note('connection');
    assert.deepEqual(startTimesOf(`2026-11-27 16:38:42.619 [info] ${said[0]}`), [
      ['code loaded', 0],
      ['connection', 2049],
    ]);
    assert.deepEqual(startTimesOf('2026-11-27 16:38:42.619 [info] connection: connected http://127.0.0.1:7979'), []);
  });
});
