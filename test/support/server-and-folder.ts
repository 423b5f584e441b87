import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MotionServer } from '../../server/scripting/motion-server';
import { referenceServer } from './reference-server';

/** A real reference server and a scratch folder, new for each test of the calling suite. */
export interface ServerAndFolder {
  server: MotionServer;
  /** `MOTION_URL` for the CLI and scripts run by it. */
  env: Record<string, string>;
  dir: string;
}

/** Registers beforeEach/afterEach in the calling describe (the server is referenceServer's); read the fields inside tests. */
export function serverAndFolderEach(prefix: string): ServerAndFolder {
  const reference = referenceServer();
  const fixture = {} as ServerAndFolder;
  beforeEach(() => {
    fixture.server = reference.server;
    fixture.env = reference.env;
    fixture.dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(fixture.dir, { recursive: true, force: true }));
  return fixture;
}
