import { compareVersions } from './changelog';
import { releaseOf, type ScriptTargets } from './target-versions';

/** What the editor says of a script's targets beside the connected application: a language status. */
interface TargetsStatus {
  text: string;
  detail: string;
  severity: 'information' | 'warning' | 'error';
}

/**
 * A script's target releases against the application it would run on now: whether that
 * application is among them, older or newer, or of a version the changelog does not know. No
 * status for a script without targets. No I/O.
 */
export function targetsStatus(found: ScriptTargets, applicationVersion: string | undefined): TargetsStatus | undefined {
  if (found.problem) return { text: 'Targets: unreadable', detail: found.problem.message, severity: 'error' };
  const { targets } = found;
  if (!targets) return undefined;
  const text = `Targets: ${targets.described}`;
  if (found.from === 'application')
    return { text, detail: 'none named: the connected application is the target', severity: 'information' };
  const release = releaseOf(applicationVersion);
  if (!release)
    return {
      text,
      detail: `the connected application (${applicationVersion ?? 'not connected'}) is of no release the changelog knows`,
      severity: 'information',
    };
  if (targets.versions.includes(release))
    return { text, detail: `the connected application (${release}) is among them`, severity: 'information' };
  const where =
    compareVersions(release, targets.versions[0]) < 0
      ? 'older than'
      : compareVersions(release, targets.versions.at(-1)!) > 0
        ? 'newer than'
        : 'not one of';
  return {
    text,
    detail: `the connected application is ${release}, ${where} this script's targets: a run here may fail where they would not`,
    severity: 'warning',
  };
}
