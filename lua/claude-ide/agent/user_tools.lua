-- Generated from src/claude-ide/agent/user_tools.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__New = ____lualib.__TS__New
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayIndexOf = ____lualib.__TS__ArrayIndexOf
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____log = require("claude-ide.log")
local Logger = ____log.Logger
local ____schema = require("claude-ide.protocol.schema")
local withoutNulls = ____schema.withoutNulls
local ____builtin_names = require("claude-ide.agent.builtin_names")
local BUILTIN_RESOURCE_PREFIX = ____builtin_names.BUILTIN_RESOURCE_PREFIX
local BUILTIN_RESOURCE_URIS = ____builtin_names.BUILTIN_RESOURCE_URIS
local BUILTIN_TOOL_NAMES = ____builtin_names.BUILTIN_TOOL_NAMES
--- Characters one answer of a user tool may hold (the built-in tools' budget: agent/result RESULT_BUDGET).
local BUDGET = 24000
local NAME_PATTERN = "^[a-z0-9_]+$"
local SCHEMA_TYPES = {
    "object",
    "string",
    "number",
    "integer",
    "boolean",
    "array"
}
local function textOf(value)
    if value == nil or value == vim.NIL then
        return ""
    end
    if type(value) == "string" then
        return value
    end
    if type(value) == "table" then
        local ok, json = pcall(vim.json.encode, value)
        return ok and json or vim.inspect(value)
    end
    return tostring(value)
end
--- Text for the model, cut to the budget with a note saying so.
local function capped(text)
    if #text <= BUDGET then
        return text
    end
    return ((string.sub(text, 1, BUDGET) .. "\n…[cut: ") .. tostring(#text - BUDGET)) .. " more bytes; ask for less]"
end
local function okResult(value)
    local text = textOf(value)
    return {content = {{
        type = "text",
        text = capped(text ~= "" and text or "OK")
    }}}
end
local function errorResult(message)
    local text = textOf(message)
    return {
        content = {{
            type = "text",
            text = capped("ERROR: " .. (text ~= "" and text or "the tool failed"))
        }},
        isError = true
    }
end
--- The first line of a Lua error, as the model may read it (the traceback stays in Neovim).
local function firstLine(err)
    local line = string.match(
        tostring(err),
        "^[^\n]*"
    )
    return line or tostring(err)
end
--- Checks a JSON-schema-like table deep enough that the registry can rely on it.
local function schemaProblem(schema, where)
    if type(schema) ~= "table" then
        return where .. " must be a table (a JSON schema)"
    end
    local s = schema
    if s.type ~= nil and not __TS__ArrayIncludes(SCHEMA_TYPES, s.type) then
        return (where .. ".type must be one of ") .. table.concat(SCHEMA_TYPES, ", ")
    end
    if s.properties ~= nil then
        if type(s.properties) ~= "table" then
            return where .. ".properties must be a table"
        end
        for key, sub in pairs(s.properties) do
            if type(key) ~= "string" then
                return where .. ".properties keys must be strings"
            end
            local err = schemaProblem(sub, (where .. ".properties.") .. key)
            if err ~= nil then
                return err
            end
        end
    end
    if s.required ~= nil then
        if not vim.islist(s.required) then
            return where .. ".required must be a list of names"
        end
        for ____, name in ipairs(s.required) do
            if type(name) ~= "string" then
                return where .. ".required must be a list of names"
            end
        end
    end
    if s.items ~= nil then
        return schemaProblem(s.items, where .. ".items")
    end
    return nil
end
local function specProblem(spec)
    if type(spec) ~= "table" then
        return "a tool spec must be a table"
    end
    local s = spec
    if type(s.name) ~= "string" or (string.find(s.name, NAME_PATTERN)) == nil then
        return ("tool name " .. vim.inspect(s.name)) .. " must be a non-empty string of [a-z0-9_]"
    end
    if __TS__ArrayIncludes(BUILTIN_TOOL_NAMES, s.name) then
        return ("tool name \"" .. s.name) .. "\" is taken by a built-in agent tool: choose another"
    end
    if type(s.description) ~= "string" or s.description == "" then
        return ("tool \"" .. s.name) .. "\": description must be a non-empty string (the model reads it to decide when to call the tool)"
    end
    if s.title ~= nil and type(s.title) ~= "string" then
        return ("tool \"" .. s.name) .. "\": title must be a string"
    end
    if s.read_only ~= nil and type(s.read_only) ~= "boolean" then
        return ("tool \"" .. s.name) .. "\": read_only must be a boolean"
    end
    if type(s.handler) ~= "function" then
        return ("tool \"" .. s.name) .. "\": handler must be a function"
    end
    if s.input ~= nil then
        local err = schemaProblem(s.input, "input")
        if err ~= nil then
            return (("tool \"" .. s.name) .. "\": ") .. err
        end
        if s.input.type ~= nil and s.input.type ~= "object" then
            return ("tool \"" .. s.name) .. "\": input.type must be \"object\" (the arguments are an object)"
        end
    end
    return nil
end
--- The schema of a tool's arguments: the user's `input` as an object schema.
local function inputSchema(input)
    local schema = {}
    for k, v in pairs(input or ({})) do
        schema[k] = v
    end
    schema.type = "object"
    if schema.properties == nil then
        schema.properties = {}
    end
    return schema
end
--- Runs a user handler in the call's coroutine: its return value, ctx.done/ctx.fail later, or its error.
local function run(spec, args, ctx)
    local outcome
    local resume
    local inHandler = true
    local function finish(result)
        if outcome ~= nil then
            return
        end
        outcome = result
        if resume ~= nil then
            resume(result)
        end
    end
    local function ask(question, answer)
        local choices = {"Yes", "No"}
        vim.schedule(function() return vim.ui.select(
            choices,
            {prompt = (("Claude (tool " .. spec.name) .. "): ") .. question},
            function(choice) return answer(choice == choices[1]) end
        ) end)
    end
    local userCtx = {
        name = spec.name,
        done = function(text) return finish(okResult(text)) end,
        fail = function(message) return finish(errorResult(message)) end,
        confirm = function(question, onAnswer)
            if onAnswer ~= nil then
                ask(
                    tostring(question),
                    onAnswer
                )
                return nil
            end
            if not inHandler then
                error("ctx.confirm(question) waits only inside the handler; after it returned, pass a callback: ctx.confirm(question, function(yes) ... end)", 2)
            end
            return ctx.park(function(answer) return ask(
                tostring(question),
                answer
            ) end)
        end
    }
    local ok, value = xpcall(
        spec.handler,
        debug.traceback,
        withoutNulls(args),
        userCtx
    )
    inHandler = false
    if not ok then
        __TS__New(Logger, ctx.config.log_level):error((("user tool " .. spec.name) .. " failed:\n") .. tostring(value))
        return errorResult((spec.name .. " failed: ") .. firstLine(value))
    end
    if outcome ~= nil then
        return outcome
    end
    if value ~= nil and value ~= vim.NIL then
        return okResult(value)
    end
    return ctx.park(function(r)
        resume = r
    end)
end
--- The user tools and resources of this Neovim, and who to tell when they change.
____exports.UserTools = __TS__Class()
local UserTools = ____exports.UserTools
UserTools.name = "UserTools"
function UserTools.prototype.____constructor(self)
    self.tools = {}
    self.order = {}
    self.resources = {}
    self.resourceOrder = {}
    self.fromConfig = {}
    self.listeners = {}
end
function UserTools.prototype.add(self, spec)
    local problem = specProblem(spec)
    if problem ~= nil then
        return {ok = false, error = problem}
    end
    local s = spec
    local title = s.title or s.name
    local descriptor = {
        name = s.name,
        title = title,
        description = s.description,
        inputSchema = inputSchema(s.input),
        annotations = s.read_only == true and ({
            title = title,
            readOnlyHint = true,
            destructiveHint = false,
            idempotentHint = true,
            openWorldHint = false
        }) or ({
            title = title,
            readOnlyHint = false,
            destructiveHint = true,
            idempotentHint = false,
            openWorldHint = false
        }),
        handler = function(args, ctx) return run(s, args, ctx) end
    }
    if not (self.tools[s.name] ~= nil) then
        local ____self_order_0 = self.order
        ____self_order_0[#____self_order_0 + 1] = s.name
    end
    self.tools[s.name] = {spec = s, descriptor = descriptor}
    self:changed("tools")
    return {ok = true}
end
function UserTools.prototype.remove(self, name)
    if not (self.tools[name] ~= nil) then
        return false
    end
    self.tools[name] = nil
    __TS__ArraySplice(
        self.order,
        __TS__ArrayIndexOf(self.order, name),
        1
    )
    self:changed("tools")
    return true
end
function UserTools.prototype.setFromConfig(self, specs)
    for i, spec in ipairs(specs) do
        local problem = specProblem(spec)
        if problem ~= nil then
            return {
                ok = false,
                error = (("agent.tools[" .. tostring(i)) .. "]: ") .. problem
            }
        end
    end
    for ____, name in ipairs(self.fromConfig) do
        self:remove(name)
    end
    self.fromConfig = {}
    for ____, spec in ipairs(specs) do
        self:add(spec)
        local ____self_fromConfig_1 = self.fromConfig
        ____self_fromConfig_1[#____self_fromConfig_1 + 1] = spec.name
    end
    return {ok = true}
end
function UserTools.prototype.addResource(self, uri, spec)
    if type(uri) ~= "string" or (string.find(uri, "^[%a][%w+.-]*://?.")) == nil then
        return {
            ok = false,
            error = ("resource uri " .. vim.inspect(uri)) .. " must be a string like \"myplugin://name\""
        }
    end
    if __TS__ArrayIncludes(BUILTIN_RESOURCE_URIS, uri) or vim.startswith(uri, BUILTIN_RESOURCE_PREFIX) then
        return {ok = false, error = ("resource uri \"" .. uri) .. "\" is taken by a built-in resource: choose another"}
    end
    if type(spec) ~= "table" or type(spec.read) ~= "function" then
        return {ok = false, error = ("resource \"" .. uri) .. "\": the spec must be a table with a read function"}
    end
    local s = spec
    for ____, key in ipairs({"name", "title", "description", "mime"}) do
        if s[key] ~= nil and type(s[key]) ~= "string" then
            return {ok = false, error = ((("resource \"" .. uri) .. "\": ") .. key) .. " must be a string"}
        end
    end
    if not (self.resources[uri] ~= nil) then
        local ____self_resourceOrder_2 = self.resourceOrder
        ____self_resourceOrder_2[#____self_resourceOrder_2 + 1] = uri
    end
    self.resources[uri] = s
    self:changed("resources")
    return {ok = true}
end
function UserTools.prototype.descriptors(self)
    local out = {}
    for ____, name in ipairs(self.order) do
        out[#out + 1] = self.tools[name].descriptor
    end
    return out
end
function UserTools.prototype.find(self, name)
    local ____opt_3 = self.tools[name]
    return ____opt_3 and ____opt_3.descriptor
end
function UserTools.prototype.readOnlyNames(self)
    return __TS__ArrayFilter(
        self.order,
        function(____, name)
            local ____opt_5 = self.tools[name]
            return (____opt_5 and ____opt_5.spec.read_only) == true
        end
    )
end
function UserTools.prototype.listResources(self)
    return __TS__ArrayMap(
        self.resourceOrder,
        function(____, uri)
            local s = self.resources[uri]
            return {
                uri = uri,
                name = s.name or uri,
                title = s.title,
                description = s.description or "",
                mimeType = s.mime or "text/plain"
            }
        end
    )
end
function UserTools.prototype.readResource(self, uri, logLevel)
    local s = self.resources[uri]
    if s == nil then
        return nil
    end
    local ok, value = xpcall(s.read, debug.traceback, uri)
    if not ok then
        __TS__New(Logger, logLevel):error((("user resource " .. uri) .. " failed:\n") .. tostring(value))
        return {error = (("reading " .. uri) .. " failed: ") .. firstLine(value)}
    end
    return {contents = {{
        uri = uri,
        mimeType = s.mime or "text/plain",
        text = capped(textOf(value))
    }}}
end
function UserTools.prototype.onChange(self, listener)
    local ____self_listeners_7 = self.listeners
    ____self_listeners_7[#____self_listeners_7 + 1] = listener
end
function UserTools.prototype.changed(self, what)
    self.listeners = __TS__ArrayFilter(
        self.listeners,
        function(____, l)
            local ok, keep = pcall(l, what)
            return ok and keep
        end
    )
end
--- The one store of this Neovim.
____exports.userTools = __TS__New(____exports.UserTools)
return ____exports
