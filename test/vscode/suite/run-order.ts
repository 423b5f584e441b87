// Which test files of the real-VS-Code suite run, in which order. No `vscode` import (tested in plain Node).

/** Runs last: it checks what the others did, as a person would have done it. */
const LAST = 'walkthrough.test.ts';
/** Runs alone, in the run with Workspace Trust on (the harness's second run). */
const UNTRUSTED = 'untrusted-workspace.test.ts';

/** The files of this run, in order: alphabetical, the last one last. */
export function filesOfRun(files: string[], untrusted: boolean): string[] {
  if (untrusted) return files.filter((f) => f === UNTRUSTED);
  const trusted = files.filter((f) => f !== UNTRUSTED && f !== LAST).sort();
  return files.includes(LAST) ? [...trusted, LAST] : trusted;
}
