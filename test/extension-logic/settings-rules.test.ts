import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_URL } from '../../src/api/client/application-url';
import {
  autoRefreshSeconds,
  MIN_AUTO_REFRESH_SECONDS,
  needsOf,
  SETTING_NEEDS,
  type SettingKey,
} from '../../src/extension/settings-rules';

const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as {
  contributes: {
    configuration: { properties: Record<string, { scope?: string; default?: unknown }> };
    debuggers: { configurationAttributes: { launch: { properties: Record<string, { default?: unknown }> } } }[];
  };
};

describe('settings a workspace could set to anything', () => {
  it('never refreshes the views more often than every few seconds', () => {
    assert.equal(autoRefreshSeconds(0.001), MIN_AUTO_REFRESH_SECONDS, 'a workspace asking for every millisecond');
    assert.equal(autoRefreshSeconds(30), 30);
    assert.equal(autoRefreshSeconds(0), 0, 'off');
    for (const nonsense of [-1, Number.NaN, Infinity, '10', null, undefined])
      assert.equal(autoRefreshSeconds(nonsense), 0, String(nonsense));
  });
});

describe('what a change of each setting needs', () => {
  it('knows every setting the manifest contributes, and no other', () => {
    assert.deepEqual(
      Object.keys(SETTING_NEEDS).sort(),
      Object.keys(manifest.contributes.configuration.properties).sort(),
    );
  });

  it('has the application’s address as the client’s default, and none of its own for a debug session (the connection’s)', () => {
    assert.equal(manifest.contributes.configuration.properties['motion.server.url'].default, DEFAULT_URL);
    for (const debuggers of manifest.contributes.debuggers)
      assert.equal(debuggers.configurationAttributes.launch.properties.serverUrl?.default, undefined);
  });

  it('keeps the settings that name a URL or an executable machine-scoped', () => {
    const { properties } = manifest.contributes.configuration;
    assert.equal(properties['motion.server.url'].scope, 'machine');
    assert.equal(properties['motion.python.path'].scope, 'machine');
  });

  it('turns the settings a change affects into what must happen, once each', () => {
    const affecting =
      (...keys: SettingKey[]) =>
      (key: SettingKey) =>
        keys.includes(key);
    assert.deepEqual([...needsOf(affecting('motion.server.url', 'motion.server.embedded'))], ['reconnect']);
    assert.deepEqual([...needsOf(affecting('motion.python.path'))], ['reset-sessions']);
    assert.deepEqual([...needsOf(affecting('motion.explorer.autoRefreshSeconds'))], ['reschedule-refresh']);
    assert.deepEqual([...needsOf(affecting('motion.run.clearBeforeRun'))], [], 'read at each run: nothing to do now');
    assert.deepEqual([...needsOf(affecting('motion.server.url', 'motion.python.path'))].sort(), [
      'reconnect',
      'reset-sessions',
    ]);
  });
});
