// dofile, loadfile and require for a Lua VM whose own file system is empty (wasmoon's): the host
// finds a user's file with __motion_find_file(path) (the test's folder; for a run, the script's
// folder, then the folder it runs in) and reads it with __motion_read_file(found). A file's chunk is
// named by its whole path, as the script's own is: breakpoints and tracebacks name it so. A module required from a file is read
// again when its file changed since: a session that runs a script again sees its helpers' edits.
export const LUA_FILES = String.raw`
function loadfile(path, mode, env)
  local found = __motion_find_file(path)
  if found == nil then return nil, "cannot open " .. path end
  return load(__motion_read_file(found), "@" .. found, mode or "bt", env or _G)
end
function dofile(path)
  local chunk, problem = loadfile(path)
  if not chunk then error(problem, 2) end
  return chunk()
end
local fromFiles = {}
table.insert(package.searchers, 2, function(name)
  local base = name:gsub("%.", "/")
  for _, path in ipairs({ base .. ".lua", base .. "/init.lua" }) do
    local found = __motion_find_file(path)
    if found ~= nil then
      local text = __motion_read_file(found)
      local chunk, problem = load(text, "@" .. found, "bt", _G)
      if not chunk then error(problem, 0) end
      fromFiles[name] = { path = found, text = text }
      return chunk, found
    end
  end
  return "\n\tno file '" .. base .. ".lua' beside the script or in its folder"
end)
function __motion_forget_changed_modules()
  for name, file in pairs(fromFiles) do
    if __motion_read_file(file.path) ~= file.text then
      package.loaded[name] = nil
      fromFiles[name] = nil
    end
  end
end
`;
