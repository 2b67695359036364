-- Generated from src/claude-ide/util/json.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- An empty table that vim.json.encode writes as `{}`; assign fields to it like a normal object.
function ____exports.dict(fields)
    local d = vim.empty_dict()
    if fields ~= nil then
        for k, v in pairs(fields) do
            d[k] = v
        end
    end
    return d
end
--- Encodes a value as JSON.
function ____exports.encode(value)
    return vim.json.encode(value)
end
--- Decodes JSON text; JSON null becomes vim.NIL (so that `"id": null` stays distinguishable). Never throws.
function ____exports.decode(text)
    local ok, value = pcall(vim.json.decode, text)
    if not ok then
        return {
            ok = false,
            error = tostring(value)
        }
    end
    return {ok = true, value = value}
end
--- True for a decoded JSON object (a Lua table that is not a non-empty list).
function ____exports.isObject(value)
    return type(value) == "table" and not ((next(value)) ~= nil and vim.islist(value))
end
return ____exports
