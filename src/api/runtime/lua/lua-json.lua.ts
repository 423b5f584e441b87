/**
 * A JSON decoder in Lua (wasmoon's VM has none): the application's documentation and every
 * answer of a call arrive as JSON text. It defines the local `json` of the chunk it begins
 * (MOTION_RUNTIME_LUA).
 */
export const LUA_JSON = String.raw`
local json = {}
do
  local escapes = { ['"'] = '"', ['\\'] = '\\', ['/'] = '/', b = '\b', f = '\f', n = '\n', r = '\r', t = '\t' }
  local function utf8char(code) return utf8.char(code) end
  local function skip(s, i) return s:find('[^ \t\r\n]', i) or #s + 1 end
  local decode
  local function decode_string(s, i)
    local out, j = {}, i + 1
    while true do
      local c = s:sub(j, j)
      if c == '"' then return table.concat(out), j + 1 end
      if c == '\\' then
        local e = s:sub(j + 1, j + 1)
        if e == 'u' then
          local code = tonumber(s:sub(j + 2, j + 5), 16)
          if code >= 0xD800 and code <= 0xDBFF and s:sub(j + 6, j + 7) == '\\u' then
            local low = tonumber(s:sub(j + 8, j + 11), 16)
            code = 0x10000 + (code - 0xD800) * 0x400 + (low - 0xDC00)
            j = j + 6
          end
          out[#out + 1] = utf8char(code)
          j = j + 6
        else
          out[#out + 1] = escapes[e]
          j = j + 2
        end
      else
        local k = s:find('["\\]', j)
        out[#out + 1] = s:sub(j, k - 1)
        j = k
      end
    end
  end
  decode = function(s, i)
    i = skip(s, i)
    local c = s:sub(i, i)
    if c == '{' then
      local t = {}
      i = skip(s, i + 1)
      if s:sub(i, i) == '}' then return t, i + 1 end
      while true do
        local key
        key, i = decode_string(s, skip(s, i))
        i = skip(s, i) + 1
        t[key], i = decode(s, i)
        i = skip(s, i)
        local d = s:sub(i, i)
        i = i + 1
        if d == '}' then return t, i end
      end
    elseif c == '[' then
      local t, n = {}, 0
      i = skip(s, i + 1)
      if s:sub(i, i) == ']' then return t, i + 1 end
      while true do
        n = n + 1
        t[n], i = decode(s, i)
        i = skip(s, i)
        local d = s:sub(i, i)
        i = i + 1
        if d == ']' then return t, i end
      end
    elseif c == '"' then
      return decode_string(s, i)
    elseif s:sub(i, i + 3) == 'true' then return true, i + 4
    elseif s:sub(i, i + 4) == 'false' then return false, i + 5
    elseif s:sub(i, i + 3) == 'null' then return nil, i + 4
    else
      local number = s:match('^-?%d+%.?%d*[eE]?[-+]?%d*', i)
      return math.tointeger(tonumber(number)) or tonumber(number), i + #number
    end
  end
  function json.decode(s) return (decode(s, 1)) end
end
`;
