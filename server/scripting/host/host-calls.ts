import { ScriptFunction } from '../gui/gui-model';

// What the server and the host's interpreters (its Python, its Lua) say to each other: requests
// the server makes of them, and the motion calls their scripts make of the server.

/** How a start-up script or a function of one failed: the language's words, and the script's file and line. */
export interface ScriptError {
  type: string;
  message: string;
  file: string | null;
  line: number | null;
  traceback: string;
}

/** A function of a script that raised, or that did not return in time. */
export class ScriptFailed extends Error {
  constructor(readonly error: ScriptError) {
    super(`${error.type}: ${error.message}${error.file ? ` (${error.file}:${error.line})` : ''}`);
    this.name = 'ScriptFailed';
  }
}

/** A motion call a script made: what the server answers, or its refusal. */
export type HostCall = (module: string, operation: string, args: unknown[]) => Promise<unknown>;

/**
 * The requests an interpreter has not answered yet, by number: each ends with its value, with
 * ScriptFailed when the script raised, or with the interpreter.
 */
export class HostRequests {
  private nextSeq = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  /** A new request's number, and the promise of its answer. */
  add(): { seq: number; answer: Promise<unknown> } {
    const seq = this.nextSeq++;
    const answer = new Promise<unknown>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    return { seq, answer };
  }

  /** The interpreter's `done` for a request. */
  settle(done: { seq?: number; ok?: boolean; value?: unknown; error?: ScriptError }): void {
    const waiter = this.waiting.get(done.seq!);
    this.waiting.delete(done.seq!);
    if (!waiter) return;
    if (done.ok) waiter.resolve(done.value ?? null);
    else waiter.reject(new ScriptFailed(done.error!));
  }

  /** The interpreter ended: every request still waiting fails with why. */
  failAll(gone: Error): void {
    for (const { reject } of this.waiting.values()) reject(gone);
    this.waiting.clear();
  }
}

/** `{"$function": id, "name": …}` from an interpreter: the function it holds, as the server keeps it. */
export function functionOf(language: ScriptFunction['language']): (value: unknown) => unknown {
  return (value) => {
    if (value && typeof value === 'object' && '$function' in value) {
      const { $function: id, name } = value as { $function: number; name?: string };
      return new ScriptFunction(language, id, name ?? 'function');
    }
    return value;
  };
}

/** A script's motion call, answered: its value, or its refusal as the motion package raises it. */
export async function answerOf(
  call: Promise<unknown>,
  seq: number | undefined,
  operation: string,
): Promise<{ type: 'answer'; seq: number; ok: boolean; value?: unknown; error?: Record<string, unknown> }> {
  try {
    return { type: 'answer', seq: seq!, ok: true, value: (await call) ?? null };
  } catch (error) {
    return { type: 'answer', seq: seq!, ok: false, error: faultOf(error, operation) };
  }
}

/** A refusal as the motion package raises it: code, message, operation, parameter, status. */
function faultOf(error: unknown, operation: string): Record<string, unknown> {
  const e = error as { code?: string; message?: string; parameter?: string; status?: number };
  if (error instanceof ScriptFailed) return { code: 'script_error', message: error.message, operation, status: 500 };
  return {
    code: e.code ?? 'internal',
    message: e.message ?? String(error),
    operation,
    ...(e.parameter ? { parameter: e.parameter } : {}),
    status: e.status ?? 500,
  };
}
