import assert from 'node:assert/strict';
import { cliAssistantContext } from '../../src/cli/mcp/cli-assistant-context';
import type { FakeApplication } from '../support/fake-application';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWholeInterface } from '../support/whole-interface-application';

/** An operation of the application's whole interface that the reference server does not model. */
const UNMODELLED = 'motion.gui.timeline.get_measured_range';

describe('motion mcp: the application’s documentation, as its tools read it', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-mcp-context-', { per: 'test' });
  let reference: TestServer;
  let application: FakeApplication;
  const cacheDir = process.env.MOTION_CACHE_DIR;
  before(async () => (reference = await startTestServer()));
  after(() => reference.close());
  beforeEach(async () => {
    process.env.MOTION_CACHE_DIR = scratch.path;
    application = await startWholeInterface(reference.url);
  });
  afterEach(async () => {
    process.env.MOTION_CACHE_DIR = cacheDir;
    if (cacheDir === undefined) delete process.env.MOTION_CACHE_DIR;
    await application.close();
  });
  const contextAt = (url: string) =>
    cliAssistantContext({ url, timeoutMs: 5000, json: false }, { folder: scratch.path, allowApply: false });
  const documentationReads = () =>
    application.requests.filter((path) => path.includes('/get_package_documentation')).length;

  it('reads it once for a conversation’s burst of calls, and again once that reading is more than 10 s old', async () => {
    const context = contextAt(application.url);
    const clock = Date.now;
    let now = clock();
    Date.now = () => now;
    try {
      await Promise.all([context.documentation(), context.documentation()]);
      await context.documentation();
      assert.equal(documentationReads(), 1);
      now += 10_000;
      assert.ok((await context.documentation()).method(UNMODELLED));
      assert.equal(documentationReads(), 1, 'still fresh at 10 s');
      now += 1;
      await context.documentation();
      assert.equal(documentationReads(), 2, 'read again past 10 s');
      await context.documentation();
      assert.equal(documentationReads(), 2, 'and that reading serves the next calls');
    } finally {
      Date.now = clock;
      await context.close();
    }
  });

  it('with the application gone, answers from the documentation it last read there', async () => {
    const first = contextAt(application.url);
    assert.match((await first.documentation()).describeSource(), /^live from /);
    await first.close();
    await application.close();
    const later = contextAt(application.url);
    try {
      const index = await later.documentation();
      assert.match(index.describeSource(), new RegExp(`^cached from ${application.url}`));
      assert.ok(index.method(UNMODELLED), 'the application’s own interface, not the one bundled');
    } finally {
      await later.close();
    }
  });
});
