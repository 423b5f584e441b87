import assert from 'node:assert/strict';
import { MotionClient } from '../../src/api/client/motion-client';
import { DocumentationNotReady, documentationBeforeRun } from '../../src/runner/dry-run/documentation-before-run';
import { startFakeApplication } from '../support/fake-application';
import { freePort } from '../support/free-port';

/** An application that answers each documentation read with `status` until `ready` reads have come. */
async function application(ready: number, status = 503) {
  let reads = 0;
  const app = await startFakeApplication((path, _body, _req, res) => {
    if (!path.endsWith('/utilities/documentation/get_package_documentation/')) return void res.writeHead(404).end();
    if (++reads <= ready)
      return void res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(
          '{"error": {"code": "not_ready", "message": "still starting", "operation": "motion.utilities.documentation.get_package_documentation"}}',
        );
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"name": "motion", "modules": []}');
  });
  return { app, reads: () => reads };
}

describe('the application’s documentation, read before a dry run starts its script', () => {
  it('waits for an application that answers before its documentation is ready', async () => {
    const { app, reads } = await application(2);
    const client = new MotionClient({ url: app.url });
    try {
      assert.deepEqual(await documentationBeforeRun(client), { name: 'motion', modules: [] });
      assert.equal(reads(), 3);
    } finally {
      await client.close();
      await app.close();
    }
  });

  it('says so when it is never ready within the bound, naming the application and its answer', async () => {
    const { app } = await application(1_000);
    const client = new MotionClient({ url: app.url });
    try {
      await assert.rejects(
        documentationBeforeRun(client, { readyWithinMs: 600 }),
        (error: Error) =>
          error instanceof DocumentationNotReady &&
          error.message.includes(`the application at ${app.url} did not give its documentation within 0.6 s`) &&
          error.message.includes('still starting'),
      );
    } finally {
      await client.close();
      await app.close();
    }
  });

  it('leaves it to the reference server when the application is away or has no documentation module', async () => {
    const away = new MotionClient({ url: `http://127.0.0.1:${await freePort()}` });
    const { app } = await application(1_000, 404);
    const without = new MotionClient({ url: app.url });
    try {
      assert.equal(await documentationBeforeRun(away), undefined);
      assert.equal(await documentationBeforeRun(without), undefined);
    } finally {
      await away.close();
      await without.close();
      await app.close();
    }
  });
});
