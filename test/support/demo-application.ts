import type { MotionClient } from '../../src/api/client/motion-client';
import { ExplorerData } from '../../src/extension/skeletons-view/explorer-data';
import type { MotionServer } from '../../server/scripting/motion-server';
import { referenceServer } from './reference-server';

/** What a test of the extension's logic works against: a fresh reference server with the demo data, a client, and the explorer's data layer. */
export interface DemoApplication {
  server: MotionServer;
  client: MotionClient;
  data: ExplorerData;
}

/** A fresh demo application for each test of the enclosing describe (referenceServer), with the explorer's data layer over it. */
export function demoApplicationPerTest(): DemoApplication {
  const reference = referenceServer();
  const app = {} as DemoApplication;
  beforeEach(() => {
    app.server = reference.server;
    app.client = reference.client;
    app.data = new ExplorerData(() => reference.client);
  });
  return app;
}
