// A Lua session's own thread (dist/lua-worker.js): a Lua 5.4 VM (wasmoon) with the motion table.
// A long loop blocks only this thread; the debug hook checks a shared flag to interrupt it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { LuaFactory } from 'wasmoon';
import { MotionClient } from '../../api/client/motion-client';
import { MotionConnectionError, MotionError } from '../../api/client/motion-error';
import { DocumentationIndex } from '../../api/docs/documentation-index';
import { normalizeArguments } from './lua-values';
import { MOTION_RUNTIME_LUA } from './motion-runtime.lua';
import type { FromLua, ToLua } from './lua-messages';

const { serverUrl, interrupt } = workerData as { serverUrl: string; interrupt: SharedArrayBuffer };
const flag = new Int32Array(interrupt);
const port = parentPort!;
const send = (message: FromLua) => port.postMessage(message);

async function main(): Promise<void> {
  const client = new MotionClient({ url: serverUrl, timeoutMs: 30_000 });
  let index: DocumentationIndex | undefined;
  let documentationText: string | undefined;
  try {
    const documentation = await client.utilities.documentation.get_package_documentation();
    index = DocumentationIndex.fromPackage(documentation, { kind: 'live', url: serverUrl, version: '' });
    documentationText = JSON.stringify(documentation);
  } catch (error) {
    send({
      kind: 'output',
      stream: 'system',
      text: `motion is not available in this session: ${(error as Error).message}\n`,
    });
  }
  // Next to the bundle (dist/glue.wasm), else wasmoon finds its own.
  const glue = join(__dirname, 'glue.wasm');
  const lua = await new LuaFactory(existsSync(glue) ? glue : undefined).createEngine();
  lua.global.set('__motion_documentation', documentationText);
  lua.global.set('__motion_write', (text: string) => send({ kind: 'output', stream: 'stdout', text }));
  lua.global.set('__motion_write_error', (text: string) => send({ kind: 'output', stream: 'stderr', text }));
  lua.global.set('__motion_interrupted', () => Atomics.exchange(flag, 0, 0) === 1);
  lua.global.set('__motion_call', async (modulePath: string, operation: string, packed: Record<string, unknown>) => {
    const count = Number(packed.n ?? 0);
    const raw = Array.from(
      { length: count },
      (_, i) => packed[String(i + 1)] ?? packed[(i + 1) as unknown as string] ?? null,
    );
    const method = index?.method(`${modulePath}.${operation}`);
    const args = method
      ? normalizeArguments(
          raw,
          method.parameters.map((p) => p.type),
        )
      : raw;
    try {
      return JSON.stringify({ value: (await client.call(modulePath, operation, args)) ?? null });
    } catch (error) {
      if (error instanceof MotionError)
        return JSON.stringify({
          error: {
            code: error.code,
            message: error.message,
            operation: error.operation,
            parameter: error.parameter ?? null,
          },
        });
      const kind = error instanceof MotionConnectionError ? error.kind : 'internal';
      return JSON.stringify({
        error: { code: kind, message: (error as Error).message, operation: `${modulePath}.${operation}` },
      });
    }
  });
  await lua.doString(MOTION_RUNTIME_LUA);

  // One run at a time: the session sends the next only after this one's `done`; every failure is caught below.
  port.on('message', (message: ToLua) => void run(message));
  async function run(message: ToLua): Promise<void> {
    lua.global.set('__code', message.code);
    lua.global.set('__chunk', `@${message.filename}`);
    lua.global.set('__line', message.line);
    try {
      const failure = (await lua.doString('return __motion_exec(__code, __chunk, __line)')) as
        { message: string; traceback: string; code?: string } | undefined;
      if (!failure) return send({ kind: 'done', id: message.id, ok: true });
      send({ kind: 'output', stream: 'stderr', text: `${userTraceback(failure.traceback)}\n` });
      const at = new RegExp(`${escape(message.filename)}:(\\d+):`);
      const line = (at.exec(failure.message) ?? at.exec(failure.traceback))?.[1];
      const interrupted = /interrupted$/.test(failure.message);
      send({
        kind: 'done',
        id: message.id,
        ok: false,
        error: {
          type: interrupted ? 'Interrupted' : failure.code ? 'MotionError' : 'LuaError',
          message: failure.message,
          code: failure.code,
          line: line ? Number(line) : undefined,
        },
      });
    } catch (error) {
      send({ kind: 'done', id: message.id, ok: false, error: { type: 'LuaError', message: (error as Error).message } });
    }
  }
  send({ kind: 'ready' });
}

/** The traceback without the session runtime's own frames (chunks loaded by the session, the hook, xpcall). */
function userTraceback(traceback: string): string {
  return traceback
    .split('\n')
    .filter((line) => !/\[string "|\[C\]: in function '(xpcall|error)'|\(\.\.\.tail calls\.\.\.\)/.test(line))
    .join('\n');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

void main();
