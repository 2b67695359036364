-- Generated from src/claude-ide/protocol/blocking.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
local ____result = require("claude-ide.protocol.result")
local settle = ____result.settle
local ToolError = ____result.ToolError
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local ErrorCode = ____jsonrpc.ErrorCode
--- The reason a parked call is cancelled with when its connection closed (a review may outlive it: orphanFor).
____exports.CLIENT_GONE = "client disconnected"
--- An error as one line: its text with line breaks folded, no traceback.
function ____exports.oneLine(err)
    local folded = string.gsub(
        tostring(err),
        "%s*\n%s*",
        " "
    )
    return folded
end
--- What a worker yields when the body it ran has ended (a park yields nothing).
local BODY_ENDED = {}
--- Finished calls' coroutines kept for the next calls (creating one costs a Lua stack per call).
local IDLE_COROUTINES = 8
--- Keeps a ToolError as it is; anything else with the traceback of where it was raised.
local function caught(err)
    if __TS__InstanceOf(err, ToolError) then
        return err
    end
    local failed = {
        error = err,
        traceback = debug.traceback(
            tostring(err),
            2
        )
    }
    return failed
end
--- The body of every call's coroutine: runs a call's body, yields BODY_ENDED with its outcome, and waits for
-- the next call's body (a park yields in between). Errors are caught here, so the coroutine outlives them.
local function worker(body, park)
    do
        while true do
            local ok, result = xpcall(body, caught, park)
            local nextBody, nextPark = coroutine.yield(BODY_ENDED, ok, result)
            body = nextBody
            park = nextPark
        end
    end
end
--- The calls of one server. Each call has an owner (the connection id), so that a disconnect cancels exactly
-- that connection's calls.
____exports.Blocking = __TS__Class()
local Blocking = ____exports.Blocking
Blocking.name = "Blocking"
function Blocking.prototype.____constructor(self, report)
    self.report = report
    self.calls = {}
    self.idle = {}
    self.byThread = {}
    self.nextSerial = 1
    self.park = function(start, onCancel)
        local running = coroutine.running()
        local ____temp_0
        if running ~= nil then
            ____temp_0 = self.byThread[running]
        else
            ____temp_0 = nil
        end
        local call = ____temp_0
        if call == nil or call.finished then
            error("park() must be called from a running tool handler", 2)
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
function Blocking.prototype.run(self, owner, body, onDone, label)
    if label == nil then
        label = "tool handler"
    end
    local ____self_1, ____nextSerial_2 = self, "nextSerial"
    local ____self_nextSerial_3 = ____self_1[____nextSerial_2]
    ____self_1[____nextSerial_2] = ____self_nextSerial_3 + 1
    local serial = ____self_nextSerial_3
    local call = {
        serial = serial,
        owner = owner,
        co = table.remove(self.idle) or coroutine.create(worker),
        parked = false,
        finished = false,
        onDone = onDone,
        label = label
    }
    self.calls[serial] = call
    self.byThread[call.co] = call
    self:step(call, body, self.park)
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
    if self.byThread[call.co] == call then
        self.byThread[call.co] = nil
    end
    self.calls[call.serial] = nil
    local onCancel = call.onCancel
    if onCancel ~= nil then
        self:protect(
            "onCancel",
            function() return onCancel(reason) end
        )
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
function Blocking.prototype.step(self, call, first, second)
    local resumed, mark, ok, result = coroutine.resume(call.co, first, second)
    if call.finished then
        return
    end
    if resumed and mark == BODY_ENDED then
        if #self.idle < IDLE_COROUTINES then
            local ____self_idle_4 = self.idle
            ____self_idle_4[#____self_idle_4 + 1] = call.co
        end
        self:finish(
            call,
            ok == true and ({ok = true, value = result}) or self:failure(call, result)
        )
    elseif not resumed then
        self:finish(
            call,
            self:failure(
                call,
                {
                    error = mark,
                    traceback = tostring(mark)
                }
            )
        )
    elseif not call.parked then
        self:finish(call, {ok = false, code = ErrorCode.InternalError, message = "tool handler yielded outside park()"})
    end
end
function Blocking.prototype.failure(self, call, err)
    local settled = settle(err)
    if (settled and settled.kind) == "result" then
        return {ok = true, value = settled.result}
    end
    if (settled and settled.kind) == "invalid-arguments" then
        return {ok = false, code = ErrorCode.InvalidParams, message = settled.message}
    end
    if (settled and settled.kind) == "rpc" then
        return {ok = false, code = settled.code, message = settled.message}
    end
    local failed = err
    local what = ____exports.oneLine(failed.error)
    self.report((call.label .. " failed: ") .. what, failed.traceback)
    return {ok = false, code = ErrorCode.InternalError, message = "Internal error: " .. what}
end
function Blocking.prototype.finish(self, call, outcome)
    call.finished = true
    if self.byThread[call.co] == call then
        self.byThread[call.co] = nil
    end
    self.calls[call.serial] = nil
    self:protect(
        "onDone",
        function() return call.onDone(outcome) end
    )
end
function Blocking.prototype.protect(self, what, fn)
    local ok, err = pcall(fn)
    if not ok then
        self.report(
            (what .. " failed: ") .. ____exports.oneLine(err),
            tostring(err)
        )
    end
end
return ____exports
