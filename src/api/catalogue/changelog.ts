/**
 * The application's public scripting changelog (the vendor's docs/changelog.md: a table of
 * versions and one change per row), read into facts: what was added, removed, renamed, changed or
 * fixed in which version, for which module or operation. The vendor's package is named in the
 * changelog (`qtm.…`); the facts name ours (`motion.…`). A row this reader does not know stops it,
 * naming the row: a new phrasing is never passed over. No I/O.
 */

type ChangeKind = 'added' | 'removed' | 'renamed' | 'changed' | 'fixed';

export interface InterfaceChange {
  version: string;
  kind: ChangeKind;
  /** `motion.settings.processing.skeleton.get_settings`, or a module; a `*` stands for every module of a level. */
  path: string;
  /** What the path is, where the changelog says: an operation ("method") or a module. */
  of?: 'operation' | 'module';
  /** The rest of the row for a change or a fix ("to return null if there are no samples"). */
  detail?: string;
}

export interface InterfaceHistory {
  /** The versions the changelog covers, oldest first. */
  versions: string[];
  /** The first version, as the changelog calls it ("Initial release."). */
  initial: string;
  changes: InterfaceChange[];
}

const ROW = /^\|\s*([^|]*?)\s*\|\s*(.*?)\s*\|\s*$/;
const VERSION = /^\d{4}\.\d+$/;
const PHRASE =
  /^(Added|Removed|Renamed|Changed|Fixed) ([A-Za-z_][\w]*(?:\.(?:[A-Za-z_]\w*|\*))+)(?: (method|module)\.|\s+(.+?)\.?)$/;

/** `1.2` before `1.10`: versions compared as numbers, part by part. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The facts of a changelog's text; `vendorPackage` is the root its rows name, `ours` the root the facts name. */
export function readChangelog(text: string, vendorPackage = 'qtm', ours = 'motion'): InterfaceHistory {
  const changes: InterfaceChange[] = [];
  const versions: string[] = [];
  let initial: string | undefined;
  let version: string | undefined;
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const row = ROW.exec(line.trim());
    if (!row || /^-+$/.test(row[1]) || row[1] === '**Version**') return;
    const [, cell, said] = row;
    if (cell) {
      if (!VERSION.test(cell)) throw new Error(`line ${index + 1}: "${cell}" is not a version`);
      version = cell;
      versions.push(cell);
    }
    if (!version) throw new Error(`line ${index + 1}: a change before any version`);
    if (said === '-' || said === '') return;
    if (said === 'Initial release.') return void (initial = version);
    const phrase = PHRASE.exec(said);
    if (!phrase) throw new Error(`line ${index + 1}: a change this reader does not know: "${said}"`);
    const [, verb, vendorPath, of, detail] = phrase;
    const [root, ...rest] = vendorPath.split('.');
    if (root !== vendorPackage)
      throw new Error(`line ${index + 1}: "${vendorPath}" is not of the package ${vendorPackage}`);
    changes.push({
      version,
      kind: verb.toLowerCase() as ChangeKind,
      path: [ours, ...rest].join('.'),
      ...(of ? { of: of === 'method' ? ('operation' as const) : ('module' as const) } : {}),
      ...(detail ? { detail } : {}),
    });
  });
  if (!initial) throw new Error('no "Initial release." row: the changelog is not whole');
  versions.sort(compareVersions);
  changes.sort((a, b) => compareVersions(a.version, b.version));
  return { versions, initial, changes };
}
