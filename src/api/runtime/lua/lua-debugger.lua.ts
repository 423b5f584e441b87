/**
 * The Lua side of the debugger: a line hook that stops at breakpoints and steps, and, while
 * stopped, a loop that answers the adapter's questions (stack, scopes, variables, evaluate) from a
 * snapshot of the frames taken at the stop. Only the script's own files ("@path" chunks) are
 * stepped through; the runtime's chunks are not. JS gives four functions: __dbg_event(event)
 * (stopped, log point output), __dbg_wait() (blocks for the next command), __dbg_reply(id, body)
 * and __dbg_poll() (a command if one is waiting, while running).
 */
export const LUA_DEBUGGER = String.raw`
local dbg = { breakpoints = {}, filters = {}, mode = "run", depth = 0 }
-- A chunk's name as breakpoints are keyed (pathKey in src/api/files/path-key.ts): on Windows with
-- backslashes and in lower case, since Windows names one file in many ways. Kept per name: the
-- line hook asks for every line.
local windows = __motion_windows == true
local keys = {}
local function keyOf(name)
  local key = keys[name]
  if key == nil then
    key = windows and (name:gsub("/", "\\")):lower() or name
    keys[name] = key
  end
  return key
end
local builtin = {}
for name in pairs(_G) do builtin[name] = true end

local function depth()
  local level = 2
  while debug.getinfo(level, "S") do level = level + 1 end
  return level
end

local function preview(value, nested)
  local t = type(value)
  if t == "string" then return string.format("%q", value) end
  if t ~= "table" then return tostring(value) end
  if getmetatable(value) == MotionError then return "MotionError " .. tostring(value) end
  if nested then return "{…}" end
  local parts, count = {}, 0
  for k, v in pairs(value) do
    count = count + 1
    if count > 5 then parts[#parts + 1] = "…" break end
    if math.type(k) == "integer" and k == count then parts[#parts + 1] = preview(v, true)
    else parts[#parts + 1] = tostring(k) .. " = " .. preview(v, true) end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- Variables references of one stop: scopes and tables, numbered from 1.
local refs = {}
local function ref(target)
  refs[#refs + 1] = target
  return #refs
end

local function variable(name, value)
  local reference = 0
  if type(value) == "table" and getmetatable(value) ~= MotionError then reference = ref({ table = value }) end
  if type(value) == "table" and getmetatable(value) == MotionError then
    reference = ref({ table = { code = value.code, message = value.message, operation = value.operation, parameter = value.parameter } })
  end
  return { name = tostring(name), value = preview(value), type = type(value), variablesReference = reference }
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta == "number" end
    if ta == "number" or ta == "string" then return a < b end
    return tostring(a) < tostring(b)
  end)
  return keys
end

-- skip: user frames to leave out; max: how many to take (a condition needs only the top one).
-- A frame's name: as it was called, else (a tail call, a function called back by the host) as it
-- was declared at its first line ("local function report_gaps()", "M.fill = function"), else "function".
local function frameName(info)
  if info.name then return info.name end
  if info.what == "main" then return "main chunk" end
  local text = __dbg_source_line and __dbg_source_line(info.source:sub(2), info.linedefined)
  local declared = text and (text:match("function%s+([%w_.:]+)%s*%(") or text:match("([%w_.:]+)%s*=%s*function%s*%("))
  return declared or "function"
end

local function collect(skip, max)
  local frames = {}
  local level = 2
  while true do
    local info = debug.getinfo(level, "nSlf")
    if not info then break end
    if info.source:sub(1, 1) == "@" and info.currentline > 0 and (skip or 0) > 0 then
      skip = skip - 1
    elseif info.source:sub(1, 1) == "@" and info.currentline > 0 then
      local locals, i = {}, 1
      while true do
        local name, value = debug.getlocal(level, i)
        if not name then break end
        -- "(temporary)" slots, and a session's marker of a run's chunk (motion-runtime's KEEP), are no variables.
        if name:sub(1, 1) ~= "(" and name ~= "__motion_keep" then locals[#locals + 1] = { name = name, value = value } end
        i = i + 1
      end
      local upvalues, j, env = {}, 1, nil
      while info.func do
        local name, value = debug.getupvalue(info.func, j)
        if not name then break end
        if name ~= "_ENV" then upvalues[#upvalues + 1] = { name = name, value = value } else env = value end
        j = j + 1
      end
      frames[#frames + 1] = {
        name = frameName(info),
        path = info.source:sub(2), line = info.currentline, locals = locals, upvalues = upvalues, env = env,
      }
    end
    if max and #frames >= max then break end
    level = level + 1
  end
  return frames
end

local function evaluate(expression, frame)
  local env = setmetatable({}, {
    __index = function(_, key)
      if frame then
        for i = #frame.locals, 1, -1 do if frame.locals[i].name == key then return frame.locals[i].value end end
        for _, u in ipairs(frame.upvalues) do if u.name == key then return u.value end end
      end
      -- The frame's own globals: a session's chunk sees the locals of earlier runs there too.
      return (frame and frame.env or _G)[key]
    end,
    __newindex = frame and frame.env or _G,
  })
  local chunk, problem = load("return " .. expression, "=evaluate", "t", env)
  if not chunk then chunk, problem = load(expression, "=evaluate", "t", env) end
  if not chunk then return false, problem end
  local results = table.pack(pcall(chunk))
  if not results[1] and tostring(results[2]):find("yield across") then
    return false, "calls to the application cannot be made while the script is paused; step over the line that makes them"
  end
  return table.unpack(results, 1, math.max(results.n, 2))
end

local function interpolate(message, frame)
  return (message:gsub("{(.-)}", function(expression)
    local ok, value = evaluate(expression, frame)
    if not ok then return "{" .. tostring(value) .. "}" end
    return type(value) == "string" and value or preview(value)
  end))
end

local apply -- commands that may come while running
local hook

-- skip: 1 when stopping in the return hook (the caller is where the step ends).
local function stop(reason, at_depth, problem, skip)
  local frames = collect(skip)
  refs = {}
  __dbg_event({
    kind = "stopped", reason = reason, text = problem and tostring(problem) or nil,
    motionError = getmetatable(problem) == MotionError,
  })
  while true do
    local command = __dbg_wait()
    local kind = command.command
    if kind == "stack" then
      local out = {}
      for i, f in ipairs(frames) do out[i] = { id = i, name = f.name, path = f.path, line = f.line } end
      __dbg_reply(command.id, { frames = out })
    elseif kind == "scopes" then
      local f = frames[command.frame]
      local scopes = {}
      if f then
        scopes[1] = { name = "Locals", variablesReference = ref({ list = f.locals }) }
        scopes[2] = { name = "Upvalues", variablesReference = ref({ list = f.upvalues }) }
        scopes[3] = { name = "Globals", variablesReference = ref({ globals = true }), expensive = true }
        -- In a Motion session: the top-level locals earlier runs left (cells, the terminal's lines).
        if __motion_session_locals then
          scopes[4] = { name = "Session", variablesReference = ref({ table = __motion_session_locals() }) }
        end
      end
      __dbg_reply(command.id, { scopes = scopes })
    elseif kind == "variables" then
      local target = refs[command.reference]
      local out = {}
      if target and target.list then
        for _, v in ipairs(target.list) do out[#out + 1] = variable(v.name, v.value) end
      elseif target and target.globals then
        for _, k in ipairs(sorted_keys(_G)) do if not builtin[k] then out[#out + 1] = variable(k, _G[k]) end end
      elseif target and target.table then
        for _, k in ipairs(sorted_keys(target.table)) do
          out[#out + 1] = variable(type(k) == "string" and k or "[" .. tostring(k) .. "]", target.table[k])
        end
      end
      __dbg_reply(command.id, { variables = out })
    elseif kind == "evaluate" then
      local ok, value = evaluate(command.expression, frames[command.frame or 1])
      if ok then
        local v = variable("", value)
        __dbg_reply(command.id, { result = v.value, variablesReference = v.variablesReference, type = v.type })
      else
        __dbg_reply(command.id, { error = tostring(value) })
      end
    elseif kind == "continue" or kind == "next" or kind == "stepIn" or kind == "stepOut" then
      dbg.mode = kind == "continue" and "run" or kind
      dbg.depth = at_depth
      refs = {}
      return
    elseif kind == "terminate" then
      dbg.mode = "terminate"
      error("interrupted", 0)
    elseif kind == "detach" then
      apply(command)
      refs = {}
      return
    else
      apply(command)
    end
  end
end

apply = function(command)
  if command.command == "breakpoints" then
    local lines = {}
    for _, b in ipairs(command.breakpoints) do lines[b.line] = b end
    dbg.breakpoints[command.path] = lines
  elseif command.command == "filters" then
    dbg.filters = {}
    for _, f in ipairs(command.filters) do dbg.filters[f] = true end
  elseif command.command == "pause" then
    dbg.mode = "pause"
  elseif command.command == "terminate" then
    dbg.mode = "terminate"
  elseif command.command == "detach" then
    -- The debugger went away (Attach to the Application ended): the scripts run on as if it never came.
    dbg.attached = false
    dbg.breakpoints, dbg.filters, dbg.mode = {}, {}, "run"
  end
end

__motion_debug_apply = function(command) apply(command) end

-- Commands that came while the script runs (pause, breakpoints changed).
local linesSincePoll = 0
local function pollCommands()
  linesSincePoll = 0
  local command = __dbg_poll()
  while command do
    apply(command)
    command = __dbg_poll()
  end
  -- Stopped by the debugger, or (in a Motion session) interrupted as a run is.
  if __motion_interrupted and __motion_interrupted() then dbg.mode = "terminate" end
  if dbg.mode == "terminate" then error("interrupted", 0) end
end

hook = function(event, line)
  if event == "return" then
    if dbg.mode == "stepOut" and depth() == dbg.depth then stop("step", dbg.depth - 1, nil, 1) return end
    return
  end
  if event == "count" then
    pollCommands()
    return
  end
  -- Line events poll too: a count runs down inside this hook as well, and a count that ends there
  -- is dropped; in a tight loop nearly all of them do, and pause would never be seen.
  linesSincePoll = linesSincePoll + 1
  if linesSincePoll >= 500 then pollCommands() end
  local info = debug.getinfo(2, "S")
  if info.source:sub(1, 1) ~= "@" then return end
  local mode = dbg.mode
  if mode == "stepIn" or mode == "pause" or mode == "entry" then
    stop(mode == "entry" and "entry" or mode == "pause" and "pause" or "step", depth())
    return
  end
  if mode == "next" or mode == "stepOut" then
    local d = depth()
    if (mode == "next" and d <= dbg.depth) or (mode == "stepOut" and d < dbg.depth) then stop("step", d) return end
  end
  local lines = dbg.breakpoints[keyOf(info.source:sub(2))]
  local b = lines and lines[line]
  if not b then return end
  if b.condition or b.logMessage then
    local frame = collect(0, 1)[1]
    if b.condition then
      local ok, value = evaluate(b.condition, frame)
      if not ok or not value then return end
    end
    if b.logMessage then
      __dbg_event({ kind = "log", text = interpolate(b.logMessage, frame) .. "\n" })
      return
    end
  end
  stop("breakpoint", depth())
  return
end

__motion_on_error = function(e)
  if dbg.filters.motionError then
    e.__stopped = true
    stop("exception", depth(), e)
  end
end

-- The hook on for a run. Returns too: Lua gives no line event on coming back to the caller's
-- line, where a step out ends.
function __motion_debug_begin(stop_on_entry)
  dbg.mode = stop_on_entry and "entry" or "run"
  debug.sethook(hook, "lr", 1000)
end

-- The hook off after a run, and what the run was given forgotten: a Motion session runs on
-- without the debugger (Debug Cell debugs one run of it). Attached to a host (the reference
-- server's start-up scripts), the breakpoints stay for the next function a click runs.
function __motion_debug_end()
  debug.sethook()
  dbg.mode = "run"
  if not dbg.attached then dbg.breakpoints, dbg.filters = {}, {} end
end

-- Attach to the Application: from now on every run of the host's scripts is debugged, until "detach".
function __motion_debug_attach()
  dbg.attached = true
end

function __motion_debug_attached()
  return dbg.attached == true
end

-- An error leaving the user's code, from its handler (the stack still there): stops if asked to.
function __motion_debug_failed(e)
  if dbg.mode == "terminate" then return end -- stopped on purpose: nothing to stop at
  if dbg.filters.uncaught and not (type(e) == "table" and e.__stopped) then stop("exception", depth(), e) end
end

-- Runs the program: its chunk named by its path, arg as the lua command line gives it. A failure
-- comes back as its traceback, which starts with the error's message.
function __motion_debug_run(path, code, args, stop_on_entry)
  arg = { [0] = path }
  for i, a in ipairs(args) do arg[i] = a end
  local chunk, problem = load(code, "@" .. path)
  if not chunk then return { traceback = problem } end
  __motion_debug_begin(stop_on_entry)
  local ok, failure = xpcall(chunk, function(e)
    __motion_debug_failed(e)
    return { traceback = debug.traceback(tostring(e), 2) }
  end, table.unpack(args))
  __motion_debug_end()
  if not ok then return failure end
end
`;
