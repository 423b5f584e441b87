import type { Completeness } from '../repl/statements';
import { luaFactory } from '../../api/runtime/lua/lua-factory';

let check: Promise<(code: string) => string> | undefined;

/**
 * Whether Lua code typed at a console is a whole chunk, decided the way Lua's own interpreter
 * (lua.c) does: it is an expression, or it compiles, or it fails for another reason than ending
 * too soon ("near <eof>"). A small VM of its own does it, in this thread: the session's VM may be
 * busy running code, and compiling runs nothing.
 */
export async function luaCompleteness(code: string): Promise<Completeness> {
  check ??= (async () => {
    const lua = await luaFactory().createEngine();
    await lua.doString(`
      function complete(code)
        if load("return " .. code, "=stdin") then return "complete" end
        local chunk, problem = load(code, "=stdin")
        if not chunk and problem:sub(-5) == "<eof>" then return "incomplete" end
        return "complete"
      end`);
    return lua.global.get('complete') as (code: string) => string;
  })();
  return (await check)(code) === 'incomplete' ? 'incomplete' : 'complete';
}
