import { execFile } from 'node:child_process';

/**
 * The Node flags the language server runs with, wherever it is started (VS Code, other editors,
 * bench:ls).
 *
 * V8 compiles a function that has just become hot on a helper thread, and the kernel wakes that
 * thread on the request thread's own CPU: the answer to a completion request then waits 2–4 ms for
 * the compile, most of the slow tail of completion on a two-core machine. Delayed by 10 ms, the
 * compile starts after the answer has gone (a request takes about 1 ms), while the editor waits for
 * the next keystroke; the optimized code arrives 10 ms later, which no one notices.
 *
 * It is a V8 flag, read when V8 starts: on the command line, not settable at run time.
 */
export const LANGUAGE_SERVER_NODE_FLAGS: readonly string[] = ['--concurrent-recompilation-delay=10'];

/**
 * `flags` if the Node at `execPath` starts with them, none if it refuses them, undefined if it
 * could not tell (the runtime did not start, or not within 10 s). A V8 flag is V8's to rename or
 * drop, and Node refuses to start with one it does not know ("bad option"): a runtime without it
 * runs the server without it rather than not at all. `env` is the child's environment (VS Code's
 * runtime is Electron, Node only with ELECTRON_RUN_AS_NODE).
 */
export function flagsTheRuntimeTakes(
  execPath: string,
  flags: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    execFile(execPath, [...flags, '-e', ''], { env, timeout: 10_000 }, (error) => {
      if (!error) resolve([...flags]);
      // A refusal is an exit with a code; a runtime not found, or stopped at 10 s, tells nothing.
      else resolve(typeof error.code === 'number' ? [] : undefined);
    });
  });
}

/** Where the answer is kept between sessions: VS Code's global state, in the extension. */
export interface RememberedFlags {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

const KEY = 'languageServerNodeFlags';

type Runtime = { execPath: string; v8: string; env?: NodeJS.ProcessEnv };

/** What was asked: the runtime (its path and V8 version) and the flags. */
const askedOf = (runtime: Runtime, flags: readonly string[]) => [runtime.execPath, runtime.v8, ...flags].join(' ');

/** The answer remembered for exactly this question, if one of the right shape is. */
function rememberedAnswer(remembered: RememberedFlags, asked: string): string[] | undefined {
  const known = remembered.get(KEY) as { asked: string; taken: string[] } | undefined;
  return known?.asked === asked && Array.isArray(known.taken) ? known.taken : undefined;
}

/**
 * The language server's flags that the runtime at `execPath` takes, asked of it once per runtime
 * (its path and V8 version) and per set of flags, then remembered: starting a runtime to ask costs
 * what starting the server does.
 */
export async function languageServerFlags(
  remembered: RememberedFlags,
  runtime: Runtime,
  flags: readonly string[] = LANGUAGE_SERVER_NODE_FLAGS,
): Promise<string[]> {
  const asked = askedOf(runtime, flags);
  const known = rememberedAnswer(remembered, asked);
  if (known) return known;
  const taken = await flagsTheRuntimeTakes(runtime.execPath, flags, runtime.env);
  if (taken === undefined) return [];
  await remembered.update(KEY, { asked, taken });
  return taken;
}

/**
 * The flags for a start that does not wait to ask: those remembered for this runtime, else none
 * this time, while the runtime is asked meanwhile (`asking`) and its answer remembered for the next
 * start. The flags only shorten completion's slow tail; a runtime started to ask them would hold
 * up the first start, where a person waits for Motion.
 */
export function languageServerFlagsNow(
  remembered: RememberedFlags,
  runtime: Runtime,
  flags: readonly string[] = LANGUAGE_SERVER_NODE_FLAGS,
): { flags: string[]; asking: Promise<string[]> } {
  const known = rememberedAnswer(remembered, askedOf(runtime, flags));
  if (known) return { flags: known, asking: Promise.resolve(known) };
  return { flags: [], asking: languageServerFlags(remembered, runtime, flags) };
}
