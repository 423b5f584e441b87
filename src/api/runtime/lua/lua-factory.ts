import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LuaFactory } from 'wasmoon';

/** Lua VMs from wasmoon's WebAssembly: next to the bundle (dist/glue.wasm), else wasmoon finds its own. */
export function luaFactory(): LuaFactory {
  const glue = join(__dirname, 'glue.wasm');
  return new LuaFactory(existsSync(glue) ? glue : undefined);
}
