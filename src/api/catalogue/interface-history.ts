import facts from './interface-history.json';
import { compareVersions, type InterfaceChange, type InterfaceHistory } from './changelog';

/**
 * What the application's changelog says of a module or an operation across its versions: since
 * when it is there, when it went (removed, or renamed away), and what changed in it. A path the
 * changelog never names has been there since the first version. An operation goes with its
 * module: the module's own operations are there from the version that added the module, and go
 * with it. No I/O: the facts are interface-history.json (scripts/interface-history.ts).
 */
export const HISTORY: InterfaceHistory = facts as InterfaceHistory;

interface Lifetime {
  /** The version it appeared in; undefined: there from the first version the changelog covers. */
  added?: string;
  /** The version it is gone from (removed, or renamed away). */
  gone?: string;
  /** How it went, when it did. */
  goneBy?: 'removed' | 'renamed';
  /** Its changes and fixes, oldest first. */
  changes: InterfaceChange[];
}

/** The modules a path is in, nearest first: `motion.gui.timeline.x` → `motion.gui.timeline`, `motion.gui`. */
function modulesOf(path: string): string[] {
  const parts = path.split('.');
  return parts.slice(2).map((_, i) => parts.slice(0, parts.length - 1 - i).join('.'));
}

/** Whether a changelog path (which may hold `*` for any one name) names `path`. */
function names(pattern: string, path: string): boolean {
  const [p, q] = [pattern.split('.'), path.split('.')];
  return p.length === q.length && p.every((part, i) => part === '*' || part === q[i]);
}

/**
 * The lifetime of a module or an operation, by its full path (`motion.file.export_c3d`). A path is
 * there only while every module it is in is: it came with the latest of them (2024.1's
 * motion.settings.processing brought its skeleton module's operations), and goes with the first that goes.
 */
export function lifetimeOf(path: string, history: InterfaceHistory = HISTORY): Lifetime {
  // Completion asks for every name of a list at each keystroke: the real history's answers are kept.
  if (history !== HISTORY) return lifetimeIn(path, history);
  let known = LIFETIMES.get(path);
  if (!known) LIFETIMES.set(path, (known = lifetimeIn(path, history)));
  return known;
}

const LIFETIMES = new Map<string, Lifetime>();

function lifetimeIn(path: string, history: InterfaceHistory): Lifetime {
  const own = history.changes.filter((c) => names(c.path, path));
  const modules = modulesOf(path).map((m) => history.changes.filter((c) => c.of === 'module' && names(c.path, m)));
  const byVersion = (a: InterfaceChange, b: InterfaceChange) => compareVersions(a.version, b.version);
  const first = (kinds: InterfaceChange['kind'][], among: InterfaceChange[]) =>
    among.filter((c) => kinds.includes(c.kind)).sort(byVersion)[0];
  const added = [own, ...modules]
    .map((among) => first(['added'], among))
    .filter((c): c is InterfaceChange => c !== undefined)
    .sort(byVersion)
    .at(-1);
  const gone = first(['removed', 'renamed'], [...own, ...modules.flat()]);
  return {
    ...(added ? { added: added.version } : {}),
    ...(gone ? { gone: gone.version, goneBy: gone.kind as 'removed' | 'renamed' } : {}),
    changes: own.filter((c) => c.kind === 'changed' || c.kind === 'fixed'),
  };
}

/**
 * Whether the changelog speaks of this path itself (it came, went or changed), or of a module it
 * is in going: a name it never knew is only a slip.
 */
export function namedInChangelog(path: string, history: InterfaceHistory = HISTORY): boolean {
  return history.changes.some((c) => names(c.path, path)) || lifetimeOf(path, history).gone !== undefined;
}

/** Whether the application of `version` has the module or operation at `path`, as far as its changelog says. */
export function presentIn(path: string, version: string, history: InterfaceHistory = HISTORY): boolean {
  const { added, gone } = lifetimeOf(path, history);
  if (added && compareVersions(version, added) < 0) return false;
  return !(gone && compareVersions(version, gone) >= 0);
}

/** The history of a path in a line, for hovers and completion: "Since 2024.1.", "Since 2025.2; removed in 2026.1.", its changes. */
export function historyNote(path: string, history: InterfaceHistory = HISTORY): string | undefined {
  const { added, gone, goneBy, changes } = lifetimeOf(path, history);
  const life = [...(added ? [`Since ${added}`] : []), ...(gone ? [`${goneBy} in ${gone}`] : [])];
  const parts = [
    ...(life.length > 0
      ? [`${life.join('; ').replace(/^(removed|renamed)/, (w) => w[0].toUpperCase() + w.slice(1))}.`]
      : []),
    ...changes.map((c) =>
      `${c.kind === 'fixed' ? 'Fixed' : 'Changed'} in ${c.version}: ${c.detail ?? ''}.`.replace(': .', '.'),
    ),
  ];
  return parts.length > 0 ? parts.join(' ') : undefined;
}
