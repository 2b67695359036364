-- Generated from src/claude-ide/editor/write/apply.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local ____exports = {}
local joinedText, lineOf, applyToBuffer, LINES_PER_CHECK, JOIN_STEP
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local saveBuffer = ____buffers.saveBuffer
local setChangedLines = ____buffers.setChangedLines
local ____diff_text = require("claude-ide.editor.review.diff_text")
local linesText = ____diff_text.linesText
local textLines = ____diff_text.textLines
local ____disk_write = require("claude-ide.editor.write.disk_write")
local writeFileAsVim = ____disk_write.writeFileAsVim
local ____pacing = require("claude-ide.editor.pacing")
local sliceCheck = ____pacing.sliceCheck
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local ____tables = require("claude-ide.util.tables")
local sizedArray = ____tables.sizedArray
--- The lines as one text, every line ended with "\n" (so that line ranges are byte ranges), and the 1-based
-- byte offset in it where each line starts (one more: where a line after the last would). `due`: called
-- often (sliceCheck), to pause a long pass over a big file.
function ____exports.lineIndex(lines, due)
    local text = joinedText(lines, due)
    due()
    local lineStart = sizedArray(#lines + 1)
    lineStart[1] = 1
    local at = 1
    do
        local i = 0
        while i < #lines do
            at = at + (#lines[i + 1] + 1)
            lineStart[i + 1 + 1] = at
            if i % LINES_PER_CHECK == 0 then
                due()
            end
            i = i + 1
        end
    end
    return {text = text, lineStart = lineStart}
end
function joinedText(lines, due)
    if #lines <= JOIN_STEP then
        return linesText(lines)
    end
    local pieces = {}
    do
        local from = 1
        while from <= #lines do
            __TS__ArrayPush(
                pieces,
                table.concat(
                    lines,
                    "\n",
                    from,
                    math.min(from + JOIN_STEP - 1, #lines)
                ),
                "\n"
            )
            due()
            from = from + JOIN_STEP
        end
    end
    return table.concat(pieces)
end
function lineOf(lineStart, at)
    local lo = 0
    local hi = #lineStart - 1
    while lo < hi do
        local mid = math.floor((lo + hi + 1) / 2)
        if lineStart[mid + 1] <= at then
            lo = mid
        else
            hi = mid - 1
        end
    end
    return lo
end
--- The lines of `text` (lineIndex of `lines`) with `ranges` replaced (1-based byte offsets, `to` exclusive;
-- sorted, not overlapping), as textLines would cut the whole new text (no line at all for an empty one), but
-- with every line no range touches taken from `lines` as it is: a 100,000-line file with one edit is not joined
-- and cut again line by line (that held the editor's loop for tens of ms).
function ____exports.spliced(lines, text, lineStart, ranges, due)
    local n = #lines
    local out = sizedArray(n)
    local count = 0
    local next = 0
    local k = 0
    while k < #ranges do
        local a = math.max(
            lineOf(lineStart, ranges[k + 1].from),
            next
        )
        local b = ranges[k + 1].to > ranges[k + 1].from and lineOf(lineStart, ranges[k + 1].to - 1) or a - 1
        local last = k
        local region = ""
        do
            while true do
                do
                    while last + 1 < #ranges and lineOf(lineStart, ranges[last + 1 + 1].from) <= b do
                        last = last + 1
                        if ranges[last + 1].to > ranges[last + 1].from then
                            b = math.max(
                                b,
                                lineOf(lineStart, ranges[last + 1].to - 1)
                            )
                        end
                    end
                    local regionFrom = lineStart[a + 1]
                    local regionTo = b >= a and lineStart[b + 1 + 1] or regionFrom
                    local pieces = {}
                    local pos = regionFrom
                    do
                        local j = k
                        while j <= last do
                            __TS__ArrayPush(
                                pieces,
                                string.sub(text, pos, ranges[j + 1].from - 1),
                                ranges[j + 1].replacement
                            )
                            pos = ranges[j + 1].to
                            j = j + 1
                        end
                    end
                    pieces[#pieces + 1] = string.sub(text, pos, regionTo - 1)
                    region = table.concat(pieces, "")
                    if region ~= "" and string.sub(region, -1) ~= "\n" and b + 1 < n then
                        b = b + 1
                        goto __continue38
                    end
                    break
                end
                ::__continue38::
            end
        end
        do
            local i = next
            while i < a do
                local ____count_1 = count
                count = ____count_1 + 1
                out[____count_1 + 1] = lines[i + 1]
                if i % LINES_PER_CHECK == 0 then
                    due()
                end
                i = i + 1
            end
        end
        if region ~= "" then
            for ____, line in ipairs(textLines(region)) do
                local ____count_2 = count
                count = ____count_2 + 1
                out[____count_2 + 1] = line
            end
        end
        next = b + 1
        k = last + 1
    end
    do
        local i = next
        while i < n do
            local ____count_3 = count
            count = ____count_3 + 1
            out[____count_3 + 1] = lines[i + 1]
            if i % LINES_PER_CHECK == 0 then
                due()
            end
            i = i + 1
        end
    end
    return out
end
--- Whether two line lists are equal (a loop, not vim.deep_equal: 100,000 lines cost that 13 ms).
function ____exports.sameLines(a, b)
    if #a ~= #b then
        return false
    end
    do
        local i = 0
        while i < #a do
            if a[i + 1] ~= b[i + 1] then
                return false
            end
            i = i + 1
        end
    end
    return true
end
function applyToBuffer(buf, before, after)
    local now = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    if not ____exports.sameLines(now, before) then
        return {ok = false, error = "the buffer changed while the review was open (the user kept typing): nothing was applied; read it again and redo the edit"}
    end
    if vim.api.nvim_get_option_value("modifiable", {buf = buf}) ~= true then
        return {ok = false, error = "the buffer is not modifiable ('modifiable' is off): nothing was applied"}
    end
    local wasDirty = vim.api.nvim_get_option_value("modified", {buf = buf}) == true
    setChangedLines(buf, before, after)
    if wasDirty then
        return {
            ok = true,
            where = ("in buffer b" .. tostring(buf)) .. ", not saved: it already had unsaved changes of the user"
        }
    end
    local saved = saveBuffer(buf)
    if not saved.ok then
        return {
            ok = true,
            where = (("in buffer b" .. tostring(buf)) .. ", not saved: ") .. saved.reason
        }
    end
    return {ok = true, where = "and saved"}
end
--- 1-based line numbers of the lines where the byte offsets (1-based) in `text` fall.
local function linesOf(text, offsets)
    return __TS__ArrayMap(
        offsets,
        function(____, at)
            local ____, count = string.gsub(
                string.sub(text, 1, at - 1),
                "\n",
                ""
            )
            return count + 1
        end
    )
end
--- Every 1-based start offset of `needle` in `text` (non-overlapping).
local function occurrences(text, needle)
    local found = {}
    local from = 1
    do
        while true do
            local at, to = string.find(text, needle, from, true)
            if at == nil then
                break
            end
            found[#found + 1] = at
            from = to + 1
        end
    end
    return found
end
LINES_PER_CHECK = 4096
--- The text after `edits` (each located in the ORIGINAL lines, none overlapping). A line range replaces whole
-- lines (end_line = start_line - 1 inserts before start_line); old_text must occur exactly once. `pacing`: the
-- passes over a big file's lines pause between slices (the call parks; see editor/write/disk_write).
function ____exports.planEdits(lines, edits, display, pacing)
    local due = sliceCheck(pacing)
    local ____exports_lineIndex_result_0 = ____exports.lineIndex(lines, due)
    local text = ____exports_lineIndex_result_0.text
    local lineStart = ____exports_lineIndex_result_0.lineStart
    local ranges = {}
    __TS__ArrayForEach(
        edits,
        function(____, e, i)
            if e.old_text ~= nil then
                if e.old_text == "" then
                    failWith(("edits[" .. tostring(i)) .. "].old_text must not be empty (to insert, use start_line/end_line with end_line = start_line - 1)")
                end
                local hits = occurrences(text, e.old_text)
                if #hits == 0 then
                    failWith(((("edits[" .. tostring(i)) .. "].old_text was not found in ") .. display) .. ": it must match the current text exactly, whitespace and indentation included (read_buffer shows it)")
                end
                if #hits > 1 then
                    local at = table.concat(
                        linesOf(
                            text,
                            __TS__ArraySlice(hits, 0, 10)
                        ),
                        ", "
                    )
                    failWith((((((((("edits[" .. tostring(i)) .. "].old_text matches ") .. tostring(#hits)) .. " times in ") .. display) .. " (lines ") .. at) .. (#hits > 10 and ", …" or "")) .. "): add surrounding lines to make it unique, or use start_line/end_line")
                end
                ranges[#ranges + 1] = {from = hits[1], to = hits[1] + #e.old_text, replacement = e.new_text, index = i}
            else
                local n = #lines
                if e.start_line > n + 1 then
                    failWith(((((((((("edits[" .. tostring(i)) .. "].start_line ") .. tostring(e.start_line)) .. " is past the end: ") .. display) .. " has ") .. tostring(n)) .. " lines (use ") .. tostring(n + 1)) .. " to append)")
                end
                if e.end_line < e.start_line - 1 then
                    failWith(((((("edits[" .. tostring(i)) .. "].end_line ") .. tostring(e.end_line)) .. " is before start_line ") .. tostring(e.start_line)) .. " (end_line = start_line - 1 inserts)")
                end
                if e.end_line > n then
                    failWith(((((((("edits[" .. tostring(i)) .. "].end_line ") .. tostring(e.end_line)) .. " is past the end: ") .. display) .. " has ") .. tostring(n)) .. " lines")
                end
                local replacement = (e.new_text == "" or vim.endswith(e.new_text, "\n")) and e.new_text or e.new_text .. "\n"
                ranges[#ranges + 1] = {from = lineStart[e.start_line], to = lineStart[e.end_line + 1], replacement = replacement, index = i}
            end
        end
    )
    __TS__ArraySort(
        ranges,
        function(____, a, b) return a.from - b.from end
    )
    do
        local k = 1
        while k < #ranges do
            if ranges[k + 1].from < ranges[k].to then
                failWith(((("edits[" .. tostring(ranges[k].index)) .. "] and edits[") .. tostring(ranges[k + 1].index)) .. "] overlap: merge them into one edit")
            end
            k = k + 1
        end
    end
    due()
    local out = ____exports.spliced(
        lines,
        text,
        lineStart,
        ranges,
        due
    )
    if #out == 0 then
        out[#out + 1] = ""
    end
    return out
end
JOIN_STEP = 10000
--- Where an applied change went when no buffer had the file (Applied.where).
____exports.WRITTEN_TO_DISK = "and written to disk (no buffer had it open)"
--- Applies `after` to the file `path`: to its loaded buffer (then written when it was unmodified before), else
-- to disk exactly as `:w` would write it (editor/write/disk_write). `before` is the text the change was planned on:
-- a buffer or file that changed since is refused. `pacing`: a big file on disk is written in steps with the
-- editor's loop running between them (editor/write/disk_write).
function ____exports.applyText(path, before, after, pacing)
    local buf = findBuffer(path)
    if buf ~= nil and vim.api.nvim_buf_is_loaded(buf) then
        return applyToBuffer(buf, before, after)
    end
    local dir = vim.fs.dirname(path)
    if vim.fn.isdirectory(dir) ~= 1 and vim.fn.mkdir(dir, "p") ~= 1 then
        return {ok = false, error = ("cannot create the directory " .. dir) .. ": nothing was written"}
    end
    local written = writeFileAsVim(path, after, before, pacing)
    if written.ok then
        return {ok = true, where = ____exports.WRITTEN_TO_DISK}
    end
    if written.loaded ~= nil then
        return applyToBuffer(written.loaded, before, after)
    end
    return {ok = false, error = written.error}
end
return ____exports
