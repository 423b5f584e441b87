/**
 * npm run bench:start — how long a person waits for Motion: in a real VS Code (the code-server the
 * tests use, driven by headless Chromium), from the workbench's start on a motion project to the
 * status bar naming the embedded server, to the first completion list after `motion.`, and to the
 * Skeletons view's tree; from typing `import motion` in a plain project to the first completion;
 * from Dry Run File on a 10-line script to the Dry Run view's result; and `motion run --dry-run` of
 * the same script. Each beside its goal and its bound, measured in the same run: VS Code's own start
 * without our extension, the reference server's bare start, and a Python process that imports our
 * package and makes one call. Medians of BENCH_ROUNDS starts (default 5). BENCH_PRODUCT=<checkout>
 * measures another checkout's package instead (workbench.ts), for a before and after.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './timed-reads';
import {
  bareStart,
  motionStartCompletion,
  motionStartTreeAndDryRun,
  plainImportCompletion,
  type Figures,
} from './start/in-vscode';
import { cliDryRun, languageServerBareStart, pythonOneCall, serverBareStart } from './start/outside-vscode';
import { CODE_SERVER, PRODUCT, ROOT, startBrowser } from './start/workbench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function installed(): string {
  const install = spawnSync(
    'bash',
    [join(ROOT, 'scripts/install-code-server.sh'), join(ROOT, '.vscode-test/code-server')],
    {
      stdio: 'inherit',
    },
  );
  if (install.status !== 0) throw new Error('could not install code-server and chromium');
  const extensions = mkdtempSync(join(tmpdir(), 'motion-bench-extensions-'));
  const result = spawnSync(
    process.execPath,
    [
      CODE_SERVER,
      '--extensions-dir',
      extensions,
      '--install-extension',
      join(PRODUCT, 'motion-scripting.vsix'),
      '--force',
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`could not install motion-scripting.vsix:\n${result.stderr}`);
  return extensions;
}

/** Runs `start` `ROUNDS` times and gives each figure's median (of the rounds that have it). */
async function medians(what: string, start: () => Promise<Figures>): Promise<Figures> {
  const rounds: Figures[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const figures = await start();
    const shown = Object.entries(figures).map(([key, value]) => `${key.replace(/^· /, '')} ${Math.round(value)}`);
    console.log(`  ${what} ${i + 1}/${ROUNDS}: ${shown.join(', ')}`);
    rounds.push(figures);
  }
  const keys = [...new Set(rounds.flatMap((r) => Object.keys(r)))];
  return Object.fromEntries(keys.map((key) => [key, median(rounds.filter((r) => key in r).map((r) => r[key]))]));
}

const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  const extensions = installed();
  const extensionless = mkdtempSync(join(tmpdir(), 'motion-bench-no-extensions-'));
  const browser = await startBrowser();
  try {
    console.log(
      `bench:start — medians of ${ROUNDS} starts each, every start on a fresh profile${PRODUCT === ROOT ? '' : `, the product of ${PRODUCT}`}`,
    );
    const bare = await medians('VS Code alone', () => bareStart(browser, extensionless));
    const server = await medians('the reference server alone', serverBareStart);
    const language = await medians('the language server alone', languageServerBareStart);
    const python = await medians('Python alone', pythonOneCall);
    const opening = await medians('motion project (status, completion)', () =>
      motionStartCompletion(browser, extensions),
    );
    const tree = await medians('motion project (tree, dry run)', () => motionStartTreeAndDryRun(browser, extensions));
    const plain = await medians('plain project (import motion)', () => plainImportCompletion(browser, extensions));
    const cli = await medians('motion run --dry-run', cliDryRun);

    // What no extension's sight can come before: VS Code's own extension host showing VS Code's own
    // Git extension's branch, in the same project without Motion.
    const hostShows = "VS Code's own Git branch";
    // Each row: the figure, its goal, its bound (what it is made of, and the sum).
    type Row = [string, number, number | undefined, [string, number][]];
    const hostAndServer: [string, number][] = [
      [hostShows, bare.branch],
      ["server's bare start", server.start],
    ];
    const languageServer: [string, number] = ["language server's bare start", language.start];
    const pythonCall: [string, number] = ['Python: import + one call', python.call];
    const rows: Row[] = [
      ['the workbench, from navigation', opening.workbench, undefined, [['VS Code alone', bare.workbench]]],
      ['(a) status bar names the server', opening.status, 1000, hostAndServer],
      ['(b) first completion after motion.', opening.completion, 1500, [[hostShows, bare.branch], languageServer]],
      ['(c) Skeletons view shows the tree', tree.tree, 1500, hostAndServer],
      ['import motion → first completion', plain.importCompletion, 1000, [languageServer]],
      ['Dry Run File → Dry Run view', tree.dryRun, 1000, [pythonCall]],
      ['motion run --dry-run', cli.dryRun, 1500, [pythonCall]],
    ];
    console.log(
      "\n(a)–(c) from the workbench's start. Each figure, its goal, and its bound measured in this run (what it cannot be under)",
    );
    for (const [name, value, goal, parts] of rows) {
      const bound = parts.reduce((sum, [, ms]) => sum + ms, 0);
      const made = parts.map(([what, at]) => `${what} ${ms(at)}`).join(' + ');
      const over = goal !== undefined && value > goal ? '  — over its goal' : '';
      console.log(
        `${name.padEnd(36)} ${ms(value).padStart(8)}  ${goal === undefined ? ''.padEnd(13) : `goal ${ms(goal)}`.padEnd(13)}  bound ${ms(bound)} (${made}): ${ms(value - bound)} above it${over}`,
      );
    }

    // Ready at VS Code's own pace: ratios within one start, so that a slow machine slows both.
    console.log('\nat VS Code’s own pace (ratios, in the same start):');
    console.log(
      `  Motion’s status ${ms(opening.status)} / VS Code’s Git branch ${ms(opening.branch)} = ${(opening.status / opening.branch).toFixed(2)} (goal ≤ 1.00: no later)`,
    );
    console.log(
      `  import motion → first completion in a plain project: ${ms(plain.importCompletion)} (goal ≤ 1000 ms of the keystroke)${plain.importCompletion > 1000 ? '  — over its goal' : ''}`,
    );

    console.log("\nwhere a motion project's start went (medians, from the workbench's start):");
    for (const [what, at] of Object.entries(opening)
      .filter(([key]) => key.startsWith('· '))
      .sort((a, b) => a[1] - b[1]))
      console.log(`  ${ms(at).padStart(8)}  ${what.slice(2)}`);
    console.log(`  ${ms(opening.status).padStart(8)}  the status bar names the server`);
    console.log(`  ${ms(opening.completion).padStart(8)}  the first completion list`);
    console.log(
      `\nthe extension host's memory, 2 s after: ${Math.round(opening.hostMiB)} MiB with Motion (its language server and embedded server ${Math.round(opening.childrenMiB)} MiB more), ${Math.round(bare.hostMiB)} MiB in VS Code alone`,
    );
  } finally {
    await browser.close();
    rmSync(extensions, { recursive: true, force: true });
    rmSync(extensionless, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
