import { LUA_JSON } from './lua-json.lua';

/**
 * The Lua side of a session: the `motion` table built from the application's documentation
 * (decoded by LUA_JSON, which it starts with), MotionError, help(), and the REPL-style runner.
 * Kept as Lua source so the session owns exactly what scripts see.
 */
export const MOTION_RUNTIME_LUA = String.raw`${LUA_JSON}
-- Values as the application's console prints them: a table shows its contents ({17, 173, 329},
-- {id = 3, name = "Actor1"}, nested), unless it has its own __tostring.
local function shown(value, depth, seen)
  if type(value) == "string" and depth > 0 then
    return '"' .. value:gsub('[\\"]', "\\%0"):gsub("\n", "\\n"):gsub("\r", "\\r") .. '"'
  end
  if type(value) ~= "table" then return tostring(value) end
  local meta = getmetatable(value)
  if meta and meta.__tostring then return tostring(value) end
  if seen[value] or depth >= 16 then return "{...}" end
  seen[value] = true
  local parts, n = {}, #value
  for i = 1, n do parts[#parts + 1] = shown(value[i], depth + 1, seen) end
  local keys = {}
  for key in next, value do
    if not (math.type(key) == "integer" and key >= 1 and key <= n) then keys[#keys + 1] = key end
  end
  table.sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  for _, key in ipairs(keys) do
    local name = type(key) == "string" and key:match("^[%a_][%w_]*$") and key or "[" .. shown(key, depth + 1, seen) .. "]"
    parts[#parts + 1] = name .. " = " .. shown(value[key], depth + 1, seen)
  end
  seen[value] = nil
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function shownAll(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = shown((select(i, ...)), 0, {}) end
  return table.concat(parts, "\t")
end

print = function(...)
  __motion_write(shownAll(...) .. "\n")
end

-- io.write and io.stdout/io.stderr:write go straight to the run's output, like print: through the
-- WebAssembly C library they were line-buffered, and a last line without a newline never came out.
do
  local function joined(...)
    local parts = {}
    for i = 1, select("#", ...) do
      local v = select(i, ...)
      if type(v) ~= "string" and type(v) ~= "number" then error("bad argument #" .. i .. " to 'write' (string expected, got " .. type(v) .. ")", 3) end
      parts[i] = tostring(v)
    end
    return table.concat(parts)
  end
  local methods = getmetatable(io.stdout).__index
  local write = methods.write
  methods.write = function(file, ...)
    if file == io.stdout then __motion_write(joined(...)) return file end
    if file == io.stderr then __motion_write_error(joined(...)) return file end
    return write(file, ...)
  end
  io.write = function(...) return io.output():write(...) end

  -- Reading standard input reads a line typed in the Motion terminal (nil when the user ends input).
  local function line()
    local text = __motion_read_line("")
    if text == false then error("interrupted", 0) end
    return text
  end
  local function read(format)
    format = type(format) == "string" and format:gsub("^%*", "") or format or "l"
    if type(format) == "number" then
      local text = line()
      return text and text:sub(1, format)
    end
    local kind = format:sub(1, 1)
    if kind == "n" then
      local text = line()
      return text and tonumber(text)
    elseif kind == "a" then
      return line() or ""
    elseif kind == "L" then
      local text = line()
      return text and text .. "\n"
    elseif kind == "l" then
      return line()
    end
    error("bad argument #1 to 'read' (invalid format)", 3)
  end
  local function readAll(...)
    if select("#", ...) == 0 then return read("l") end
    local results = {}
    for i = 1, select("#", ...) do
      results[i] = read((select(i, ...)))
      if results[i] == nil then return table.unpack(results, 1, i) end
    end
    return table.unpack(results, 1, select("#", ...))
  end
  local fileRead = methods.read
  methods.read = function(file, ...)
    if file == io.stdin then return readAll(...) end
    return fileRead(file, ...)
  end
  local fileLines = methods.lines
  methods.lines = function(file, ...)
    if file == io.stdin then
      local formats = table.pack(...)
      return function() return readAll(table.unpack(formats, 1, formats.n)) end
    end
    return fileLines(file, ...)
  end
  io.read = function(...)
    if io.input() == io.stdin then return readAll(...) end
    return io.input():read(...)
  end
  local lines = io.lines
  io.lines = function(name, ...)
    if name == nil then return io.stdin:lines(...) end
    return lines(name, ...)
  end
end


-- A failed call's error: its fields (code, message, operation, parameter), and the text the
-- application's Lua raises ("<operation>: <the application's words>"), which a script that
-- catches it with pcall may print, concatenate or match as the string it is there.
MotionError = setmetatable({}, { __call = function(_, e) return setmetatable(e, MotionError) end })
MotionError.__tostring = function(e) return (e.operation or "motion") .. ": " .. e.message end
MotionError.__index = function(e, key)
  local own = rawget(MotionError, key)
  if own ~= nil then return own end
  local method = string[key]
  if method then return function(self, ...) return method(tostring(self), ...) end end
end
MotionError.__concat = function(a, b) return tostring(a) .. tostring(b) end
MotionError.__len = function(e) return #tostring(e) end
MotionError.__eq = function(a, b) return tostring(a) == tostring(b) end

__motion_json = json -- for the application's host (lua-host.lua.ts)
local documentation = __motion_documentation and json.decode(__motion_documentation) or { modules = {} }
local origin = {}
motion = { MotionError = MotionError }
for _, module in ipairs(documentation.modules) do
  local node = motion
  local first = true
  -- Only the package's own modules are installed.
  local under = module.path == "motion" or module.path:sub(1, 7) == "motion."
  if not under then print("motion: skipped the documented module '" .. module.path .. "': it is not under the motion package") end
  for segment in (under and module.path or ""):gmatch("[^.]+") do
    if first then first = false else
      node[segment] = node[segment] or {}
      node = node[segment]
    end
  end
  for index, method in ipairs(under and module.methods or {}) do
    local path, name = module.path, method.name
    local fn = function(...)
      -- Where the script made the call (a dry run names the line of each call it did not send).
      local caller = debug.getinfo(2, "Sl")
      -- The file's whole path (its chunk is named "@path"): short_src cuts a long one to "...".
      local file = caller and (caller.source:sub(1, 1) == "@" and caller.source:sub(2) or caller.short_src)
      local where = caller and caller.currentline > 0 and (file .. ":" .. caller.currentline) or nil
      local args = table.pack(...)
      -- Inside the application's host (a start-up script), a function travels as a handle the host calls back.
      if __motion_function_handle then
        for i = 1, args.n do
          if type(args[i]) == "function" then args[i] = __motion_function_handle(args[i]) end
        end
      end
      local reply = json.decode(__motion_call(path, name, args, where):await())
      if reply.error then
        local e = MotionError(reply.error)
        -- The debugger's "Raised MotionError" stops here, while the caller's frame is on the stack.
        if __motion_on_error then __motion_on_error(e) end
        error(e, 2)
      end
      return reply.value
    end
    node[name] = fn
    origin[fn] = { module = node, name = name }
  end
end

-- In a test of a script (motion test, the Test Explorer): the whole state of the test's own
-- application, as its state file holds it, as motion.testing does in Python.
if __motion_test_state then
  motion.testing = {}
  function motion.testing.state() return json.decode(__motion_test_state()).state end
  -- The test's application answers these: declared answers to the reads it does not model, and
  -- the calls the script made (motion.testing in Python says the same).
  local function testing(name, ...)
    local reply = json.decode(__motion_call("motion.testing", name, table.pack(...), nil):await())
    if reply.error then error(MotionError(reply.error), 3) end
    return reply.value
  end
  -- Answers the script's calls of an operation (its full name) with value: every call, or with
  -- args (a list) only a call with those arguments.
  function motion.testing.answer(operation, value, args) testing("answer", operation, value, args) end
  -- The arguments of each call the script made of an operation, in order: a list of lists.
  function motion.testing.calls(operation) return testing("calls", operation) end
  -- Loads a start-up script into the test's application: its commands and menus are there after
  -- (motion.gui.send_command runs one); a script that raises as it loads fails the test.
  function motion.testing.load_script(path)
    if type(path) == "string" and not path:match("^/") and not path:match("^%a:[/\\]") then
      path = __motion_cwd() .. "/" .. path
    end
    testing("load_script", path)
  end
  -- The messages the application's scripts added: tables with type, message and details.
  function motion.testing.messages() return testing("messages") end
  -- All the text the application's scripts wrote in its terminal.
  function motion.testing.terminal() return testing("terminal") end
  -- The skeleton of that name in a source, with its segments by name instead of by id; nil when there is none.
  function motion.testing.skeleton(source, name)
    for _, record in ipairs(motion.testing.state().skeletons[source]) do
      if record.name == name then
        local byName = {}
        for _, segment in pairs(record.segments) do byName[segment.name] = segment end
        record.segments = byName
        return record
      end
    end
  end
end

local topics = { overview = true, modules = true, types = true, signatures = true, changelog = true }
function help(subject)
  if subject == nil or topics[subject] then
    print(motion.utilities.documentation.get_help_text(subject))
  elseif type(subject) == "table" and subject.help then
    print(subject.help(nil))
  elseif origin[subject] then
    print(origin[subject].module.help(origin[subject].name))
  else
    print("help: no documentation for " .. tostring(subject))
  end
end

local function show(...)
  if select("#", ...) == 0 then return end
  print(...)
end

-- A session is one scope, as users expect of a console: the top-level locals of a run (or of a
-- typed line) stay visible to the next ones. Each run's chunk sees globals through this scope, and
-- its first local, KEEP, is to-be-closed: when the chunk ends, its __close copies the chunk's
-- locals into the scope. A chunk that fails keeps the locals it had (the error handler copies them).
local KEEP = "__motion_keep"
local kept, keptNames = {}, {}
local scope = setmetatable({}, {
  __index = function(_, name)
    if keptNames[name] then return kept[name] end
    return _G[name]
  end,
  __newindex = function(_, name, value)
    if keptNames[name] then kept[name] = value else _G[name] = value end
  end,
})

-- Copies the locals of the chunk at stack level "level" of the caller (when its first local is
-- KEEP: a run's chunk) into the scope.
local function keepLocals(level)
  if debug.getlocal(level + 1, 1) ~= KEEP then return false end
  for i = 2, math.huge do
    local name, value = debug.getlocal(level + 1, i)
    if name == nil then break end
    if name:sub(1, 1) ~= "(" then
      keptNames[name] = true
      kept[name] = value
    end
  end
  return true
end

local keeper = setmetatable({}, { __close = function() keepLocals(2) end })
function __motion_keeper() return keeper end

-- After an error, from the handler (the failed chunk is still on the stack): its locals are kept.
local function keepLocalsOfFailedChunk()
  for level = 2, 200 do
    if not debug.getinfo(level, "f") or keepLocals(level) then return end
  end
end

-- Hooks belong to a coroutine, and each run is a new one: the hook is set per run.
local function interruptible()
  debug.sethook(function()
    if __motion_interrupted() then error("interrupted", 2) end
  end, "", 10000)
end

-- Runs a chunk as if it stood at a line of a file; a lone expression is evaluated and shown, like lua's REPL.
function __motion_run(code, chunkname, line)
  local padded = string.rep("\n", line - 1) .. code
  -- table.pack(...) rather than a bare return: a returned call would be a tail call, and
  -- tracebacks would lose the script's own frame.
  local chunk = load(string.rep("\n", line - 1) .. "return table.pack(" .. code .. "\n)", chunkname, "t", scope)
  if chunk then
    local results = chunk()
    show(table.unpack(results, 1, results.n))
    return
  end
  local compiled, problem = load(padded, chunkname, "t", scope)
  if not compiled then error(problem, 0) end
  -- On the code's first line, so that every line keeps its number.
  compiled = load("local " .. KEEP .. " <close> = __motion_keeper(); " .. padded, chunkname, "t", scope)
  compiled()
end

-- debugged: under the debugger's hook (Debug Cell, lua-debugger's), which interrupts too.
function __motion_exec(code, chunkname, line, debugged)
  if debugged then __motion_debug_begin(false) else interruptible() end
  local ok, failure = xpcall(__motion_run, function(e)
    if debugged then __motion_debug_failed(e) end
    keepLocalsOfFailedChunk()
    local info = { message = tostring(e), traceback = debug.traceback(tostring(e), 2) }
    if getmetatable(e) == MotionError then info.code = e.code end
    return info
  end, code, chunkname, line)
  if debugged then __motion_debug_end() end
  -- Stopped from the debugger while paused on the error: the handler itself ended, with a message.
  if not ok and type(failure) ~= "table" then failure = { message = tostring(failure), traceback = tostring(failure) } end
  if not ok then return failure end
end

-- The top-level locals the session keeps, by name (the debugger's Session scope).
function __motion_session_locals()
  local copy = {}
  for name in pairs(keptNames) do copy[name] = kept[name] end
  return copy
end
`;
