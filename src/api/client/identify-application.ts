import { MotionClient } from './motion-client';
import { MotionConnectionError, MotionError } from './motion-error';

/** What answers at a URL: a motion application (with its version), or some other server. */
export type ApplicationIdentity = { kind: 'motion'; version: string } | { kind: 'foreign'; reason: string };

/**
 * Asks the server at `url` what it is. It counts as a motion application only when its
 * documentation module names the package `motion`: any HTTP server answers something, and a
 * status bar that says "connected" to a web server tells a lie. Throws MotionConnectionError when
 * nothing answers at all (unreachable, timed out).
 */
export async function identifyApplication(url: string, timeoutMs = 2_000): Promise<ApplicationIdentity> {
  const client = new MotionClient({ url, timeoutMs });
  try {
    let packageName: unknown;
    try {
      packageName = await client.utilities.documentation.get_package_name();
    } catch (error) {
      if (error instanceof MotionError)
        return {
          kind: 'foreign',
          reason: `it answered HTTP ${error.status} to the documentation module's get_package_name`,
        };
      if (error instanceof MotionConnectionError && error.kind === 'bad_response')
        return { kind: 'foreign', reason: 'it does not answer in JSON' };
      throw error;
    }
    if (packageName !== 'motion')
      return {
        kind: 'foreign',
        reason: `its documentation names the package ${JSON.stringify(packageName)}, not "motion"`,
      };
    const version = await client.call('motion', 'get_version', [], { effect: 'read' }).catch((error: unknown) => {
      if (error instanceof MotionError) return undefined;
      throw error;
    });
    return { kind: 'motion', version: formatVersion(version) };
  } finally {
    await client.close();
  }
}

/**
 * A version for people: the application's `{"major", "minor", "build"}` as `major.minor.build`, a
 * string as it is, anything else (or none) as "version unknown".
 */
export function formatVersion(version: unknown): string {
  if (typeof version === 'string' && version.trim() !== '') return version;
  if (version && typeof version === 'object') {
    const { major, minor, build } = version as Record<string, unknown>;
    if ([major, minor].every((n) => typeof n === 'number'))
      return [major, minor, build].filter((n) => typeof n === 'number').join('.');
  }
  return 'version unknown';
}
