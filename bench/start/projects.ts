/**
 * The folders bench:start opens: a motion project (a 10-line tool beside a helper module, as people
 * keep them) and a plain Python project that never imports motion. Made afresh for each start, so
 * no start finds what an earlier one left.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The 10-line script: what Dry Run File runs, and the editor the first completion is typed in. */
export const TOOL = [
  'import motion',
  'from helpers import rounded',
  '',
  'sk = motion.settings.processing.skeleton',
  'body = sk.find_skeleton("project", "FullBody")',
  'scale = rounded(sk.get_skeleton_scale("project", body) * 1.1)',
  'sk.set_skeleton_scale("project", body, scale)',
  'head = sk.find_segment("project", body, "Head")',
  'sk.add_segment("project", head, "Hat")',
  'print("scaled to", scale)',
  '',
].join('\n');

/** What the Dry Run view shows once the tool's dry run is done. */
export const TOOL_RESULT = '3 changes · from a snapshot';

export interface Project {
  folder: string;
  /** The script opened with the folder. */
  file: string;
}

/** A git repository with one commit on `main`, as a lab keeps its scripts. */
function committed(folder: string): void {
  const git = (...args: string[]) => {
    const result = spawnSync('git', args, { cwd: folder, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  };
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=Bench', '-c', 'user.email=bench@localhost', 'commit', '-q', '-m', 'scripts');
}

export function motionProject(): Project {
  const folder = mkdtempSync(join(tmpdir(), 'motion-bench-project-'));
  writeFileSync(join(folder, 'tool.py'), TOOL);
  writeFileSync(join(folder, 'helpers.py'), 'def rounded(value):\n    return round(value, 2)\n');
  committed(folder);
  return { folder, file: join(folder, 'tool.py') };
}

export function plainProject(): Project {
  const folder = mkdtempSync(join(tmpdir(), 'motion-bench-plain-'));
  mkdirSync(join(folder, 'analysis'));
  writeFileSync(join(folder, 'analysis/__init__.py'), '');
  writeFileSync(join(folder, 'analysis/stats.py'), 'def mean(values):\n    return sum(values) / len(values)\n');
  writeFileSync(join(folder, 'main.py'), 'from analysis.stats import mean\n\nprint(mean([1, 2, 3]))\n');
  return { folder, file: join(folder, 'main.py') };
}
