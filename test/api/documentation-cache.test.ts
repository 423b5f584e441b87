import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DocumentationCache, defaultDocumentationCacheDir } from '../../src/api/docs/documentation-cache';
import { scratchFolder } from '../support/scratch-folder';

describe('DocumentationCache', () => {
  const scratch = scratchFolder('motion-doc-cache-');

  /** Rewrites a saved entry, as another run (or a damaged disk) might have left it. */
  function rewrite(file: string, change: (entry: Record<string, unknown>) => unknown): void {
    const path = join(scratch.path, file);
    writeFileSync(path, JSON.stringify(change(JSON.parse(readFileSync(path, 'utf8')))));
  }

  it('saves one file per URL and version, named by short digests, with nothing left over', async () => {
    const cache = new DocumentationCache(join(scratch.path, 'made', 'here'));
    await cache.save('http://a', '1.0', { name: 'one' });
    await cache.save('http://a', '1.0', { name: 'again' });
    await cache.save('http://a', '2.0', { name: 'two' });
    const files = readdirSync(cache.dir);
    assert.equal(files.length, 2);
    for (const f of files) assert.match(f, /^[0-9a-f]{16}\.[0-9a-f]{16}\.json$/);
    assert.equal(files[0].split('.')[0], files[1].split('.')[0], 'the URL part is the same');
  });

  it('gives the entry saved last for a URL, whatever its version and the order of the files', async () => {
    const cache = new DocumentationCache(scratch.path);
    await cache.save('http://a', '1.0', 'first');
    await cache.save('http://a', '2.0', 'second');
    await cache.save('http://a', '3.0', 'third');
    const byVersion = new Map<string, string>();
    for (const f of readdirSync(scratch.path))
      byVersion.set((JSON.parse(readFileSync(join(scratch.path, f), 'utf8')) as { version: string }).version, f);
    const documentation = { '1.0': 'first', '2.0': 'second', '3.0': 'third' };
    // Each in turn saved last, so that the newest is first, in the middle and last in the directory's order.
    for (const newest of ['1.0', '2.0', '3.0'] as const) {
      const others = ['1.0', '2.0', '3.0'].filter((v) => v !== newest);
      const at = {
        [others[0]]: '2026-01-02T00:00:00.000Z',
        [newest]: '2026-03-01T00:00:00.000Z',
        [others[1]]: '2026-02-01T00:00:00.000Z',
      };
      for (const [version, savedAt] of Object.entries(at)) rewrite(byVersion.get(version)!, (e) => ({ ...e, savedAt }));
      assert.deepEqual(await cache.latest('http://a'), {
        url: 'http://a',
        version: newest,
        savedAt: at[newest],
        documentation: documentation[newest],
      });
    }
  });

  it('skips entries of another URL, without a date, damaged, or not finished', async () => {
    const cache = new DocumentationCache(scratch.path);
    await cache.save('http://a', '1.0', 'kept');
    const [kept] = readdirSync(scratch.path);
    const prefix = kept.split('.')[0];
    const later = '2999-01-01T00:00:00.000Z';
    // Same URL digest, but the entry says another URL (a digest collision): not this URL's.
    writeFileSync(
      join(scratch.path, `${prefix}.0000000000000001.json`),
      JSON.stringify({ url: 'http://b', version: 'x', savedAt: later, documentation: 'b' }),
    );
    writeFileSync(
      join(scratch.path, `${prefix}.0000000000000002.json`),
      JSON.stringify({ url: 'http://a', version: 'y', savedAt: 7, documentation: 'no date' }),
    );
    writeFileSync(join(scratch.path, `${prefix}.0000000000000003.json`), '{"url": "http://a", "savedAt"');
    writeFileSync(
      join(scratch.path, `${prefix}.0000000000000004.json.123.tmp`),
      JSON.stringify({ url: 'http://a', version: 'z', savedAt: later, documentation: 'half written' }),
    );
    writeFileSync(
      join(scratch.path, `0000000000000000.${prefix}.json`),
      JSON.stringify({ url: 'http://a', version: 'w', savedAt: later, documentation: 'another digest' }),
    );
    assert.equal((await cache.latest('http://a'))?.documentation, 'kept');
    assert.equal(await cache.latest('http://b'), undefined, 'an entry is found by its URL’s digest first');
  });

  it('has nothing when its directory does not exist', async () => {
    assert.equal(await new DocumentationCache(join(scratch.path, 'absent')).latest('http://a'), undefined);
  });

  describe('where it is by default', () => {
    it('MOTION_CACHE_DIR first, then XDG_CACHE_HOME, then ~/.cache', () => {
      const env = { MOTION_CACHE_DIR: '/m', XDG_CACHE_HOME: '/x' };
      assert.equal(defaultDocumentationCacheDir(env, 'linux', '/home/ana'), '/m/documentation');
      assert.equal(
        defaultDocumentationCacheDir({ XDG_CACHE_HOME: '/x' }, 'linux', '/home/ana'),
        '/x/motion-scripting/documentation',
      );
      assert.equal(
        defaultDocumentationCacheDir({}, 'linux', '/home/ana'),
        '/home/ana/.cache/motion-scripting/documentation',
      );
    });

    it('on Windows, under %LOCALAPPDATA% (never ~/.cache), with backslashes', () => {
      const home = 'C:\\Users\\Zoë';
      assert.equal(
        defaultDocumentationCacheDir(
          { LOCALAPPDATA: 'C:\\Users\\Zoë\\AppData\\Local', XDG_CACHE_HOME: 'C:\\x' },
          'win32',
          home,
        ),
        'C:\\Users\\Zoë\\AppData\\Local\\motion-scripting\\documentation',
      );
      assert.equal(
        defaultDocumentationCacheDir({}, 'win32', home),
        'C:\\Users\\Zoë\\AppData\\Local\\motion-scripting\\documentation',
      );
      assert.equal(defaultDocumentationCacheDir({ MOTION_CACHE_DIR: 'D:\\m' }, 'win32', home), 'D:\\m\\documentation');
    });

    it('on macOS, under ~/Library/Caches', () => {
      assert.equal(
        defaultDocumentationCacheDir({}, 'darwin', '/Users/ana'),
        '/Users/ana/Library/Caches/motion-scripting/documentation',
      );
    });

    it('of this process by default', () => {
      const expected = defaultDocumentationCacheDir(process.env, process.platform, homedir());
      assert.equal(defaultDocumentationCacheDir(), expected);
    });
  });
});
