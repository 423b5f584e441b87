import { LuaFactory } from 'wasmoon';

/**
 * What the language service's literal reader must make of Lua expressions, decided by Lua 5.4
 * itself (wasmoon): each expression is evaluated with `x` and `f(…)` standing for values not known
 * before the script runs. Tables of 1..n are lists, of string keys objects; anything else (an empty
 * or mixed table, an integer JSON cannot hold exactly, NaN, a string that is not UTF-8) is
 * {"$unknown": true}, as deep as it is; what is not Lua is {"$invalid": true}.
 */
const ENCODE = `
local UNKNOWN = setmetatable({}, {})
local mt = getmetatable(UNKNOWN)
for _, event in ipairs({'__unm', '__len', '__concat', '__add', '__call', '__index'}) do
  mt[event] = function() return UNKNOWN end
end
-- A call gives any number of results: last in a table constructor, all of them count.
local MORE = setmetatable({}, mt)
x = UNKNOWN
f = function() return UNKNOWN, MORE end

local function bytes(s)
  local out = {}
  for i = 1, #s do out[i] = tostring(s:byte(i)) end
  return '{"$bytes":[' .. table.concat(out, ',') .. ']}'
end

local encode
encode = function(v)
  if v == UNKNOWN or v == MORE then return '{"$unknown":true}' end
  local t = type(v)
  if t == 'nil' then return 'null' end
  if t == 'boolean' then return tostring(v) end
  if t == 'string' then return bytes(v) end
  if t == 'number' then
    if math.type(v) == 'integer' then
      if v > 9007199254740991 or v < -9007199254740991 then return '{"$unknown":true}' end
      return string.format('%d', v)
    end
    if v ~= v or v == math.huge or v == -math.huge then return '{"$unknown":true}' end
    return string.format('%.17g', v)
  end
  if t ~= 'table' then return '{"$unknown":true}' end
  for _, value in pairs(v) do
    if value == MORE then return '{"$unknown":true}' end
  end
  local n, strings, others = #v, 0, 0
  for k in pairs(v) do
    if type(k) == 'string' then strings = strings + 1
    elseif not (math.type(k) == 'integer' and k >= 1 and k <= n) then others = others + 1 end
  end
  if others > 0 or (strings > 0 and n > 0) or (strings == 0 and n == 0) then return '{"$unknown":true}' end
  local out = {}
  if n > 0 then
    for i = 1, n do out[i] = encode(v[i]) end
    return '[' .. table.concat(out, ',') .. ']'
  end
  for k, value in pairs(v) do out[#out + 1] = '[' .. bytes(k) .. ',' .. encode(value) .. ']' end
  return '{"$object":[' .. table.concat(out, ',') .. ']}'
end

function __decide(source)
  local chunk = load('return ' .. source, '=literal', 't', _ENV)
  if not chunk then return '{"$invalid":true}' end
  local ok, value = pcall(chunk)
  if not ok then return '{"$invalid":true}' end
  return encode(value)
end
`;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The oracle's JSON with its byte strings and key lists made JavaScript values. */
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (!value || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  if ('$bytes' in o) {
    try {
      return utf8.decode(Uint8Array.from(o.$bytes as number[]));
    } catch {
      return { $unknown: true };
    }
  }
  if ('$object' in o) {
    const entries = (o.$object as [unknown, unknown][]).map(([k, v]) => [revive(k), revive(v)] as const);
    if (entries.some(([k]) => typeof k !== 'string')) return { $unknown: true };
    return Object.fromEntries(entries);
  }
  return value;
}

export async function luaLiteralOracle(): Promise<{ decide(source: string): unknown; close(): void }> {
  const lua = await new LuaFactory().createEngine();
  await lua.doString(ENCODE);
  const decide = lua.global.get('__decide') as (source: string) => string;
  return {
    decide: (source) => revive(JSON.parse(decide(source))),
    close: () => lua.global.close(),
  };
}
