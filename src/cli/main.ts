#!/usr/bin/env node
import { report, EXIT, GLOBAL_HELP } from './cli-context';
import { wslAdvice } from './wsl-advice';
import { callCommand } from './commands/call-command';
import { checkCommand } from './commands/check-command';
import { docsCommand } from './commands/docs-command';
import { mcpCommand } from './commands/mcp-command';
import { replCommand } from './commands/repl-command';
import { runCommand } from './commands/run-command';
import { skeletonCommand } from './commands/skeleton-command';
import { snapshotCommand } from './commands/snapshot-command';
import { stubsCommand } from './commands/stubs-command';
import { testCommand } from './commands/test-command';
import { treeCommand } from './commands/tree-command';

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  call: callCommand,
  tree: treeCommand,
  skeleton: skeletonCommand,
  snapshot: snapshotCommand,
  docs: docsCommand,
  stubs: stubsCommand,
  run: runCommand,
  check: checkCommand,
  test: testCommand,
  repl: replCommand,
  mcp: mcpCommand,
};

const HELP = `Usage: motion <command> [options]

The command-line client of a motion-capture application's scripting interface (package "motion").

Commands:
  call <module path> <operation> [ARG...]   call one operation and print its JSON result
  tree [--source project|measurement|data]  print the skeletons as trees
  skeleton export|import [--format xml|json] skeleton definitions to or from a file
  snapshot [-o FILE] [--record SCRIPT]      read the application's whole state into a snapshot file
                                            (with the answers a script's reads get)
  docs [PATH]                               print the documentation of the package, a module or a method
  stubs --out DIR                           write Python type stubs (.pyi) for the package
  run FILE.py|FILE.lua [ARG...]             run a Python or Lua script against the application
  check [FILE|DIR...] [--sarif FILE]        check scripts' motion.* calls as the editor does, like a compiler
  test [PATH...] [--snapshot FILE]          run your scripts' tests, each against an application of its own
  repl [--lua]                              an interactive Python (or Lua) session with the application
  mcp [--allow-apply]                       a Model Context Protocol server (stdio) for coding assistants:
                                            documentation, checks, dry runs, tests and snapshots as tools

motion <command> --help for more.

${GLOBAL_HELP}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${HELP}\n`);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  const run = COMMANDS[command];
  if (!run) {
    process.stderr.write(`motion: unknown command "${command}"\n\n${HELP}\n`);
    return EXIT.usage;
  }
  try {
    return await run(rest);
  } catch (error) {
    const json = rest.includes('--json');
    if ((error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`motion ${command}: ${(error as Error).message}\n`);
      return EXIT.usage;
    }
    return report(error, json, await wslAdvice(error));
  }
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
