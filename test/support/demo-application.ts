import { MotionClient } from '../../src/api/client/motion-client';
import { ExplorerData } from '../../src/extension/explorer/explorer-data';
import { startMotionServer, type MotionServer } from '../../server/scripting/motion-server';

/** What a test of the extension's logic works against: a fresh reference server with the demo data, a client, and the explorer's data layer. */
export interface DemoApplication {
  server: MotionServer;
  client: MotionClient;
  data: ExplorerData;
}

/** Starts a fresh demo application before each test of the enclosing describe, and stops it after. */
export function demoApplicationPerTest(): DemoApplication {
  const app = {} as DemoApplication;
  beforeEach(async () => {
    app.server = await startMotionServer({ port: 0, logLevel: 'silent' });
    app.client = new MotionClient({ url: app.server.url });
    app.data = new ExplorerData(() => app.client);
  });
  afterEach(async () => {
    await app.client.close();
    await app.server.close();
  });
  return app;
}
