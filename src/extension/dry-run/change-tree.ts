import type { ChangeKind, StateChange } from '../../api/state/state-diff';
import { positionText, type SampleRun } from '../../api/state/sample-changes';
import { describeCall, type NotSentCall, type PassedRead } from '../../runner/dry-run/dry-run-gateway';
import { notModelled } from '../../runner/dry-run/not-sent-outline';
import { callSite, inScript, siteFile, siteText, type CallSite } from '../../runner/dry-run/call-site';

/** A row of the Dry Run view: a place (source, skeleton, segment) holding changes, or one change. No `vscode` import. */
export interface ChangeNode {
  label: string;
  /** For a change: the before → after part of its line; for a place: how many changes are under it. */
  description: string;
  /** Set on a change; a place has none. */
  kind?: ChangeKind;
  change?: StateChange;
  /** The file and line (1-based) a row stands for: choosing it opens that file there. */
  at?: CallSite;
  /** A line of the script's output that names a file and line (a traceback's): choosing it opens it there. */
  opens?: CallSite;
  children: ChangeNode[];
}

/**
 * The calls a dry run did not send (the reference server does not model them), in order, each
 * opening the file it was made in at its line (`script`: the file that ran; a call made there is
 * named by its line, one made in a helper by the helper's path and line); under them, the reads
 * that came after one and may differ against the application. Undefined when every call was modelled.
 */
export function notSentTree(
  notSent: readonly NotSentCall[],
  reads: readonly PassedRead[],
  script: string | undefined,
): ChangeNode | undefined {
  if (notSent.length === 0) return undefined;
  const row = (label: string, caller: string | undefined): ChangeNode => {
    const site = callSite(caller);
    if (!site) return { label, description: '', children: [] };
    const description = inScript(site, script) ? `line ${site.line}` : siteText(site, script);
    return { label, description, at: { file: siteFile(site, script), line: site.line }, children: [] };
  };
  const maybe = reads.filter((read) => read.mayDependOn);
  return {
    label: 'Not sent',
    description: `${notModelled(notSent.length)}: what they do is not known`,
    children: [
      ...notSent.map((call) => row(`would call ${describeCall(call)}`, call.caller)),
      ...(maybe.length === 0
        ? []
        : [
            {
              label: 'Possibly different against the application',
              description: `${maybe.length} read${maybe.length === 1 ? '' : 's'} after a call not sent`,
              children: maybe.map((read) => row(describeCall(read), read.caller)),
            },
          ]),
    ],
  };
}

/**
 * The changes as a tree of the places they are in, in the order they came; each opens the line
 * that made it (`script`: the file that ran, whose lines are named by number alone).
 */
export function changeTree(changes: readonly StateChange[], script?: string): ChangeNode[] {
  const roots: ChangeNode[] = [];
  for (const change of changes) {
    let level = roots;
    for (const place of change.path) {
      let node = level.find((n) => !n.change && n.label === place);
      if (!node) level.push((node = { label: place, description: '', children: [] }));
      level = node.children;
    }
    level.push(changeNode(change, script));
  }
  for (const root of roots) count(root);
  return roots;
}

/** How many frames of a change of samples the view lists under it (the whole run is in the JSON report). */
export const FRAMES_LISTED = 100;

/**
 * `scale: 1 → 1.5` shows as "scale" with "1 → 1.5" beside it; an added or removed object by its
 * whole line. A change of samples lists its frames under it, each position before → after.
 */
function changeNode(change: StateChange, script: string | undefined): ChangeNode {
  const split = change.field !== undefined ? change.text.indexOf(': ') : -1;
  const children = change.frames ? frameRows(change.frames) : [];
  const [label, value] = split < 0 ? [change.text, ''] : [change.text.slice(0, split), change.text.slice(split + 2)];
  const site = callSite(change.caller);
  if (!site) return { label, description: value, kind: change.kind, change, children };
  const where = inScript(site, script) ? `line ${site.line}` : siteText(site, script);
  return {
    label,
    description: value ? `${value} · ${where}` : where,
    kind: change.kind,
    change,
    at: { file: siteFile(site, script), line: site.line },
    children,
  };
}

function frameRows(run: SampleRun): ChangeNode[] {
  const rows: ChangeNode[] = run.frames.slice(0, FRAMES_LISTED).map((f) => ({
    label: `frame ${f.frame}`,
    description: `${positionText(f.before)} → ${positionText(f.after)}`,
    children: [],
  }));
  const more = run.end - run.start + 1 - rows.length;
  if (more > 0)
    rows.push({
      label: `… ${more} more frame${more === 1 ? '' : 's'}`,
      description: '',
      children: [],
    });
  return rows;
}

function count(node: ChangeNode): number {
  if (node.change) return 1;
  const n = node.children.reduce((sum, child) => sum + count(child), 0);
  node.description = `${n} change${n === 1 ? '' : 's'}`;
  return n;
}
