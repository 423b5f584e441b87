import assert from 'node:assert/strict';
import { autoRefreshSeconds, MIN_AUTO_REFRESH_SECONDS } from '../../src/extension/settings-rules';

describe('settings a workspace could set to anything', () => {
  it('never refreshes the views more often than every few seconds', () => {
    assert.equal(autoRefreshSeconds(0.001), MIN_AUTO_REFRESH_SECONDS, 'a workspace asking for every millisecond');
    assert.equal(autoRefreshSeconds(30), 30);
    assert.equal(autoRefreshSeconds(0), 0, 'off');
    for (const nonsense of [-1, Number.NaN, Infinity, '10', null, undefined])
      assert.equal(autoRefreshSeconds(nonsense), 0, String(nonsense));
  });
});
