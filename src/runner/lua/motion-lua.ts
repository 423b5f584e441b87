import { readFileSync } from 'node:fs';
import type { LuaEngine } from 'wasmoon';
import { luaFactory } from '../../api/runtime/lua/lua-factory';
import { MotionClient } from '../../api/client/motion-client';
import { MotionConnectionError, MotionError } from '../../api/client/motion-error';
import { DocumentationIndex } from '../../api/docs/documentation-index';
import { normalizeArguments } from '../../api/runtime/lua/lua-values';
import { MOTION_RUNTIME_LUA } from '../../api/runtime/lua/motion-runtime.lua';

type Output = (stream: 'stdout' | 'stderr' | 'system', text: string) => void;

/**
 * A Lua 5.4 VM with the `motion` table of the application at `serverUrl` (from its documentation
 * module), print and io.write going to `output`: what sessions and the debugger run scripts in.
 */
export async function createMotionLua(
  serverUrl: string,
  output: Output,
  /** In a test: the state file of the test's own application (motion.testing reads it). */
  testStateFile?: string,
): Promise<LuaEngine> {
  const client = new MotionClient({ url: serverUrl, timeoutMs: 30_000 });
  let index: DocumentationIndex | undefined;
  let documentationText: string | undefined;
  try {
    const documentation = await client.utilities.documentation.get_package_documentation();
    index = DocumentationIndex.fromPackage(documentation, { kind: 'live', url: serverUrl, version: '' });
    documentationText = JSON.stringify(documentation);
  } catch (error) {
    output('system', `motion is not available in this session: ${(error as Error).message}\n`);
  }
  const lua = await luaFactory().createEngine();
  lua.global.set('__motion_documentation', documentationText);
  if (testStateFile) lua.global.set('__motion_test_state', () => readFileSync(testStateFile, 'utf8'));
  lua.global.set('__motion_write', (text: string) => output('stdout', text));
  lua.global.set('__motion_write_error', (text: string) => output('stderr', text));
  lua.global.set(
    '__motion_call',
    async (modulePath: string, operation: string, packed: Record<string, unknown>, caller?: string) => {
      const count = Number(packed.n ?? 0);
      const raw = Array.from({ length: count }, (_, i) =>
        sendable(packed[String(i + 1)] ?? packed[(i + 1) as unknown as string] ?? null),
      );
      const method = index?.method(`${modulePath}.${operation}`);
      const args = method
        ? normalizeArguments(
            raw,
            method.parameters.map((p) => p.type),
          )
        : raw;
      try {
        return JSON.stringify({ value: (await client.call(modulePath, operation, args, { caller })) ?? null });
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
    },
  );
  await lua.doString(MOTION_RUNTIME_LUA);
  return lua;
}

/** The traceback without the session runtime's own frames (chunks loaded by the session, the hook, xpcall). */
export function userTraceback(traceback: string): string {
  return (
    traceback
      .split('\n')
      .filter((line) => !/\[string "|\[C\]: in function '(xpcall|error)'|\(\.\.\.tail calls\.\.\.\)/.test(line))
      // The runtime holds the script's chunk in a local: to the user it is the main chunk, as lua.c says.
      .map((line) => line.replace(/in local '(chunk|compiled)'$/, 'in main chunk'))
      .join('\n')
      // No frame of the user's left (a syntax error: nothing ran): no traceback, as lua.c prints none.
      .replace(/\nstack traceback:$/, '')
  );
}

/** A callback (`function` parameters) works only inside the application: over HTTP it is text that names it. */
function sendable(value: unknown): unknown {
  return typeof value === 'function' ? '<function>' : value;
}
