import { compareVersions } from './changelog';
import { HISTORY, lifetimeOf, presentIn } from './interface-history';
import { targetsComment } from './targets-comment';

/**
 * The versions of the application a script must run on, as a person writes them: `2025.1`,
 * `>=2025.1`, `<2026.1`, `2025.1..2026.2`, or several joined by commas. They are read against the
 * versions the interface's history knows. No I/O.
 */
export interface Targets {
  /** The known versions they cover, oldest first. */
  versions: string[];
  /** In a person's words: "2025.1 and later", "2025.1 to 2026.2", "2024.3, 2025.2". */
  described: string;
}

const VERSION = /^\d{4}\.\d+$/;
const HOW =
  'write a version (2025.1), a bound (>=2025.1, <2026.1) or a range (2025.1..2026.2), several joined by commas';

function oneTarget(part: string, known: readonly string[]): { versions: string[]; described: string } {
  const range = /^(\S+)\s*\.\.\s*(\S+)$/.exec(part);
  if (range) {
    const [, from, to] = range;
    for (const v of [from, to]) if (!VERSION.test(v)) throw new Error(`"${v}" in "${part}" is not a version: ${HOW}`);
    if (compareVersions(from, to) > 0) throw new Error(`"${part}" ends before it starts`);
    return {
      versions: known.filter((v) => compareVersions(v, from) >= 0 && compareVersions(v, to) <= 0),
      described: `${from} to ${to}`,
    };
  }
  const bound = /^(>=|>|<=|<)?\s*(\S+)$/.exec(part);
  if (!bound || !VERSION.test(bound[2])) throw new Error(`"${part}" is not a version: ${HOW}`);
  const [, op = '=', version] = bound;
  const keep = (v: string) => {
    const d = compareVersions(v, version);
    return op === '>=' ? d >= 0 : op === '>' ? d > 0 : op === '<=' ? d <= 0 : op === '<' ? d < 0 : d === 0;
  };
  const words: Record<string, string> = {
    '>=': `${version} and later`,
    '>': `later than ${version}`,
    '<=': `${version} and earlier`,
    '<': `earlier than ${version}`,
    '=': version,
  };
  return { versions: known.filter(keep), described: words[op] };
}

/** The targets `text` names; an error says what was wrong, and how to write them. */
export function parseTargets(text: string, known: readonly string[] = HISTORY.versions): Targets {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new Error(`no target versions: ${HOW}`);
  const each = parts.map((p) => oneTarget(p, known));
  const versions = [...new Set(each.flatMap((e) => e.versions))].sort(compareVersions);
  if (versions.length === 0)
    throw new Error(`"${text}" names none of the versions the history knows (${known.join(', ')})`);
  return { versions, described: each.map((e) => e.described).join(', ') };
}

type Lack = { versions: string[]; message: string } | undefined;

/** What each targets' lack of a path was found to be: a script calls the same operations many times over. */
const LACKS = new WeakMap<Targets, Map<string, Lack>>();

/** Why a call of `path` fails on some of the targets, in a person's words, or undefined when it fits them all. */
export function lackOf(path: string, targets: Targets): Lack {
  let known = LACKS.get(targets);
  if (!known) LACKS.set(targets, (known = new Map<string, Lack>()));
  if (known.has(path)) return known.get(path);
  const lack = findLack(path, targets);
  known.set(path, lack);
  return lack;
}

function findLack(path: string, targets: Targets): Lack {
  const lacking = targets.versions.filter((v) => !presentIn(path, v));
  if (lacking.length === 0) return undefined;
  const { added, gone, goneBy } = lifetimeOf(path);
  const reasons = [
    ...(added && compareVersions(lacking[0], added) < 0 ? [`added in ${added}`] : []),
    ...(gone && lacking.some((v) => compareVersions(v, gone) >= 0) ? [`${goneBy} in ${gone}`] : []),
  ];
  return { versions: lacking, message: `${reasons.join(', ')}; this script targets ${targets.described}` };
}

/** Where a script's targets were said. */
type TargetsFrom = 'comment' | 'setting' | 'option' | 'application';

/** A script's targets and where they come from, or what is wrong with them. */
export interface ScriptTargets {
  /** Keeps cached checks apart per targets. */
  key: string;
  targets?: Targets;
  from?: TargetsFrom;
  /** Targets that cannot be read: where they were said, what was said, and what is wrong. */
  problem?: { from: TargetsFrom; said: string; message: string };
}

/**
 * A script's targets, in this order: the comment at its top; the targets given for it (the setting
 * motion.targetVersions of its folder, or `motion check --target`); else the version of the
 * connected application (`2025.2.1` is 2025.2), when the history knows it. None otherwise.
 */
export function targetsOfScript(
  top: string,
  given: { text?: string; from: 'setting' | 'option' } | undefined,
  applicationVersion: string | undefined,
  known: readonly string[] = HISTORY.versions,
): ScriptTargets {
  const comment = targetsComment(top);
  const said: { text: string; from: TargetsFrom } | undefined =
    comment !== undefined
      ? { text: comment, from: 'comment' }
      : given?.text?.trim()
        ? { text: given.text, from: given.from }
        : undefined;
  if (said) {
    try {
      return { key: said.text, targets: parseTargets(said.text, known), from: said.from };
    } catch (error) {
      return { key: said.text, problem: { from: said.from, said: said.text, message: (error as Error).message } };
    }
  }
  const release = releaseOf(applicationVersion, known);
  if (!release) return { key: '' };
  return {
    key: `=${release}`,
    targets: { versions: [release], described: `${release}, the connected application's version` },
    from: 'application',
  };
}

/** The release of an application version (`2025.2.1` → `2025.2`) when the interface's history knows it. */
export function releaseOf(
  version: string | undefined,
  known: readonly string[] = HISTORY.versions,
): string | undefined {
  const release = /^(\d{4}\.\d+)(?:\.|$)/.exec(version ?? '')?.[1];
  return release && known.includes(release) ? release : undefined;
}
