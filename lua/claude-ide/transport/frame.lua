-- Generated from src/claude-ide/transport/frame.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local ____exports = {}
local bigEndian, protocolError, message, parseClose, isContinuation, ByteQueue
local ____bytes = require("claude-ide.util.bytes")
local isValidUtf8 = ____bytes.isValidUtf8
local xorMask = ____bytes.xorMask
function bigEndian(n, width)
    local bytes = {}
    do
        local i = width - 1
        while i >= 0 do
            bytes[#bytes + 1] = math.floor(n / 256 ^ i) % 256
            i = i - 1
        end
    end
    return string.char(unpack(bytes))
end
--- Close codes a peer may send (RFC 6455 §7.4 and the IANA registry): 1000-1003, 1007-1014, 3000-4999.
-- 1004 is reserved, 1005/1006/1015 must never be on the wire, the rest of 1000-2999 is unassigned.
function ____exports.isValidCloseCode(code)
    return code >= 1000 and code <= 1003 or code >= 1007 and code <= 1014 or code >= 3000 and code <= 4999
end
function protocolError(reason)
    return {kind = "error", code = 1002, reason = reason}
end
function message(opcode, data)
    if opcode == ____exports.Opcode.Binary then
        return {kind = "binary", data = data}
    end
    if not isValidUtf8(data) then
        return {kind = "error", code = 1007, reason = "text message is not valid UTF-8"}
    end
    return {kind = "text", data = data}
end
function parseClose(payload)
    if #payload == 0 then
        return {kind = "close", code = 1005, reason = ""}
    end
    if #payload == 1 then
        return protocolError("close frame with a 1-byte payload")
    end
    local hi, lo = string.byte(payload, 1, 2)
    local code = hi * 256 + lo
    if not ____exports.isValidCloseCode(code) then
        return protocolError("invalid close code " .. tostring(code))
    end
    local reason = string.sub(payload, 3)
    if not isValidUtf8(reason) then
        return {kind = "error", code = 1007, reason = "close reason is not valid UTF-8"}
    end
    return {kind = "close", code = code, reason = reason}
end
____exports.Opcode = {
    Continuation = 0,
    Text = 1,
    Binary = 2,
    Close = 8,
    Ping = 9,
    Pong = 10
}
--- Largest payload of a control frame (close, ping, pong).
____exports.MAX_CONTROL_PAYLOAD = 125
--- One frame as [header, payload]: luv writes a list of strings in order, so the payload is never copied.
function ____exports.frameParts(opcode, payload, opts)
    if opts == nil then
        opts = {}
    end
    local first = bit.bor(
        bit.bor(opts.fin == false and 0 or 128, opts.rsv or 0),
        opcode
    )
    local maskBit = opts.mask ~= nil and 128 or 0
    local n = #payload
    local header
    if n < 126 then
        header = string.char(
            first,
            bit.bor(maskBit, n)
        )
    elseif n <= 65535 then
        header = string.char(
            first,
            bit.bor(maskBit, 126)
        ) .. bigEndian(n, 2)
    else
        header = string.char(
            first,
            bit.bor(maskBit, 127)
        ) .. bigEndian(n, 8)
    end
    if opts.mask == nil then
        return {header, payload}
    end
    return {
        header .. opts.mask,
        xorMask({payload}, n, opts.mask)
    }
end
--- One frame as a single string.
function ____exports.encodeFrame(opcode, payload, opts)
    return table.concat(
        ____exports.frameParts(opcode, payload, opts),
        ""
    )
end
--- Payload of a close frame: code and reason, the reason cut to fit 125 bytes on a UTF-8 boundary.
function ____exports.closePayload(code, reason)
    if reason == nil then
        reason = ""
    end
    if code == nil then
        return ""
    end
    local cut = math.min(#reason, ____exports.MAX_CONTROL_PAYLOAD - 2)
    while cut > 0 and cut < #reason and isContinuation(string.byte(reason, cut + 1)) do
        cut = cut - 1
    end
    return bigEndian(code, 2) .. string.sub(reason, 1, cut)
end
isContinuation = function(b) return b >= 128 and b <= 191 end
--- Streaming decoder. Feed bytes with push(); it returns the events they complete, in order.
____exports.Decoder = __TS__Class()
local Decoder = ____exports.Decoder
Decoder.name = "Decoder"
function Decoder.prototype.____constructor(self, opts)
    self.opts = opts
    self.queue = __TS__New(ByteQueue)
    self.finished = false
end
function Decoder.prototype.push(self, chunk)
    local events = {}
    if self.finished then
        return events
    end
    self.queue:push(chunk)
    do
        while true do
            local frame = self.frame or self:readHeader()
            if frame == nil then
                break
            end
            if frame.kind ~= nil then
                self.finished = true
                events[#events + 1] = frame
                break
            end
            self.frame = frame
            if self.queue.size < frame.length then
                break
            end
            self.frame = nil
            local event = self:completeFrame(frame)
            if event ~= nil then
                events[#events + 1] = event
                if event.kind == "close" or event.kind == "error" then
                    self.finished = true
                    break
                end
            end
        end
    end
    return events
end
function Decoder.prototype.readHeader(self)
    if self.queue.size < 2 then
        return nil
    end
    local b0, b1 = string.byte(
        self.queue:peek(2),
        1,
        2
    )
    local masked = bit.band(b1, 128) ~= 0
    local length7 = bit.band(b1, 127)
    local extended = length7 == 126 and 2 or (length7 == 127 and 8 or 0)
    local headerSize = 2 + extended + (masked and 4 or 0)
    if self.queue.size < headerSize then
        return nil
    end
    local head = table.concat(
        self.queue:take(headerSize),
        ""
    )
    local fin = bit.band(b0, 128) ~= 0
    local opcode = bit.band(b0, 15)
    if bit.band(b0, 112) ~= 0 then
        return protocolError("reserved bits set without a negotiated extension")
    end
    if masked ~= self.opts.expectMasked then
        return protocolError(masked and "server frames must not be masked" or "client frames must be masked")
    end
    local length = length7
    if extended > 0 then
        local bytes = {string.byte(head, 3, 2 + extended)}
        if extended == 8 and bytes[1] >= 128 then
            return protocolError("64-bit payload length with the high bit set")
        end
        length = 0
        for ____, b in ipairs(bytes) do
            length = length * 256 + b
        end
    end
    local mask = masked and string.sub(head, headerSize - 3, headerSize) or nil
    if opcode >= 8 then
        if opcode > ____exports.Opcode.Pong then
            return protocolError("unknown opcode " .. tostring(opcode))
        end
        if not fin then
            return protocolError("fragmented control frame")
        end
        if length > ____exports.MAX_CONTROL_PAYLOAD then
            return protocolError("control frame payload over 125 bytes")
        end
    else
        if opcode > ____exports.Opcode.Binary then
            return protocolError("unknown opcode " .. tostring(opcode))
        end
        if opcode == ____exports.Opcode.Continuation and self.fragments == nil then
            return protocolError("continuation frame without a message to continue")
        end
        if opcode ~= ____exports.Opcode.Continuation and self.fragments ~= nil then
            return protocolError("new message while a fragmented message is unfinished")
        end
        local ____opt_0 = self.fragments
        local sofar = ____opt_0 and ____opt_0.size or 0
        if sofar + length > self.opts.maxMessageBytes then
            return {
                kind = "error",
                code = 1009,
                reason = ("message over " .. tostring(self.opts.maxMessageBytes)) .. " bytes"
            }
        end
    end
    return {fin = fin, opcode = opcode, length = length, mask = mask}
end
function Decoder.prototype.completeFrame(self, frame)
    local pieces = self.queue:take(frame.length)
    local payload = frame.mask ~= nil and xorMask(pieces, frame.length, frame.mask) or table.concat(pieces, "")
    repeat
        local ____switch45 = frame.opcode
        local ____cond45 = ____switch45 == ____exports.Opcode.Ping
        if ____cond45 then
            return {kind = "ping", data = payload}
        end
        ____cond45 = ____cond45 or ____switch45 == ____exports.Opcode.Pong
        if ____cond45 then
            return {kind = "pong", data = payload}
        end
        ____cond45 = ____cond45 or ____switch45 == ____exports.Opcode.Close
        if ____cond45 then
            return parseClose(payload)
        end
        ____cond45 = ____cond45 or ____switch45 == ____exports.Opcode.Continuation
        if ____cond45 then
            do
                local open = self.fragments
                local ____open_parts_2 = open.parts
                ____open_parts_2[#____open_parts_2 + 1] = payload
                open.size = open.size + #payload
                if not frame.fin then
                    return nil
                end
                self.fragments = nil
                return message(
                    open.opcode,
                    table.concat(open.parts, "")
                )
            end
        end
        do
            if frame.fin then
                return message(frame.opcode, payload)
            end
            self.fragments = {opcode = frame.opcode, parts = {payload}, size = #payload}
            return nil
        end
    until true
end
--- FIFO of byte chunks. take(n) removes the first n bytes as a list of pieces (sub-strings only at the two
-- ends), so a large payload is copied once by whoever joins or unmasks it.
ByteQueue = __TS__Class()
ByteQueue.name = "ByteQueue"
function ByteQueue.prototype.____constructor(self)
    self.chunks = {}
    self.first = 0
    self.offset = 0
    self.size = 0
end
function ByteQueue.prototype.push(self, chunk)
    if #chunk == 0 then
        return
    end
    local ____self_chunks_3 = self.chunks
    ____self_chunks_3[#____self_chunks_3 + 1] = chunk
    self.size = self.size + #chunk
end
function ByteQueue.prototype.peek(self, n)
    local parts = {}
    local need = n
    local offset = self.offset
    do
        local i = self.first
        while i < #self.chunks and need > 0 do
            local part = string.sub(self.chunks[i + 1], offset + 1, offset + need)
            parts[#parts + 1] = part
            need = need - #part
            offset = 0
            i = i + 1
        end
    end
    return table.concat(parts, "")
end
function ByteQueue.prototype.take(self, n)
    local pieces = {}
    local need = n
    while need > 0 do
        local chunk = self.chunks[self.first + 1]
        local available = #chunk - self.offset
        if available <= need then
            pieces[#pieces + 1] = self.offset == 0 and chunk or string.sub(chunk, self.offset + 1)
            need = need - available
            self.first = self.first + 1
            self.offset = 0
        else
            pieces[#pieces + 1] = string.sub(chunk, self.offset + 1, self.offset + need)
            self.offset = self.offset + need
            need = 0
        end
    end
    self.size = self.size - n
    self:compact()
    return pieces
end
function ByteQueue.prototype.compact(self)
    if self.first == #self.chunks then
        self.chunks = {}
        self.first = 0
    elseif self.first > 64 and self.first * 2 > #self.chunks then
        self.chunks = __TS__ArraySlice(self.chunks, self.first)
        self.first = 0
    end
end
return ____exports
