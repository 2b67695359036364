-- Generated from src/claude-ide/editor/write/disk_write.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local get, loadedResult, loadedBuffer, writeBigFile, convertedAsRead, CHANGED_ERROR
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local vimErrorLine = ____buffers.vimErrorLine
local ____disk_write_child = require("claude-ide.editor.write.disk_write_child")
local childWrite = ____disk_write_child.childWrite
local writeInChild = ____disk_write_child.writeInChild
local ____pacing = require("claude-ide.editor.pacing")
local sliceCheck = ____pacing.sliceCheck
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local ____fs = require("claude-ide.util.fs")
local fileStamp = ____fs.fileStamp
function get(buf, name)
    return vim.api.nvim_get_option_value(name, {buf = buf})
end
function loadedResult(buf, meanwhile)
    local ____error = meanwhile and ("the file was opened in buffer b" .. tostring(buf)) .. " meanwhile" or "the file is loaded in buffer b" .. tostring(buf)
    return {ok = false, loaded = buf, error = ____error}
end
function loadedBuffer(file)
    return findBuffer(file, true)
end
function writeBigFile(file, lines, expect, pacing)
    local loaded = loadedBuffer(file)
    if loaded ~= nil then
        return loadedResult(loaded, false)
    end
    local stamp = fileStamp(file) or "none"
    local due = sliceCheck(pacing)
    local from, to, replacement = ____exports.changedRange(expect, lines)
    due()
    local wait = pacing.wait
    local outcome = writeInChild(
        {file = file, stamp = stamp, change = {
            kind = "lines",
            expect = expect,
            from = from,
            to = to < 0 and #expect or to,
            replacement = replacement
        }},
        {due = due, wait = wait, pause = pacing.pause},
        function() return loadedBuffer(file) end
    )
    if outcome.kind == "ok" then
        return {ok = true}
    end
    if outcome.kind == "loaded" then
        return loadedResult(outcome.buf, true)
    end
    if outcome.kind == "changed" then
        return {ok = false, error = CHANGED_ERROR}
    end
    if outcome.kind == "failed" then
        return {ok = false, error = outcome.error .. ": nothing was written"}
    end
    return {ok = false, error = ("the child Neovim answered \"" .. outcome.kind) .. "\" to a change of lines: nothing was written"}
end
--- What nvim_buf_set_lines must replace to turn a buffer holding `base` into `content`: the lines between
-- their common first and last lines (all of it without a base).
function ____exports.changedRange(base, content)
    if base == nil or #base == 0 then
        return 0, -1, content
    end
    local head = 0
    local shorter = math.min(#base, #content)
    while head < shorter and base[head + 1] == content[head + 1] do
        head = head + 1
    end
    local tail = 0
    while tail < shorter - head and base[#base - 1 - tail + 1] == content[#content - 1 - tail + 1] do
        tail = tail + 1
    end
    if head == #base and head == #content then
        return 0, 0, {}
    end
    return head, #base - tail, __TS__ArraySlice(content, head, #content - tail)
end
function convertedAsRead(file, expect, buf, lines)
    local fenc = get(buf, "fileencoding")
    if fenc == "" or fenc == "utf-8" then
        return nil
    end
    local ok, raw = pcall(vim.fn.readfile, file)
    if not ok or not vim.deep_equal(raw, expect) then
        return nil
    end
    return __TS__ArrayMap(
        lines,
        function(____, line)
            local out = vim.fn.iconv(line, fenc, "utf-8")
            return (out ~= "" or line == "") and out or line
        end
    )
end
--- From this size on, a paced write pauses before reading the file into the hidden buffer: that read (and the
-- :write) are single calls into Neovim that cannot be cut, so nothing else shares their stretch.
local PAUSE_BEFORE_READ_BYTES = 256 * 1024
--- Lines compared per slice of the check that the file still holds what the change was planned on.
local COMPARE_STEP = 4000
local function set(buf, name, value)
    vim.api.nvim_set_option_value(name, value, {buf = buf})
end
--- Runs `fn` with every autocmd ignored, the user's 'eventignore' restored after it, even when it throws.
local function ignoringEvents(fn)
    local eventignore = vim.o.eventignore
    vim.o.eventignore = "all"
    local ok, result = pcall(fn)
    vim.o.eventignore = eventignore
    if not ok then
        error(result, 0)
    end
    return result
end
--- A line list as a buffer holds it: a 0-byte file reads as no line.
local function sameAsBuffer(buf, expect, pacing, stillOurs)
    local total = vim.api.nvim_buf_line_count(buf)
    if total ~= #expect then
        return false
    end
    local sliceStart = vim.uv.hrtime()
    do
        local from = 0
        while from < total do
            local to = math.min(from + COMPARE_STEP, total)
            local chunk = vim.api.nvim_buf_get_lines(buf, from, to, false)
            do
                local i = 0
                while i < #chunk do
                    if chunk[i + 1] ~= expect[from + i + 1] then
                        return false
                    end
                    i = i + 1
                end
            end
            if pacing ~= nil and to < total and (vim.uv.hrtime() - sliceStart) / 1000000 >= pacing.sliceMs then
                pacing.pause()
                if not stillOurs() then
                    return false
                end
                sliceStart = vim.uv.hrtime()
            end
            from = from + COMPARE_STEP
        end
    end
    return true
end
--- Writes `lines` to the file at `path` as `:w` of that file would, when no buffer has it loaded. `expect`:
-- the lines the change was planned on (as readfile() gave them); when the file exists and holds something
-- else now, nothing is written. A missing file is created (its folder must exist). When the file turns out
-- to be loaded after all (another name of it, a symbolic link, or the user opened it during a pause),
-- `loaded` names that buffer and nothing is written: the caller changes the buffer instead. `pacing`: pause
-- between the steps of a big file (see the top of this file); without it the work is one stretch.
function ____exports.writeFileAsVim(path, lines, expect, pacing)
    local file = normalizePath(path)
    local before = vim.uv.fs_stat(file)
    if (pacing and pacing.wait) ~= nil and expect ~= nil and before ~= nil and before.type == "file" and before.size > 0 and before.size >= childWrite.minBytes then
        return writeBigFile(file, lines, expect, pacing)
    end
    if pacing ~= nil and before ~= nil and before.size >= PAUSE_BEFORE_READ_BYTES then
        pacing.pause()
    end
    local stat = vim.uv.fs_stat(file)
    if stat ~= nil and stat.type ~= "file" then
        return {ok = false, error = file .. " is not a regular file"}
    end
    local existed = vim.fn.bufexists(file) == 1
    local buf
    local saved
    --- The buffer was taken by the user during a pause (shown, listed anew, changed): it is theirs now.
    local taken = false
    local listed = false
    local tick = 0
    --- The file as read (undefined: it did not exist): changed on disk during a pause, it is not written.
    local read
    local function stillOurs()
        local b = buf
        if b == nil or not vim.api.nvim_buf_is_valid(b) or not vim.api.nvim_buf_is_loaded(b) then
            return false
        end
        if #vim.fn.win_findbuf(b) > 0 or get(b, "buflisted") and not listed then
            return false
        end
        return vim.api.nvim_buf_get_changedtick(b) == tick
    end
    --- Lets the editor's loop run when this stretch is long enough; false when the buffer is not ours after.
    local sliceStart = vim.uv.hrtime()
    local function pauseIfDue()
        if pacing == nil or (vim.uv.hrtime() - sliceStart) / 1000000 < pacing.sliceMs then
            return true
        end
        pacing.pause()
        sliceStart = vim.uv.hrtime()
        if stillOurs() then
            return true
        end
        taken = buf ~= nil and vim.api.nvim_buf_is_valid(buf)
        return false
    end
    local function takenResult()
        return loadedResult(buf, true)
    end
    local ok, result = pcall(function()
        local loaded = ignoringEvents(function()
            local b = vim.fn.bufadd(file)
            if vim.api.nvim_buf_is_loaded(b) then
                return b
            end
            buf = b
            listed = get(b, "buflisted")
            saved = {
                swapfile = get(b, "swapfile"),
                undofile = get(b, "undofile"),
                undolevels = get(b, "undolevels"),
                modeline = get(b, "modeline")
            }
            set(b, "swapfile", false)
            set(b, "undofile", false)
            set(b, "undolevels", -1)
            set(b, "modeline", false)
            vim.fn.bufload(b)
            tick = vim.api.nvim_buf_get_changedtick(b)
            read = fileStamp(file)
            return nil
        end)
        if loaded ~= nil then
            return loadedResult(loaded, false)
        end
        local target = buf
        if not pauseIfDue() then
            return takenResult()
        end
        local content = lines
        local base
        if stat ~= nil and expect ~= nil then
            local ____temp_2
            if stat.size == 0 then
                ____temp_2 = #expect == 0
            else
                ____temp_2 = sameAsBuffer(
                    target,
                    expect,
                    pacing,
                    function()
                        sliceStart = vim.uv.hrtime()
                        return stillOurs()
                    end
                )
            end
            local same = ____temp_2
            if not stillOurs() then
                taken = vim.api.nvim_buf_is_valid(target)
                if taken then
                    return takenResult()
                end
            end
            if same then
                base = expect
            else
                local conv = ignoringEvents(function() return convertedAsRead(file, expect, target, lines) end)
                if conv == nil then
                    return {ok = false, error = "the file changed on disk while the review was open: nothing was written; read it again and redo the edit"}
                end
                content = conv
            end
        end
        local from, to, replacement = ____exports.changedRange(base, content)
        if not pauseIfDue() then
            return takenResult()
        end
        if pacing ~= nil and fileStamp(file) ~= read then
            return {ok = false, error = "the file changed on disk while it was being written: nothing was written; read it again and redo the edit"}
        end
        return ignoringEvents(function()
            vim.api.nvim_buf_set_lines(
                target,
                from,
                to,
                false,
                replacement
            )
            vim.api.nvim_buf_call(
                target,
                function() return vim.cmd("silent keepalt keepjumps write") end
            )
            return {ok = true}
        end)
    end)
    if buf ~= nil and vim.api.nvim_buf_is_valid(buf) then
        local target = buf
        ignoringEvents(function()
            if taken then
            elseif not existed then
                pcall(vim.api.nvim_buf_delete, target, {force = true})
            else
                pcall(vim.api.nvim_buf_delete, target, {force = true, unload = true})
            end
            if saved ~= nil and (existed or taken) then
                local before = saved
                pcall(set, target, "swapfile", before.swapfile)
                pcall(set, target, "undofile", before.undofile)
                pcall(set, target, "undolevels", before.undolevels)
                pcall(set, target, "modeline", before.modeline)
            end
        end)
    end
    if not ok then
        return {
            ok = false,
            error = vimErrorLine(result)
        }
    end
    return result
end
CHANGED_ERROR = "the file changed on disk while the review was open: nothing was written; read it again and redo the edit"
--- Plans `edits` (editor/write/apply EditSpec) on the file at `path` and writes the result as `:w` would, all in a child
-- Neovim (editor/write/disk_write_worker), when the file exists, is big (childWrite.minBytes) and no buffer has it
-- loaded: for an edit no review shows, nothing needs the file's lines in the editor, whose loop then never
-- holds, splits or collects them. Undefined: not such a file, or it was opened or changed before the child
-- could start: the caller makes the edit itself.
function ____exports.editInChild(path, edits, display, pacing)
    local file = normalizePath(path)
    local stat = vim.uv.fs_stat(file)
    if pacing.wait == nil or stat == nil or stat.type ~= "file" then
        return nil
    end
    if stat.size == 0 or stat.size < childWrite.minBytes or loadedBuffer(file) ~= nil then
        return nil
    end
    local stamp = fileStamp(file)
    if stamp == nil then
        return nil
    end
    local outcome = writeInChild(
        {file = file, stamp = stamp, change = {kind = "edits", edits = edits, display = display}},
        {
            due = sliceCheck(pacing),
            wait = pacing.wait,
            pause = pacing.pause
        },
        function() return loadedBuffer(file) end
    )
    if outcome.kind == "ok" then
        return {kind = "written"}
    end
    if outcome.kind == "unchanged" then
        return {kind = "unchanged"}
    end
    if outcome.kind == "refused" then
        return {kind = "refused", error = outcome.error}
    end
    if outcome.kind == "failed" then
        return {kind = "failed", error = outcome.error .. ": nothing was written"}
    end
    return nil
end
return ____exports
