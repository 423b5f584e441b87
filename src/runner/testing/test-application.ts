import { recordingOf } from '../../api/state/recorded-answers';
import { snapshotHasMeasurement, snapshotLacking } from '../../api/state/state-document';
import { DryRunGateway } from '../dry-run/dry-run-gateway';
import { withPrivateServer } from '../dry-run/private-server';
import { ScriptTestError } from './script-test';

/** Where a test's script sends its calls, and the state file its application keeps (motion.testing.state). */
interface TestApplication {
  url: string;
  stateFile: string;
}

/**
 * Runs `use` with an application of the test's own: a private reference server serving a copy of
 * `snapshot` (undefined: the demo data), behind a gateway that replays the snapshot's recorded
 * answers, serves motion.testing.answer and calls, and sends no change anywhere. Nothing is left
 * when it returns.
 */
export async function withTestApplication<T>(
  serverScript: string,
  snapshot: string | undefined,
  use: (application: TestApplication) => Promise<T>,
): Promise<T> {
  let recorded;
  try {
    recorded = snapshot === undefined ? undefined : recordingOf(snapshot);
  } catch (error) {
    throw new ScriptTestError((error as Error).message);
  }
  return withPrivateServer(serverScript, snapshot, async (server) => {
    const lacking = snapshot === undefined ? [] : snapshotLacking(snapshot);
    // The demo data has the demo's walk open; a snapshot says whether it has a measurement.
    const measurement = snapshot === undefined || snapshotHasMeasurement(snapshot);
    const gateway = await DryRunGateway.start(server.url, { recorded, testing: true, lacking, measurement });
    try {
      return await use({ url: gateway.url, stateFile: server.stateFile });
    } finally {
      await gateway.close();
    }
  });
}
