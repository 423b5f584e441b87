// The describe/it runner that tests of Lua scripts are written for (`*_spec.lua`, as busted names
// them): describe, it, pending, before_each, after_each, and an assert with busted's common checks.
// It runs in a test's own Lua VM (lua-test-worker.ts), after the motion runtime: a file is read
// once to find its tests (describe bodies run, it bodies do not), then once per test to run that
// test alone. dofile, loadfile and require read the user's files from the test's folder.
export const LUA_TESTING = String.raw`
local spec = { file = nil, blocks = {}, hooks = {}, found = {}, wanted = nil, result = nil }

-- Values as a person reads them in a failure: strings quoted, tables as constructors (keys sorted).
local function show(value, depth)
  depth = depth or 0
  if type(value) == "string" then return string.format("%q", value) end
  if type(value) ~= "table" then return tostring(value) end
  if depth > 3 then return "{...}" end
  local keys = {}
  for key in pairs(value) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  local parts = {}
  for i, key in ipairs(keys) do
    local shownKey = key == i and "" or (type(key) == "string" and key:match("^[%a_][%w_]*$") and key .. " = "
      or "[" .. show(key) .. "] = ")
    parts[#parts + 1] = shownKey .. show(value[key], depth + 1)
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function same(a, b)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  for key, value in pairs(a) do if not same(value, b[key]) then return false end end
  for key in pairs(b) do if a[key] == nil then return false end end
  return true
end

-- A failed check: an error that says what was expected and what came, at the line of the check.
local Failure = {}
Failure.__tostring = function(f) return f.message end
local function fail(message, expected, actual)
  local f = setmetatable({ message = message }, Failure)
  if expected ~= nil or actual ~= nil then f.expected, f.actual = show(expected), show(actual) end
  error(f, 3)
end

local checks = {}
function checks.equal(expected, actual, message)
  if expected ~= actual then fail(message or "expected " .. show(expected) .. ", got " .. show(actual), expected, actual) end
end
function checks.same(expected, actual, message)
  if not same(expected, actual) then fail(message or "expected the same as " .. show(expected) .. ", got " .. show(actual), expected, actual) end
end
function checks.not_equal(unexpected, actual, message)
  if unexpected == actual then fail(message or "expected anything but " .. show(unexpected)) end
end
function checks.near(expected, actual, tolerance, message)
  if type(actual) ~= "number" or math.abs(expected - actual) > tolerance then
    fail(message or "expected " .. show(expected) .. " ± " .. tolerance .. ", got " .. show(actual), expected, actual)
  end
end
function checks.truthy(value, message) if not value then fail(message or "expected a true value, got " .. show(value)) end end
function checks.falsy(value, message) if value then fail(message or "expected false or nil, got " .. show(value)) end end
function checks.is_true(value, message) if value ~= true then fail(message or "expected true, got " .. show(value), true, value) end end
function checks.is_false(value, message) if value ~= false then fail(message or "expected false, got " .. show(value), false, value) end end
function checks.is_nil(value, message) if value ~= nil then fail(message or "expected nil, got " .. show(value), nil, value) end end
function checks.is_not_nil(value, message) if value == nil then fail(message or "expected a value, got nil") end end
function checks.has_error(fn, expected, message)
  local ok, problem = pcall(fn)
  if ok then fail(message or "expected an error, none was raised") end
  if expected ~= nil and not tostring(problem):find(expected, 1, true) then
    fail(message or "expected an error saying " .. show(expected) .. ", got " .. show(tostring(problem)))
  end
end
checks.error = checks.has_error
checks.are_same = checks.same

-- assert(v, message) as ever, and assert.equal, assert.are.same, assert.is_nil... as busted has them.
assert = setmetatable({}, {
  __index = checks,
  __call = function(_, value, message, ...)
    if not value then fail(message or "assertion failed!") end
    return value, message, ...
  end,
})
checks.are, checks.is = assert, assert

function describe(name, body)
  table.insert(spec.blocks, tostring(name))
  table.insert(spec.hooks, { before = {}, after = {} })
  body()
  table.remove(spec.hooks)
  table.remove(spec.blocks)
end
function before_each(fn) table.insert(spec.hooks[#spec.hooks].before, fn) end
function after_each(fn) table.insert(spec.hooks[#spec.hooks].after, fn) end

local function namesOf(name)
  local names = { table.unpack(spec.blocks) }
  names[#names + 1] = tostring(name)
  return names
end

-- The innermost line of the spec file on the stack of a failure: where, in the test, it went wrong.
local function lineInSpec(level)
  for at = level, 100 do
    local info = debug.getinfo(at, "Sl")
    if not info then return nil end
    if info.source == "@" .. spec.file and info.currentline > 0 then return info.currentline end
  end
end

local function runTest(fn)
  local function handler(problem)
    local result = { line = lineInSpec(2), traceback = debug.traceback(tostring(problem), 2) }
    if getmetatable(problem) == Failure then
      result.outcome, result.message, result.expected, result.actual = "failed", problem.message, problem.expected, problem.actual
    else
      result.outcome = "errored"
      result.message = getmetatable(problem) == MotionError and "MotionError: " .. tostring(problem) or tostring(problem)
    end
    return result
  end
  local hooks = spec.hooks
  local ok, failure = xpcall(function()
    for level = 1, #hooks do for _, hook in ipairs(hooks[level].before) do hook() end end
    fn()
  end, handler)
  -- after_each runs however the test ended; its own failure counts when the test passed.
  for level = #hooks, 1, -1 do
    for _, hook in ipairs(hooks[level].after) do
      local hookOk, hookFailure = xpcall(hook, handler)
      if ok and not hookOk then ok, failure = false, hookFailure end
    end
  end
  return ok and { outcome = "passed" } or failure
end

local function matches(names)
  if #names ~= #spec.wanted then return false end
  for i, name in ipairs(names) do if name ~= spec.wanted[i] then return false end end
  return true
end

function it(name, fn)
  local names = namesOf(name)
  if not spec.wanted then
    local info = fn and debug.getinfo(fn, "S")
    local line = info and info.linedefined or lineInSpec(2)
    spec.found[#spec.found + 1] = { names = names, line = line, endLine = info and info.lastlinedefined or line }
  elseif not spec.result and matches(names) then
    spec.result = fn and runTest(fn) or { outcome = "skipped", message = "pending" }
  end
end
function pending(name) it(name) end

local function readSpec(code, file)
  spec.file = file
  local chunk, problem = load(code, "@" .. file, "t", _G)
  if not chunk then error(problem, 0) end
  chunk()
end

-- The tests of a spec file, with their lines; or why the file could not be read.
function __motion_collect(code, file)
  local ok, problem = pcall(readSpec, code, file)
  if not ok then return { problem = tostring(problem) } end
  return { tests = spec.found }
end

-- How the chosen test ended, once its file was read (or why it did not run).
local function resultOf(ok, problem)
  if spec.result then return spec.result end
  if not ok then return { outcome = "errored", message = tostring(problem) } end
  return { outcome = "errored", message = "the test was not found in " .. spec.file .. " (renamed since it was found?)" }
end

-- Runs the one test of that full name; how it ended.
function __motion_run_test(code, file, wanted)
  spec.wanted = wanted
  return resultOf(pcall(readSpec, code, file))
end

-- Under the debugger, which reads the file itself (with its hook and breakpoints): the test to run
-- as it does, and then how it ended.
function __motion_choose_test(file, wanted) spec.file, spec.wanted = file, wanted end
function __motion_chosen_result(ok, problem) return resultOf(ok, problem) end
`;
