/** Every test file of this folder, found when the suite is bundled (scripts/vscode-suite.ts). */
declare module 'motion-suite:files' {
  /** Each file's module: it exports the function that declares its tests. */
  export const suites: { file: string; module: Record<string, unknown> }[];
}
