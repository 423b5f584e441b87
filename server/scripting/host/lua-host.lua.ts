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
-- With a debugger attached (Attach to the Application), it runs under its hook: breakpoints stop it.
function __motion_invoke(handle, arguments)
  local fn = functions[handle]
  if not fn then return { failed = { message = "the function is gone: the scripts were loaded again since it was given", traceback = "" } } end
  local args = __motion_json.decode(arguments)
  local debugged = __motion_debug_attached()
  if debugged then __motion_debug_begin(false) end
  local ok, result = xpcall(function() return fn(table.unpack(args)) end, function(e)
    if debugged then __motion_debug_failed(e) end
    return { message = tostring(e), traceback = debug.traceback(tostring(e), 2) }
  end)
  if debugged then __motion_debug_end() end
  if ok then return { value = result } end
  -- Ended from the debugger while stopped on the error: its handler ended with a plain message.
  if type(result) ~= "table" then result = { message = tostring(result), traceback = tostring(result) } end
  return { failed = result }
end
`;
