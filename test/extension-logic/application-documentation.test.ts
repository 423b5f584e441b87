import assert from 'node:assert/strict';
import { DocumentationIndex } from '../../src/api/docs/documentation-index';
import { ApplicationDocumentation } from '../../src/extension/connection/application-documentation';

/** A loader that counts its loads, and fails the ones asked to. */
function loader(failing = new Set<number>()) {
  const loads: string[] = [];
  const load = (url: string) => {
    loads.push(url);
    return failing.has(loads.length)
      ? Promise.reject(new Error(`load ${loads.length} failed`))
      : Promise.resolve({ url, load: loads.length } as unknown as DocumentationIndex);
  };
  return { loads, load };
}

describe('the application’s documentation index, shared by its readers', () => {
  it('is built once for a URL, whoever asks and however often', async () => {
    const { loads, load } = loader();
    const documentation = new ApplicationDocumentation(load);
    const [a, b] = await Promise.all([documentation.of('http://a'), documentation.of('http://a')]);
    assert.equal(a, b);
    assert.equal(await documentation.of('http://a'), a);
    assert.deepEqual(loads, ['http://a']);
  });

  it('is built again for another URL, and again when the language server loads documentation', async () => {
    const { loads, load } = loader();
    const documentation = new ApplicationDocumentation(load);
    const first = await documentation.of('http://a');
    await documentation.of('http://b');
    const again = await documentation.of('http://a');
    assert.notEqual(again, first, 'only the last URL’s is kept');
    documentation.forget();
    await documentation.of('http://a');
    assert.deepEqual(loads, ['http://a', 'http://b', 'http://a', 'http://a']);
  });

  it('a load that failed is not kept: the next ask tries again', async () => {
    const { loads, load } = loader(new Set([1]));
    const documentation = new ApplicationDocumentation(load);
    await assert.rejects(documentation.of('http://a'), /load 1 failed/);
    assert.deepEqual(await documentation.of('http://a'), { url: 'http://a', load: 2 });
    assert.equal(await documentation.of('http://a'), await documentation.of('http://a'));
    assert.deepEqual(loads, ['http://a', 'http://a']);
  });

  it('a failed load of a URL no longer asked for does not drop the one kept since', async () => {
    const { loads, load } = loader(new Set([1]));
    const documentation = new ApplicationDocumentation(load);
    const failed = documentation.of('http://a');
    const kept = documentation.of('http://b');
    await assert.rejects(failed);
    assert.equal(await documentation.of('http://b'), await kept);
    assert.deepEqual(loads, ['http://a', 'http://b']);
  });
});
