#!/usr/bin/env node
// Only the version is taken from package.json: the bundler leaves its other fields out.
import { version } from '../../package.json';
import { report, EXIT, GLOBAL_HELP } from './cli-context';
import { wslAdvice } from './wsl-advice';

type Command = (argv: string[]) => Promise<number>;

// Each command's code is loaded when it runs: a command starts without the others' libraries (the
// MCP SDK, the language service, the Lua runtime...), which `motion call` in a shell loop feels.
const COMMANDS: Record<string, () => Promise<Command>> = {
  call: () => import('./commands/call-command').then((m) => m.callCommand),
  tree: () => import('./commands/tree-command').then((m) => m.treeCommand),
  skeleton: () => import('./commands/skeleton-command').then((m) => m.skeletonCommand),
  snapshot: () => import('./commands/snapshot-command').then((m) => m.snapshotCommand),
  docs: () => import('./commands/docs-command').then((m) => m.docsCommand),
  stubs: () => import('./commands/stubs-command').then((m) => m.stubsCommand),
  run: () => import('./commands/run-command').then((m) => m.runCommand),
  batch: () => import('./commands/batch-command').then((m) => m.batchCommand),
  check: () => import('./commands/check-command').then((m) => m.checkCommand),
  test: () => import('./commands/test-command').then((m) => m.testCommand),
  repl: () => import('./commands/repl-command').then((m) => m.replCommand),
  mcp: () => import('./commands/mcp-command').then((m) => m.mcpCommand),
  commands: () => import('./commands/commands-command').then((m) => m.commandsCommand),
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
  batch SCRIPT FILE|FOLDER... [--out DIR]   run one script over many measurements (--dry-run first)
  check [FILE|DIR...] [--sarif FILE]        check scripts' motion.* calls as the editor does, like a compiler
  test [PATH...] [--snapshot FILE]          run your scripts' tests, each against an application of its own
  repl [--lua]                              an interactive Python (or Lua) session with the application
  commands [run COMMAND]                    list the application's menus and commands, or run one
  mcp [--allow-apply]                       a Model Context Protocol server (stdio) for coding assistants:
                                            documentation, checks, dry runs, tests and snapshots as tools

motion <command> --help for more; motion --version prints its version.

${GLOBAL_HELP}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${HELP}\n`);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === '--version' || command === '-V') {
    process.stdout.write(`motion ${version}\n`);
    return EXIT.ok;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    process.stderr.write(`motion: unknown command "${command}"\n\n${HELP}\n`);
    return EXIT.usage;
  }
  try {
    return await (
      await load()
    )(rest);
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
