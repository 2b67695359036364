-- Generated from src/claude-ide/protocol/registry.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ObjectEntries = ____lualib.__TS__ObjectEntries
local __TS__TypeOf = ____lualib.__TS__TypeOf
local __TS__ObjectKeys = ____lualib.__TS__ObjectKeys
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArraySome = ____lualib.__TS__ArraySome
local ____exports = {}
local schemaToJson, isList, typeName, matchesType, sortedNames, sortedNamesOf
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local isObject = ____json.isObject
function schemaToJson(schema)
    local out = dict()
    for ____, ____value in ipairs(__TS__ObjectEntries(schema)) do
        local key = ____value[1]
        local value = ____value[2]
        out[key] = value
    end
    if schema.properties ~= nil then
        local props = dict()
        for ____, ____value in ipairs(__TS__ObjectEntries(schema.properties)) do
            local name = ____value[1]
            local sub = ____value[2]
            props[name] = schemaToJson(sub)
        end
        out.properties = props
    end
    if schema.items ~= nil then
        out.items = schemaToJson(schema.items)
    end
    if schema.anyOf ~= nil then
        out.anyOf = __TS__ArrayMap(
            schema.anyOf,
            function(____, alternative) return schemaToJson(alternative) end
        )
    end
    return out
end
function isList(value)
    return type(value) == "table" and ((next(value)) == nil or vim.islist(value))
end
function typeName(value)
    if value == vim.NIL then
        return "null"
    end
    if type(value) == "table" then
        return isObject(value) and "object" or "array"
    end
    if type(value) == "number" then
        return math.floor(value) == value and "integer" or "number"
    end
    return __TS__TypeOf(value)
end
function matchesType(value, expected)
    local actual = typeName(value)
    if expected == "number" then
        return actual == "number" or actual == "integer"
    end
    if expected == "object" then
        return actual == "object"
    end
    if expected == "array" then
        return isList(value)
    end
    return actual == expected
end
function sortedNames(properties)
    local names = sortedNamesOf[properties]
    if names == nil then
        names = __TS__ArraySort(__TS__ObjectKeys(properties))
        sortedNamesOf[properties] = names
    end
    return names
end
function ____exports.checkValue(schema, value, path)
    if schema.anyOf ~= nil then
        local problems = {}
        for ____, alternative in ipairs(schema.anyOf) do
            local err = ____exports.checkValue(alternative, value, path)
            if err == nil then
                return nil
            end
            problems[#problems + 1] = err
        end
        local where = path == "" and "arguments" or ("\"" .. path) .. "\""
        return (((where .. " matches none of its ") .. tostring(#problems)) .. " allowed forms: ") .. table.concat(
            __TS__ArrayMap(
                problems,
                function(____, p, i) return (("(" .. tostring(i + 1)) .. ") ") .. p end
            ),
            "; "
        )
    end
    if schema.type ~= nil and not matchesType(value, schema.type) then
        local article = (schema.type == "integer" or schema.type == "array" or schema.type == "object") and "an" or "a"
        return ((((((path == "" and "arguments" or ("\"" .. path) .. "\"") .. " must be ") .. article) .. " ") .. schema.type) .. ", got ") .. typeName(value)
    end
    if schema.enum ~= nil and not __TS__ArraySome(
        schema.enum,
        function(____, allowed) return allowed == value end
    ) then
        return (("\"" .. path) .. "\" must be one of ") .. table.concat(
            __TS__ArrayMap(
                schema.enum,
                function(____, e) return vim.json.encode(e) end
            ),
            ", "
        )
    end
    if schema.minimum ~= nil and type(value) == "number" and value < schema.minimum then
        return (((("\"" .. path) .. "\" must be >= ") .. tostring(schema.minimum)) .. ", got ") .. tostring(value)
    end
    if schema.maximum ~= nil and type(value) == "number" and value > schema.maximum then
        return (((("\"" .. path) .. "\" must be <= ") .. tostring(schema.maximum)) .. ", got ") .. tostring(value)
    end
    if schema.minLength ~= nil and type(value) == "string" and #value < schema.minLength then
        return schema.minLength == 1 and ("\"" .. path) .. "\" must not be empty" or ((("\"" .. path) .. "\" must be at least ") .. tostring(schema.minLength)) .. " bytes long"
    end
    if schema.type == "array" and isList(value) then
        local n = #value
        if schema.minItems ~= nil and n < schema.minItems then
            return (((((("\"" .. path) .. "\" must have at least ") .. tostring(schema.minItems)) .. " item") .. (schema.minItems == 1 and "" or "s")) .. ", got ") .. tostring(n)
        end
        if schema.maxItems ~= nil and n > schema.maxItems then
            return (((("\"" .. path) .. "\" must have at most ") .. tostring(schema.maxItems)) .. " items, got ") .. tostring(n)
        end
    end
    if schema.type == "object" and isObject(value) then
        local missing = {}
        for ____, name in ipairs(schema.required or ({})) do
            local v = value[name]
            if v == nil or v == vim.NIL then
                missing[#missing + 1] = ("\"" .. (path == "" and name or (path .. ".") .. name)) .. "\""
            end
        end
        if #missing == 1 then
            return "missing required argument " .. missing[1]
        end
        if #missing > 1 then
            return "missing required arguments " .. table.concat(missing, ", ")
        end
        local properties = schema.properties or ({})
        for ____, name in ipairs(sortedNames(properties)) do
            do
                local v = value[name]
                if v == nil or v == vim.NIL then
                    goto __continue59
                end
                local err = ____exports.checkValue(properties[name], v, path == "" and name or (path .. ".") .. name)
                if err ~= nil then
                    return err
                end
            end
            ::__continue59::
        end
        if schema.additionalProperties == false then
            for ____, name in ipairs(__TS__ArraySort(__TS__ObjectKeys(value))) do
                local stray = not (properties[name] ~= nil) and not (path == "" and name == "_meta")
                if stray then
                    return ("unknown argument \"" .. (path == "" and name or (path .. ".") .. name)) .. "\""
                end
            end
        end
    end
    if schema.type == "array" and schema.items ~= nil and isList(value) then
        do
            local i = 0
            while i < #value do
                local err = ____exports.checkValue(
                    schema.items,
                    value[i + 1],
                    ((path .. "[") .. tostring(i)) .. "]"
                )
                if err ~= nil then
                    return err
                end
                i = i + 1
            end
        end
    end
    return nil
end
--- The tools of one running server (tools/index.ts has the full list; specs may add test tools).
____exports.Registry = __TS__Class()
local Registry = ____exports.Registry
Registry.name = "Registry"
function Registry.prototype.____constructor(self, tools, config, extra)
    self.extra = extra
    self.byName = {}
    self.tools = __TS__ArrayFilter(
        tools,
        function(____, t) return t.enabled == nil or t.enabled(config) end
    )
    for ____, t in ipairs(self.tools) do
        if not (self.byName[t.name] ~= nil) then
            self.byName[t.name] = t
        end
    end
end
function Registry.prototype.names(self)
    return __TS__ArrayMap(
        self.tools,
        function(____, t) return t.name end
    )
end
function Registry.prototype.find(self, name)
    local hit = self.byName[name]
    if hit ~= nil or self.extra == nil then
        return hit
    end
    return __TS__ArrayFind(
        self.extra(),
        function(____, t) return t.name == name end
    )
end
function Registry.prototype.list(self)
    local ____exports_Registry_2 = ____exports.Registry
    local ____exports_Registry_entries_3 = ____exports.Registry.entries
    local ____temp_1
    if self.extra ~= nil then
        local ____array_0 = __TS__SparseArrayNew(unpack(self.tools))
        __TS__SparseArrayPush(
            ____array_0,
            unpack(self.extra())
        )
        ____temp_1 = {__TS__SparseArraySpread(____array_0)}
    else
        ____temp_1 = self.tools
    end
    return ____exports_Registry_entries_3(____exports_Registry_2, ____temp_1)
end
function Registry.entries(self, tools)
    return __TS__ArrayMap(
        __TS__ArrayFilter(
            tools,
            function(____, t) return t.listed ~= false end
        ),
        function(____, t) return {
            name = t.name,
            title = t.title,
            description = t.description,
            inputSchema = schemaToJson(t.inputSchema),
            annotations = t.annotations ~= nil and dict(__TS__ObjectAssign({}, t.annotations)) or nil
        } end
    )
end
function Registry.prototype.check(self, tool, args)
    return ____exports.checkValue(tool.inputSchema, args, "")
end
sortedNamesOf = setmetatable({}, {__mode = "k"})
return ____exports
