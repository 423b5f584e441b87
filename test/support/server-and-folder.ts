import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMotionServer, type MotionServer } from '../../server/scripting/motion-server';

/** A real reference server and a scratch folder, new for each test of the calling suite. */
export interface ServerAndFolder {
  server: MotionServer;
  /** `MOTION_URL` for the CLI and scripts run by it. */
  env: Record<string, string>;
  dir: string;
}

/** Registers beforeEach/afterEach in the calling describe; read the fields inside tests. */
export function serverAndFolderEach(prefix: string): ServerAndFolder {
  const fixture = {} as ServerAndFolder;
  beforeEach(async () => {
    fixture.server = await startMotionServer({ port: 0, logLevel: 'silent' });
    fixture.env = { MOTION_URL: fixture.server.url };
    fixture.dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await fixture.server.close();
    rmSync(fixture.dir, { recursive: true, force: true });
  });
  return fixture;
}
