import assert from 'node:assert/strict';
import { mock } from 'node:test';
import { ComposeSchedule } from '../../src/webview/skeleton-view/compose-schedule';

describe('the 3D view composing arriving skeletons', () => {
  let composed: number[];
  let loading: boolean;
  let schedule: ComposeSchedule;

  beforeEach(() => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    composed = [];
    loading = true;
    schedule = new ComposeSchedule(
      () => composed.push(Date.now()),
      () => loading,
      () => Date.now(),
    );
  });
  afterEach(() => mock.timers.reset());

  it('composes a frame after the first arrival, and arrivals within a frame once', () => {
    schedule.soon();
    mock.timers.tick(10);
    schedule.soon();
    mock.timers.tick(5);
    assert.deepEqual(composed, []);
    mock.timers.tick(1);
    assert.deepEqual(composed, [16]);
  });

  it('composes at most every 250 ms while skeletons are still arriving', () => {
    schedule.soon();
    mock.timers.tick(16);
    for (let t = 0; t < 600; t += 10) {
      schedule.soon();
      mock.timers.tick(10);
    }
    assert.deepEqual(composed, [16, 266, 516]);
  });

  it('composes the last arrival within a frame, not at the loading pace', () => {
    schedule.soon();
    mock.timers.tick(16);
    mock.timers.tick(30);
    schedule.soon(); // another arrives: composed 250 ms after the last composition, at 266
    mock.timers.tick(30);
    loading = false; // the last one
    schedule.soon();
    mock.timers.tick(15);
    assert.deepEqual(composed, [16]);
    mock.timers.tick(1);
    assert.deepEqual(composed, [16, 92]);
    mock.timers.tick(500);
    assert.deepEqual(composed, [16, 92]);
  });

  it('composes at once what waits when asked to flush, and nothing when nothing waits', () => {
    schedule.flush();
    assert.deepEqual(composed, []);
    schedule.soon();
    mock.timers.tick(3);
    schedule.flush();
    assert.deepEqual(composed, [3]);
    mock.timers.tick(100);
    assert.deepEqual(composed, [3]);
  });
});
