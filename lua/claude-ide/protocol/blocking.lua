-- Generated from src/claude-ide/protocol/blocking.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local ____exports = {}
local ____types = require("claude-ide.tools.types")
local InvalidParamsError = ____types.InvalidParamsError
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local ErrorCode = ____jsonrpc.ErrorCode
--- The calls of one server. Each call has an owner (the connection id), so that a disconnect cancels exactly
-- that connection's calls.
____exports.Blocking = __TS__Class()
local Blocking = ____exports.Blocking
Blocking.name = "Blocking"
function Blocking.prototype.____constructor(self, report)
    self.report = report
    self.calls = {}
    self.nextSerial = 1
end
function Blocking.prototype.run(self, owner, body, onDone)
    local ____self_0, ____nextSerial_1 = self, "nextSerial"
    local ____self_nextSerial_2 = ____self_0[____nextSerial_1]
    ____self_0[____nextSerial_1] = ____self_nextSerial_2 + 1
    local serial = ____self_nextSerial_2
    local call = {
        serial = serial,
        owner = owner,
        co = coroutine.create(function() return body(self:parkFor(serial)) end),
        parked = false,
        finished = false,
        onDone = onDone
    }
    self.calls[serial] = call
    self:step(call, nil)
    return {cancel = function(reason) return self:cancelCall(call, reason) end}
end
function Blocking.prototype.cancelOwner(self, owner, reason)
    return self:cancelWhere(
        function(c) return c.owner == owner end,
        reason
    )
end
function Blocking.prototype.cancelAll(self, reason)
    return self:cancelWhere(
        function() return true end,
        reason
    )
end
function Blocking.prototype.pending(self, owner)
    local n = 0
    for ____, c in pairs(self.calls) do
        if owner == nil or c.owner == owner then
            n = n + 1
        end
    end
    return n
end
function Blocking.prototype.cancelWhere(self, pred, reason)
    local matching = {}
    for ____, c in pairs(self.calls) do
        if pred(c) then
            matching[#matching + 1] = c
        end
    end
    for ____, c in ipairs(matching) do
        self:cancelCall(c, reason)
    end
    return #matching
end
function Blocking.prototype.cancelCall(self, call, reason)
    if call.finished then
        return
    end
    call.finished = true
    self.calls[call.serial] = nil
    local onCancel = call.onCancel
    if onCancel ~= nil then
        self:protect(
            "onCancel",
            function() return onCancel(reason) end
        )
    end
end
function Blocking.prototype.parkFor(self, serial)
    return function(start, onCancel)
        local call = self.calls[serial]
        if call == nil or coroutine.running() ~= call.co then
            error("park() must be called from its own tool handler", 2)
        end
        local settled = false
        local synchronous = true
        local early
        local function resume(value)
            if settled or call.finished then
                return
            end
            settled = true
            if synchronous then
                early = value
            elseif vim.in_fast_event() or coroutine.status(call.co) ~= "suspended" then
                vim.schedule(function() return self:wake(call, value) end)
            else
                self:wake(call, value)
            end
        end
        call.onCancel = onCancel
        start(resume)
        synchronous = false
        if settled then
            call.onCancel = nil
            return early
        end
        call.parked = true
        local value = coroutine.yield()
        return value
    end
end
function Blocking.prototype.wake(self, call, value)
    if call.finished then
        return
    end
    call.parked = false
    call.onCancel = nil
    self:step(call, value)
end
function Blocking.prototype.step(self, call, value)
    local ok, result = coroutine.resume(call.co, value)
    if call.finished then
        return
    end
    if ok and coroutine.status(call.co) ~= "dead" then
        if call.parked then
            return
        end
        self:finish(call, {ok = false, code = ErrorCode.InternalError, message = "tool handler yielded outside park()"})
        return
    end
    self:finish(
        call,
        ok and ({ok = true, value = result}) or self:failure(call, result)
    )
end
function Blocking.prototype.failure(self, call, err)
    if __TS__InstanceOf(err, InvalidParamsError) then
        return {ok = false, code = ErrorCode.InvalidParams, message = err.message}
    end
    self.report("tool handler failed: " .. debug.traceback(
        call.co,
        tostring(err)
    ))
    return {
        ok = false,
        code = ErrorCode.InternalError,
        message = "Internal error: " .. tostring(err)
    }
end
function Blocking.prototype.finish(self, call, outcome)
    call.finished = true
    self.calls[call.serial] = nil
    self:protect(
        "onDone",
        function() return call.onDone(outcome) end
    )
end
function Blocking.prototype.protect(self, what, fn)
    local ok, err = pcall(fn)
    if not ok then
        self.report((what .. " failed: ") .. tostring(err))
    end
end
return ____exports
