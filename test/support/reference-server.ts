import { MotionClient, type MotionClientOptions } from '../../src/api/client/motion-client';
import type { Log } from '../../server/scripting/log';
import { startMotionServer, type MotionServer } from '../../server/scripting/motion-server';

/** A real reference server, a client to it, and the environment that points the CLI and scripts at it. */
export interface ReferenceServer {
  server: MotionServer;
  client: MotionClient;
  /** `MOTION_URL` for the CLI and scripts run by it. */
  env: { MOTION_URL: string };
}

/**
 * The one way tests get a reference server: registers the hooks in the calling describe that start
 * a fresh one (the demo data, or nothing with `empty`) before each test (`per: 'test'`, the
 * default) or once before all of them (`per: 'suite'`), and stop it after. Read the fields inside
 * tests and hooks. `client` adds options to the client (a request counter); `log` hears the server.
 */
export function referenceServer(
  options: {
    per?: 'test' | 'suite';
    empty?: boolean;
    client?: Omit<MotionClientOptions, 'url'>;
    log?: Log;
    /** Answer as the application of this release (motion-server --as-version). */
    asVersion?: string;
  } = {},
): ReferenceServer {
  const fixture = {} as ReferenceServer;
  const start = async () => {
    fixture.server = await startMotionServer({
      port: 0,
      logLevel: 'silent',
      empty: options.empty,
      log: options.log,
      asVersion: options.asVersion,
    });
    fixture.client = new MotionClient({ ...options.client, url: fixture.server.url });
    fixture.env = { MOTION_URL: fixture.server.url };
  };
  const stop = async () => {
    await fixture.client.close();
    await fixture.server.close();
  };
  if (options.per === 'suite') {
    before(start);
    after(stop);
  } else {
    beforeEach(start);
    afterEach(stop);
  }
  return fixture;
}
