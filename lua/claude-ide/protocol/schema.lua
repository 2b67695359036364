-- Generated from src/claude-ide/protocol/schema.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectKeys = ____lualib.__TS__ObjectKeys
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local isObject = ____json.isObject
--- A copy of decoded JSON arguments without the properties whose value is JSON null (vim.NIL): the registry
-- takes null for an optional argument as "not given", so the handler sees it as undefined, as its type says.
-- Arrays keep their items (a null item is refused by validation, never dropped silently).
function ____exports.withoutNulls(value)
    if type(value) ~= "table" or vim.tbl_isempty(value) then
        return value
    end
    if not isObject(value) then
        return __TS__ArrayMap(
            value,
            function(____, item) return ____exports.withoutNulls(item) end
        )
    end
    local out = dict()
    for key, v in pairs(value) do
        if v ~= vim.NIL then
            out[key] = ____exports.withoutNulls(v)
        end
    end
    return out
end
local function make(json)
    return {json = json}
end
--- A string argument. By default it names something (a path, a URI, a symbol, a server, a token): a control
-- character in it is refused by name before the handler runs. `text: true`: free text (file contents, code, a
-- pattern) where tabs, line breaks and other control characters are the user's own; only NUL is refused.
function ____exports.str(description, extra)
    if extra == nil then
        extra = {}
    end
    local ____make_3 = make
    local ____description_1 = description
    local ____extra_minLength_2 = extra.minLength
    local ____temp_0
    if extra.text == true then
        ____temp_0 = nil
    else
        ____temp_0 = true
    end
    return ____make_3({type = "string", description = ____description_1, minLength = ____extra_minLength_2, oneLine = ____temp_0})
end
function ____exports.int(description, extra)
    if extra == nil then
        extra = {}
    end
    return make({type = "integer", description = description, minimum = extra.minimum, maximum = extra.maximum})
end
function ____exports.num(description, extra)
    if extra == nil then
        extra = {}
    end
    return make({type = "number", description = description, minimum = extra.minimum, maximum = extra.maximum})
end
--- `default` is documentation for clients (tools/list); the handler still sees undefined when it is left out.
function ____exports.bool(description, extra)
    if extra == nil then
        extra = {}
    end
    return make({type = "boolean", description = description, default = extra.default})
end
--- One of the given strings.
function ____exports.enumOf(values, description)
    return make({
        type = "string",
        description = description,
        enum = {unpack(values)}
    })
end
function ____exports.arrayOf(items, description, extra)
    if extra == nil then
        extra = {}
    end
    return make({
        type = "array",
        description = description,
        items = items.json,
        minItems = extra.minItems,
        maxItems = extra.maxItems
    })
end
--- The JSON Schema of an object with these properties (`required`: the ones not wrapped in optional()).
function ____exports.objectSchema(props, opts)
    if opts == nil then
        opts = {}
    end
    local properties = {}
    local required = {}
    for ____, name in ipairs(__TS__ArraySort(__TS__ObjectKeys(props))) do
        properties[name] = props[name].json
        if props[name].optional ~= true then
            required[#required + 1] = name
        end
    end
    local ____opts_description_5 = opts.description
    local ____properties_6 = properties
    local ____temp_7 = #required > 0 and required or nil
    local ____temp_4
    if opts.closed == true then
        ____temp_4 = false
    else
        ____temp_4 = nil
    end
    return {
        type = "object",
        description = ____opts_description_5,
        properties = ____properties_6,
        required = ____temp_7,
        additionalProperties = ____temp_4
    }
end
--- An object with these properties. `closed`: other properties are refused (naming them).
function ____exports.obj(props, opts)
    if opts == nil then
        opts = {}
    end
    return make(____exports.objectSchema(props, opts))
end
--- A value matching at least one of the alternatives (e.g. two shapes of an edit).
function ____exports.anyOf(description, ...)
    local alternatives = {...}
    return make({
        description = description,
        anyOf = __TS__ArrayMap(
            alternatives,
            function(____, a) return a.json end
        )
    })
end
function ____exports.optional(schema)
    return {json = schema.json, optional = true}
end
--- Declares a tool once: its schema (for tools/list and validation) and its typed handler.
function ____exports.defineTool(spec)
    return {
        name = spec.name,
        title = spec.title,
        description = spec.description,
        inputSchema = ____exports.objectSchema(spec.input, {closed = spec.closed}),
        annotations = spec.annotations,
        listed = spec.listed,
        enabled = spec.enabled,
        handler = function(args, ctx) return spec.handler(
            ____exports.withoutNulls(args),
            ctx
        ) end
    }
end
--- A reading tool: plan mode and auto-approval may call it freely.
function ____exports.reading(title)
    return {
        title = title,
        readOnlyHint = true,
        destructiveHint = false,
        idempotentHint = true,
        openWorldHint = false
    }
end
--- A tool that changes the editor or files.
function ____exports.writing(title, destructive, idempotent)
    if idempotent == nil then
        idempotent = false
    end
    return {
        title = title,
        readOnlyHint = false,
        destructiveHint = destructive,
        idempotentHint = idempotent,
        openWorldHint = false
    }
end
return ____exports
