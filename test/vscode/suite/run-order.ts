// Which test files of the real-VS-Code suite run, in which order. No `vscode` import (tested in plain Node).

/** The harness's runs: the suite in the trusted examples folder, then the runs that need a workspace of their own. */
export type SuiteRun = 'trusted' | 'untrusted' | 'plain' | 'wsl' | 'ssh' | 'mcp';

/** Runs last: it checks what the others did, as a person would have done it. */
const LAST = 'walkthrough.test.ts';
/** The files that run apart, in runs of their own, in this order: Workspace Trust on; a plain Python project of two folders; WSL; SSH; a newer VS Code, with MCP servers. */
const APART: Partial<Record<SuiteRun, string[]>> = {
  untrusted: ['untrusted-workspace.test.ts'],
  plain: ['plain-project.test.ts', 'plain-project-python.test.ts'],
  wsl: ['wsl.test.ts'],
  ssh: ['ssh.test.ts'],
  mcp: ['mcp-servers.test.ts'],
};

/** The files of this run, in order: alphabetical, the last one last. */
export function filesOfRun(files: string[], run: SuiteRun): string[] {
  const apart = APART[run];
  if (apart) return apart.filter((f) => files.includes(f));
  const own = new Set(Object.values(APART).flat());
  const trusted = files.filter((f) => !own.has(f) && f !== LAST).sort();
  return files.includes(LAST) ? [...trusted, LAST] : trusted;
}
