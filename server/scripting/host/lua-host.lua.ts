// The Lua side of the reference server's Lua host (lua-host-worker.ts): functions given to
// motion.gui kept by handle, and called back by it with their errors' file and line.
export const LUA_HOST = `
local functions, handles, nextHandle = {}, {}, 0

function __motion_function_handle(fn)
  if not handles[fn] then
    nextHandle = nextHandle + 1
    handles[fn], functions[nextHandle] = nextHandle, fn
  end
  local info = debug.getinfo(fn, "S")
  local file = info.source:sub(1, 1) == "@" and info.source:sub(2) or info.short_src
  return { ["$function"] = handles[fn], name = "function (" .. (file:match("[^/\\\\]+$") or file) .. ":" .. info.linedefined .. ")" }
end

-- Calls a function by its handle with the arguments (a JSON list); its value, or how it failed.
function __motion_invoke(handle, arguments)
  local fn = functions[handle]
  if not fn then return { failed = { message = "the function is gone: the scripts were loaded again since it was given", traceback = "" } } end
  local args = __motion_json.decode(arguments)
  local ok, result = xpcall(function() return fn(table.unpack(args)) end, function(e)
    return { message = tostring(e), traceback = debug.traceback(tostring(e), 2) }
  end)
  if ok then return { value = result } end
  return { failed = result }
end
`;
