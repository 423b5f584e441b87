import { fork, type ChildProcess } from 'node:child_process';
import { languageServerFlagsNow, type RememberedFlags } from '../../server/language/node-flags';

/** Where the language server of an extension under development listens for a debugger. */
const DEBUG_FLAGS = ['--nolazy', '--inspect=6011'];

/** VS Code's runtime is Electron: Node only with this in its environment. */
const asNode = () => ({ ...process.env, ELECTRON_RUN_AS_NODE: '1' });

/** Whether a process of these Node flags (the extension host's) runs under a debugger, as the language client tells it. */
export const underDebugger = (execArgv = process.execArgv) =>
  execArgv.some((arg) => /^--(inspect|debug)(-brk)?(=|$)/.test(arg));

/**
 * The language server's processes, over stdio, with VS Code's own runtime (Electron, as Node). The
 * first is started the moment Motion starts, before Motion's code is loaded: the two take about as
 * long, and the first completion waits for both. The language client takes it at its start, and a
 * new one at each restart. The first start on a runtime runs without the Node flags rather than wait
 * to ask it (node-flags.ts); the answer is the next start's.
 */
export class LanguageServerProcesses {
  private flags: string[];
  private early: ChildProcess | undefined;

  constructor(
    private readonly script: string,
    remembered: RememberedFlags,
  ) {
    const { flags, asking } = languageServerFlagsNow(remembered, {
      execPath: process.execPath,
      v8: process.versions.v8,
      env: asNode(),
    });
    this.flags = flags;
    void asking.then((taken) => (this.flags = taken));
    this.early = this.start();
  }

  /** The process for the client's next start: the one started early, then a new one each time. */
  next(): ChildProcess {
    const process = this.early ?? this.start();
    this.early = undefined;
    return process;
  }

  /** Ends the early process if no client took it (Motion's start failed before). */
  dispose(): void {
    this.early?.kill();
    this.early = undefined;
  }

  private start(): ChildProcess {
    return fork(this.script, ['--stdio'], {
      execArgv: [...this.flags, ...(underDebugger() ? DEBUG_FLAGS : [])],
      env: asNode(),
      // stdin and stdout carry the protocol; stderr goes to the client's output.
      silent: true,
    });
  }
}
