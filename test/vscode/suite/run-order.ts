// Which test files of the real-VS-Code suite run, in which order. No `vscode` import (tested in plain Node).

/** The harness's runs: the suite in the trusted examples folder, then the runs that need a workspace of their own. */
export type SuiteRun = 'trusted' | 'untrusted' | 'plain' | 'wsl';

/** Runs last: it checks what the others did, as a person would have done it. */
const LAST = 'walkthrough.test.ts';
/** The files that run alone, each in its run: Workspace Trust on; a plain Python project of two folders. */
const ALONE: Partial<Record<SuiteRun, string>> = {
  untrusted: 'untrusted-workspace.test.ts',
  plain: 'plain-project.test.ts',
  wsl: 'wsl.test.ts',
};

/** The files of this run, in order: alphabetical, the last one last. */
export function filesOfRun(files: string[], run: SuiteRun): string[] {
  const alone = ALONE[run];
  if (alone) return files.filter((f) => f === alone);
  const own = new Set(Object.values(ALONE));
  const trusted = files.filter((f) => !own.has(f) && f !== LAST).sort();
  return files.includes(LAST) ? [...trusted, LAST] : trusted;
}
