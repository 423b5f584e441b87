import assert from 'node:assert/strict';
import { oneAtATime } from '../../src/extension/skeletons-in-3d/one-at-a-time';

describe('asking the draw function one frame at a time, the newest frame next', () => {
  it('runs the first at once, then only the last asked meanwhile, and goes on after a failure', async () => {
    const ran: number[] = [];
    const finish: (() => void)[] = [];
    const ask = oneAtATime(
      (frame: number) =>
        new Promise<void>((resolve, reject) => {
          ran.push(frame);
          finish.push(frame === 2 ? () => reject(new Error('raised')) : resolve);
        }),
    );
    const tick = () => new Promise((r) => setImmediate(r));
    void ask(1);
    void ask(2);
    void ask(3);
    const all = ask(4);
    assert.deepEqual(ran, [1], 'one at a time');
    finish.shift()!();
    await tick();
    assert.deepEqual(ran, [1, 4], 'the newest of those asked meanwhile, not 2 or 3');
    finish.shift()!();
    await all;
    void ask(2);
    assert.deepEqual(ran, [1, 4, 2], 'idle again: the next runs at once');
    finish.shift()!();
    await tick();
    void ask(5);
    assert.deepEqual(ran, [1, 4, 2, 5], 'a failure does not stop the ones after');
  });
});
