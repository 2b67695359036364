-- Generated from src/claude-ide/editor/review/keys.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local __TS__ArrayPushArray = ____lualib.__TS__ArrayPushArray
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local ____exports = {}
local repeatAndUndo, mappedIn
local ____contracts = require("claude-ide.contracts")
local WHOLE_FILE_KEY = ____contracts.WHOLE_FILE_KEY
local ____log = require("claude-ide.log")
local say = ____log.say
function repeatAndUndo(undoDesc, undo, redo)
    return {{lhs = ".", desc = "the last gh / gH again, on the hunk (or as many lines) under the cursor", rank = ____exports.OTHER}, {lhs = "u", desc = undoDesc, rank = ____exports.OTHER, fn = undo}, {lhs = ____exports.REDO_KEY, desc = redo.desc, rank = ____exports.OTHER, fn = redo.fn}}
end
--- `g?`: the float listing every key of the view.
____exports.HELP_KEY = "g?"
____exports.NEXT_FILE_KEY = "]f"
____exports.PREV_FILE_KEY = "[f"
--- In a turn's overview: the file under the cursor reviewed in the user's own buffer (inline_view.ts).
____exports.INLINE_KEY = "gi"
--- Winbar ranks (lower stays longer).
____exports.DECIDES = 1
____exports.MOVES = 2
____exports.LEFT = 3
____exports.PART_OF = 4
____exports.OTHER = 5
--- A title the buffer already shows (the overview's first line): the first to go.
____exports.SHOWN_ELSEWHERE = 9
--- The key as the g? float, :help and the README list it: `{Visual}gh` for a Visual-mode one.
function ____exports.shownKey(e)
    if e.lhs == false then
        return ""
    end
    return e.visualOnly == true and "{Visual}" .. e.lhs or e.lhs
end
--- What `.` runs again (the last decision key), and the buffers it belongs to.
local lastDecision
--- The decision keys' 'operatorfunc' (they type g@_, as gitsigns types g@l, so that `.` repeats them).
function ____exports.repeatDecision()
    local last = lastDecision
    if last == nil then
        return
    end
    if not __TS__ArrayIncludes(
        last.bufs,
        vim.api.nvim_get_current_buf()
    ) then
        return
    end
    last.run()
end
--- Runs decision `fn` on `range` (undefined: the hunk under the cursor) as a change `.` repeats (gitsigns' way:
-- 'operatorfunc' set, g@_ typed): `.` runs it again from the cursor, on as many lines as `range` had, or on the
-- hunk under the cursor.
local function repeatably(bufs, fn, range)
    local first = range
    local ____temp_0
    if range == nil then
        ____temp_0 = nil
    else
        ____temp_0 = range[2] - range[1] + 1
    end
    local lines = ____temp_0
    lastDecision = {
        bufs = bufs,
        run = function()
            local r = first
            first = nil
            if r == nil and lines ~= nil then
                local cursor = vim.api.nvim_win_get_cursor(0)[1]
                r = {
                    cursor,
                    math.min(
                        cursor + lines - 1,
                        vim.api.nvim_buf_line_count(0)
                    )
                }
            end
            fn(r)
        end
    }
    vim.go.operatorfunc = "v:lua.require'claude-ide.editor.review.keys'.repeatDecision"
    vim.cmd("normal! g@_")
end
--- The Normal-mode and Visual-mode entries of a decision key (gh, gH): in Normal mode the hunk under the cursor, or
-- with a count N the N lines from the cursor's; in Visual mode the selected lines; `.` repeats either.
local function decisionEntries(lhs, base, partDesc, fn)
    local normal = __TS__ObjectAssign(
        {},
        base,
        {
            lhs = lhs,
            fn = function()
                local count = vim.v.count
                local bufs = mappedIn
                if count > 0 then
                    local cursor = vim.api.nvim_win_get_cursor(0)[1]
                    repeatably(
                        bufs,
                        fn,
                        {
                            cursor,
                            math.min(
                                cursor + count - 1,
                                vim.api.nvim_buf_line_count(0)
                            )
                        }
                    )
                else
                    repeatably(bufs, fn)
                end
            end
        }
    )
    local visual = {
        lhs = lhs,
        desc = partDesc,
        rank = base.rank,
        visualOnly = true,
        fn = function()
            local from, to = vim.fn.line("v"), vim.fn.line(".")
            local bufs = mappedIn
            vim.cmd("normal! ")
            repeatably(
                bufs,
                fn,
                {
                    math.min(from, to),
                    math.max(from, to)
                }
            )
        end
    }
    return {normal, visual}
end
--- The buffers of the view whose key runs now (mapTable sets it before each key's function).
mappedIn = {}
--- `fn` as the key of a view shown in `bufs` runs it (what mapTable maps; a view that maps its own keys uses it).
function ____exports.keyOf(bufs, fn)
    return function()
        mappedIn = bufs
        fn()
    end
end
--- Statusline text shown literally.
function ____exports.escapeBar(s)
    local out = string.gsub(s, "%%", "%%%%")
    return out
end
local function isCommand(lhs)
    return vim.startswith(lhs, ":")
end
--- Maps the keys of `entries` in each of `bufs`: buffer-local, Normal mode, `nowait` (a review's keys never wait for
-- a longer mapping of the user's), each described as `claude-ide: <desc>` (`:map`, which-key). Commands are not
-- mapped. A key listed twice is mapped by its first entry.
function ____exports.mapTable(bufs, entries)
    local seen = {}
    for ____, e in ipairs(entries) do
        do
            local key = ____exports.shownKey(e)
            if e.lhs == false or e.fn == nil or isCommand(e.lhs) or seen[key] ~= nil then
                goto __continue20
            end
            seen[key] = true
            local run = ____exports.keyOf(bufs, e.fn)
            local modes = e.visualOnly == true and "x" or (e.visual == true and ({"n", "x"}) or "n")
            for ____, buffer in ipairs(bufs) do
                vim.keymap.set(modes, e.lhs, run, {buffer = buffer, nowait = true, desc = "claude-ide: " .. e.desc})
            end
        end
        ::__continue20::
    end
end
--- The winbar parts of `entries` (those with `bar`), consecutive entries of one `join` merged: `]c/[c next/prev hunk`.
function ____exports.keyParts(entries)
    local parts = {}
    local i = 0
    local shown = __TS__ArrayFilter(
        entries,
        function(____, e) return e.lhs ~= false and e.bar ~= nil and e.visualOnly ~= true end
    )
    while i < #shown do
        local first = shown[i + 1]
        local keys = {first.lhs}
        local words = {first.bar}
        local rank = first.rank
        local j = i + 1
        while first.join ~= nil and j < #shown and shown[j + 1].join == first.join do
            keys[#keys + 1] = shown[j + 1].lhs
            if not __TS__ArrayIncludes(words, shown[j + 1].bar) then
                words[#words + 1] = shown[j + 1].bar
            end
            rank = math.min(rank, shown[j + 1].rank)
            j = j + 1
        end
        local suffix = first.join ~= nil and vim.trim(first.join) ~= "" and " " .. vim.trim(first.join) or ""
        local said = table.concat(words, "/")
        parts[#parts + 1] = {
            text = (("  " .. ____exports.escapeBar(table.concat(keys, "/"))) .. (said ~= "" and " " .. ____exports.escapeBar(said) or "")) .. ____exports.escapeBar(suffix),
            rank = rank
        }
        i = j
    end
    return parts
end
--- The text of `win`'s winbar once it is fitted (fitWinbar), and the parts that did not fit (in their order): a
-- second window of the same view may show those.
function ____exports.fittedBar(win, lead, parts)
    local width = vim.api.nvim_win_get_width(win)
    local function measure(s)
        local ok, res = pcall(vim.api.nvim_eval_statusline, s, {winid = win, use_winbar = true, maxwidth = 10000})
        return ok and res.width or 0
    end
    local kept = {unpack(parts)}
    local function text()
        return lead .. table.concat(
            __TS__ArrayMap(
                kept,
                function(____, p) return p.text end
            ),
            ""
        )
    end
    while #kept > 0 and measure(text()) > width do
        local worst = 0
        do
            local k = 1
            while k < #kept do
                if kept[k + 1].rank >= kept[worst + 1].rank then
                    worst = k
                end
                k = k + 1
            end
        end
        __TS__ArraySplice(kept, worst, 1)
    end
    return text(), __TS__ArrayFilter(
        parts,
        function(____, p) return not __TS__ArrayIncludes(kept, p) end
    )
end
--- The one winbar builder: sets `win`'s winbar to `lead` followed by as many of `parts` as fit its width, in their
-- order, dropped whole by rank (the highest first). The lead itself is never cut by this: Neovim shortens it only
-- when even the lead alone is too wide, and then from its end (`%<` at the end). Returns the parts dropped.
function ____exports.fitWinbar(win, lead, parts)
    if not vim.api.nvim_win_is_valid(win) then
        return parts
    end
    local text, dropped = ____exports.fittedBar(win, lead, parts)
    vim.api.nvim_set_option_value("winbar", text .. "%<", {win = win})
    return dropped
end
--- The lines of the `g?` float: each key and what it does.
function ____exports.helpLines(entries)
    local listed = __TS__ArrayFilter(
        entries,
        function(____, e) return e.lhs ~= false end
    )
    local width = 0
    for ____, e in ipairs(listed) do
        width = math.max(
            width,
            vim.fn.strdisplaywidth(____exports.shownKey(e))
        )
    end
    return __TS__ArrayMap(
        listed,
        function(____, e)
            local lhs = ____exports.shownKey(e)
            return ((("  " .. lhs) .. string.rep(
                " ",
                width - vim.fn.strdisplaywidth(lhs)
            )) .. "  ") .. e.desc
        end
    )
end
--- Buffer variable of the `g?` float: specs and the user's own code can find it.
____exports.HELP_VAR = "claude_ide_review_keys"
--- The `g?` float: every key of the view and what it does; q, <Esc> or g? close it.
function ____exports.showHelp(title, entries)
    local lines = ____exports.helpLines(entries)
    local buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_lines(
        buf,
        0,
        -1,
        true,
        lines
    )
    vim.api.nvim_set_option_value("modifiable", false, {buf = buf})
    vim.api.nvim_set_option_value("bufhidden", "wipe", {buf = buf})
    vim.api.nvim_buf_set_var(buf, ____exports.HELP_VAR, title)
    local width = vim.fn.strdisplaywidth(title) + 2
    for ____, l in ipairs(lines) do
        width = math.max(
            width,
            vim.fn.strdisplaywidth(l) + 2
        )
    end
    width = math.min(
        width,
        math.max(20, vim.o.columns - 4)
    )
    local height = math.min(
        #lines,
        math.max(1, vim.o.lines - 6)
    )
    local win = vim.api.nvim_open_win(
        buf,
        true,
        {
            relative = "editor",
            row = math.max(
                0,
                math.floor((vim.o.lines - height) / 2) - 1
            ),
            col = math.max(
                0,
                math.floor((vim.o.columns - width) / 2)
            ),
            width = width,
            height = height,
            style = "minimal",
            border = "rounded",
            title = (" " .. title) .. " ",
            title_pos = "center"
        }
    )
    local function close()
        if vim.api.nvim_win_is_valid(win) then
            vim.api.nvim_win_close(win, true)
        end
    end
    for ____, lhs in ipairs({"q", "<Esc>", ____exports.HELP_KEY}) do
        vim.keymap.set("n", lhs, close, {buffer = buf, nowait = true})
    end
    return win
end
--- The `g?` entry of a table (its float lists `entries` as they are when it opens).
local function helpEntry(title, entries)
    return {
        lhs = ____exports.HELP_KEY,
        desc = "this list of the view's keys",
        bar = "keys",
        rank = ____exports.OTHER,
        fn = function()
            ____exports.showHelp(
                title,
                entries()
            )
        end
    }
end
--- Runs the plugin's command `name` (the one way in the keys share with it), saying why when it cannot.
local function runCommand(name)
    if vim.fn.exists(":" .. name) ~= 2 then
        say((":" .. name) .. " is not defined (the plugin's plugin/ file was not loaded)", "error")
        return
    end
    local ok, err = pcall(vim.cmd, name)
    if not ok then
        say(
            ((":" .. name) .. ": ") .. tostring(err),
            "error"
        )
    end
end
--- A key that runs the plugin's command `command` (none when its keymap is false); `visual`: in Visual mode too.
local function commandEntry(lhs, command, desc, bar, visual)
    if visual == nil then
        visual = false
    end
    if lhs == false then
        return {}
    end
    return {{
        lhs = lhs,
        desc = desc,
        bar = bar,
        rank = ____exports.OTHER,
        visual = visual,
        fn = function() return runCommand(command) end
    }}
end
--- The note key (diff.keymaps.note): a note for the agent on the line under the cursor, or in Visual mode on the
-- selected lines, as :ClaudeCodeNote writes it (it edits the note already there). `words`: what the view shows;
-- `desc` replaces the description (a plan's).
local function noteEntry(config, words, desc)
    local said = desc or (words == "turn" and "a note for the agent on this line (Visual: the selected lines), sent with your next prompt once you apply (:w); on a note: edit it" or "a note for the agent on this line of the proposal (Visual: the selected lines); on a note: edit it")
    return commandEntry(
        config.keymaps.note,
        "ClaudeCodeNote",
        said,
        "note",
        true
    )
end
--- The request-changes key (diff.keymaps.request_changes) of a proposal or a plan: rejected, its notes the reason.
local function requestChangesEntry(config, what, desc)
    local said = desc or ("request changes: reject the " .. what) .. " with every note on it as the reason, so the model revises it"
    return commandEntry(config.keymaps.request_changes, "ClaudeCodeRequestChanges", said, "request changes")
end
local function NOOP()
end
--- The keys of a file's view (side by side or unified). A proposal: `:w` accepts, `q` rejects (asking after hunk
-- decisions), `gh`/`gH` accept/reject the hunk. A turn's file: `:w` applies, `q` keeps the turn as it is,
-- `gh`/`gH` keep/revert the hunk. Opened from an overview: `:w` goes back keeping what was decided there, `q` goes
-- back without it (asking when something was decided); both come first.
function ____exports.fileViewTable(config, ctx, act)
    local keys = config.keymaps
    local turn = ctx.words == "turn"
    local yes, no = unpack(turn and ({"keep", "revert"}) or ({"accept", "reject"}), 1, 2)
    local list = {}
    if ctx.fromOverview then
        list[#list + 1] = {lhs = ":w", desc = "back to the overview, keeping what you decided here", bar = "back keeping", rank = ____exports.DECIDES}
        list[#list + 1] = {
            lhs = keys.reject,
            desc = "back to the overview without what you decided here (asks first when you decided something)",
            bar = "back discarding",
            rank = ____exports.DECIDES,
            fn = act.close
        }
    else
        list[#list + 1] = {lhs = ":w", desc = turn and "apply: revert the hunks you reverted, keep the rest" or "accept the proposal as it is now (your hunk decisions and edits included)", bar = turn and "apply" or "accept", rank = ____exports.DECIDES}
        list[#list + 1] = {
            lhs = keys.reject,
            desc = turn and "close, keeping the turn's changes as they are (after hunk decisions: asks whether to apply them, discard them or go back)" or "reject the proposal (after hunk decisions: asks whether to accept, reject or go back)",
            bar = turn and "close" or "reject",
            rank = ____exports.DECIDES,
            fn = act.close
        }
    end
    if keys.accept ~= false then
        list[#list + 1] = {lhs = keys.accept, desc = ctx.fromOverview and "back to the overview, keeping what you decided here (as :w)" or (turn and "apply" or "accept") .. " (as :w)", rank = ____exports.DECIDES, fn = act.accept}
    end
    local ____array_1 = __TS__SparseArrayNew(unpack(decisionEntries(
        keys.take_hunk,
        {desc = yes .. " the hunk under the cursor (with a count N: the N lines from the cursor's)", bar = yes, join = "hunk", rank = ____exports.DECIDES},
        yes .. " only the selected lines of a hunk",
        function(range) return act.decide("take", range) end
    )))
    __TS__SparseArrayPush(
        ____array_1,
        unpack(decisionEntries(
            keys.drop_hunk,
            {desc = no .. " the hunk under the cursor, the text before comes back (with a count N: the N lines from the cursor's)", bar = no, join = "hunk", rank = ____exports.DECIDES},
            no .. " only the selected lines of a hunk (their text before comes back)",
            function(range) return act.decide("drop", range) end
        ))
    )
    __TS__ArrayPush(
        list,
        __TS__SparseArraySpread(____array_1)
    )
    __TS__ArrayPushArray(
        list,
        repeatAndUndo(((("the last " .. yes) .. " or ") .. no) .. " undone (or your last edit, as always)", act.undo, {desc = ((("the last " .. yes) .. " or ") .. no) .. " that u gave back made again (or your last undone edit, as always)", fn = act.redo})
    )
    list[#list + 1] = {
        lhs = keys.next_hunk,
        desc = "next hunk",
        bar = "next",
        join = "hunk ",
        rank = ____exports.MOVES,
        fn = function() return act.jump("next") end
    }
    list[#list + 1] = {
        lhs = keys.prev_hunk,
        desc = "previous hunk",
        bar = "prev",
        join = "hunk ",
        rank = ____exports.MOVES,
        fn = function() return act.jump("prev") end
    }
    for ____, k in ipairs(ctx.extra or ({})) do
        list[#list + 1] = {
            lhs = k.lhs,
            desc = k.desc,
            bar = k.hint,
            rank = ____exports.LEFT,
            fn = k.fn
        }
    end
    if keys.reject_with_reason ~= false then
        list[#list + 1] = {
            lhs = keys.reject_with_reason,
            desc = turn and (ctx.fromOverview and "a note for the model, sent with your next prompt (the review stays open)" or "close the review keeping the turn, with a note for the model") or (ctx.fromOverview and "reject the whole proposal, with a reason for the model" or "reject the proposal, with a reason for the model"),
            bar = turn and "note for the model" or "reject with a reason",
            rank = ____exports.OTHER,
            fn = act.reason
        }
    end
    list[#list + 1] = helpEntry(
        ctx.fromOverview and "a file of the review" or (turn and "the turn's file" or "the proposal"),
        function() return list end
    )
    __TS__ArrayPushArray(
        list,
        noteEntry(config, ctx.words)
    )
    if not turn then
        __TS__ArrayPushArray(
            list,
            requestChangesEntry(config, ctx.fromOverview and "whole proposal" or "proposal")
        )
    end
    return list
end
--- The redo key: what `u` gave back made again (Vim's own redo key, mapped in every review view).
____exports.REDO_KEY = "<C-r>"
--- The overview's keys. `extra`: a multi-file review's own (the turn review's gR replaces the default one).
function ____exports.overviewTable(config, words, act, extra, q)
    if extra == nil then
        extra = {}
    end
    if q == nil then
        q = "reason"
    end
    local keys = config.keymaps
    local turn = words == "turn"
    local yes, no = unpack(turn and ({"keep", "revert"}) or ({"accept", "reject"}), 1, 2)
    local ____array_2 = __TS__SparseArrayNew(
        {lhs = ":w", desc = turn and "apply the review: revert what you marked to revert, keep the rest" or "accept the proposal, with your hunk decisions", bar = turn and "apply" or "accept", rank = ____exports.DECIDES},
        {
            lhs = keys.reject,
            desc = turn and "close, keeping the turn's changes as they are (after decisions: asks whether to apply them, discard them or go back)" or "reject the whole proposal (after decisions: asks whether to accept, reject or go back)",
            bar = turn and "close" or "reject",
            rank = ____exports.DECIDES,
            fn = act.close
        },
        unpack(decisionEntries(
            keys.take_hunk,
            {desc = yes .. " the hunk under the cursor (pressed again: undecided; on a header: every hunk of the file; with a count N: the N lines from the cursor's)", bar = yes, join = "hunk", rank = ____exports.DECIDES},
            yes .. " only the selected lines of hunks (again: undecided)",
            function(range) return act.decide("kept", range) end
        ))
    )
    __TS__SparseArrayPush(
        ____array_2,
        unpack(decisionEntries(
            keys.drop_hunk,
            {desc = no .. " the hunk under the cursor (pressed again: undecided; on a header: the whole file; with a count N: the N lines from the cursor's)", bar = no, join = "hunk", rank = ____exports.DECIDES},
            no .. " only the selected lines of hunks (again: undecided)",
            function(range) return act.decide("dropped", range) end
        ))
    )
    __TS__SparseArrayPush(____array_2, {
        lhs = config.keymaps.open,
        desc = "open the review of the file under the cursor (on its header or a hunk); :w there comes back keeping",
        bar = "open file",
        rank = ____exports.MOVES,
        fn = act.open
    })
    local list = {__TS__SparseArraySpread(____array_2)}
    if act.inline ~= nil then
        list[#list + 1] = {lhs = ____exports.INLINE_KEY, desc = "review the file under the cursor in your own buffer, its hunks drawn in it (the same keys, g? lists them)", rank = ____exports.OTHER, fn = act.inline}
    end
    if keys.accept ~= false then
        list[#list + 1] = {lhs = keys.accept, desc = (turn and "apply" or "accept") .. " (as :w)", rank = ____exports.DECIDES, fn = act.accept}
    end
    __TS__ArrayPush(
        list,
        {
            lhs = keys.next_hunk,
            desc = "next hunk",
            bar = "next",
            join = "hunk ",
            rank = ____exports.MOVES,
            fn = function() return act.jump("hunk", 1) end
        },
        {
            lhs = keys.prev_hunk,
            desc = "previous hunk",
            bar = "prev",
            join = "hunk ",
            rank = ____exports.MOVES,
            fn = function() return act.jump("hunk", -1) end
        },
        {
            lhs = ____exports.NEXT_FILE_KEY,
            desc = "next file",
            bar = "next",
            join = "file",
            rank = ____exports.MOVES,
            fn = function() return act.jump("file", 1) end
        },
        {
            lhs = ____exports.PREV_FILE_KEY,
            desc = "previous file",
            bar = "prev",
            join = "file",
            rank = ____exports.MOVES,
            fn = function() return act.jump("file", -1) end
        }
    )
    local own = __TS__ArrayFind(
        extra,
        function(____, k) return k.lhs == WHOLE_FILE_KEY end
    )
    list[#list + 1] = {
        lhs = WHOLE_FILE_KEY,
        desc = own and own.desc or no .. " the whole file under the cursor",
        bar = no .. " file",
        rank = ____exports.LEFT,
        fn = own and own.fn or act.wholeFile
    }
    for ____, k in ipairs(extra) do
        if k.lhs ~= WHOLE_FILE_KEY then
            list[#list + 1] = {lhs = k.lhs, desc = k.desc, rank = ____exports.OTHER, fn = k.fn}
        end
    end
    __TS__ArrayPushArray(
        list,
        repeatAndUndo(((("the last " .. yes) .. " or ") .. no) .. " undone", act.undo, {desc = ((("the last " .. yes) .. " or ") .. no) .. " that u gave back made again", fn = act.redo})
    )
    if keys.reject_with_reason ~= false and q ~= false then
        list[#list + 1] = {
            lhs = keys.reject_with_reason,
            desc = q == "note" and "a note for the model, sent with your next prompt (the review stays open)" or ("reject the whole " .. (turn and "review" or "proposal")) .. ", with a reason for the model",
            bar = q == "note" and "note for the model" or "reject with a reason",
            rank = ____exports.OTHER,
            fn = act.reason
        }
    end
    list[#list + 1] = helpEntry(
        turn and "the turn's review" or "the review",
        function() return list end
    )
    __TS__ArrayPushArray(
        list,
        noteEntry(config, words)
    )
    if not turn then
        __TS__ArrayPushArray(
            list,
            requestChangesEntry(config, "proposal")
        )
    end
    return list
end
--- The keys of the inline view: a turn's hunks drawn in the user's own buffer, mapped there only while it is under
-- review. No winbar (the window is the user's): `g?` lists them. The review is applied where it is kept, its overview
-- (`:w` there, or :ClaudeCodeDiffAccept from anywhere).
function ____exports.inlineTable(config, act)
    local keys = config.keymaps
    local ____array_7 = __TS__SparseArrayNew(unpack(decisionEntries(
        keys.take_hunk,
        {desc = "keep the hunk under the cursor (pressed again: undecided; with a count N: the N lines from the cursor's)", rank = ____exports.DECIDES},
        "keep only the selected lines of hunks (again: undecided)",
        function(range) return act.decide("kept", range) end
    )))
    __TS__SparseArrayPush(
        ____array_7,
        unpack(decisionEntries(
            keys.drop_hunk,
            {desc = "revert the hunk under the cursor once the review is applied (pressed again: undecided; with a count N: the N lines from the cursor's)", rank = ____exports.DECIDES},
            "revert only the selected lines of hunks once the review is applied (again: undecided)",
            function(range) return act.decide("dropped", range) end
        ))
    )
    __TS__SparseArrayPush(
        ____array_7,
        unpack(repeatAndUndo("the last keep or revert made here undone (or your last edit, as always)", act.undo, {desc = "the last keep or revert that u gave back made again (or your last undone edit, as always)", fn = act.redo}))
    )
    __TS__SparseArrayPush(
        ____array_7,
        {
            lhs = keys.next_hunk,
            desc = "next hunk",
            rank = ____exports.MOVES,
            fn = function() return act.jump("next") end
        },
        {
            lhs = keys.prev_hunk,
            desc = "previous hunk",
            rank = ____exports.MOVES,
            fn = function() return act.jump("prev") end
        },
        {lhs = ":ClaudeCodeDiffAccept", desc = "apply the turn's review from here (as :w in its overview): revert what you marked, keep the rest", rank = ____exports.PART_OF}
    )
    local list = {__TS__SparseArraySpread(____array_7)}
    __TS__ArrayPushArray(
        list,
        noteEntry(config, "turn")
    )
    list[#list + 1] = helpEntry(
        "the turn's changes in your buffer",
        function() return list end
    )
    return list
end
--- The plan's keys: `:w` approves (or, when the CLI cannot be answered, says where), `q` refuses with feedback.
function ____exports.planTable(config, approveWords, act)
    local keys = config.keymaps
    local list = {{lhs = ":w", desc = "approve the plan (as you left it)", bar = approveWords, rank = ____exports.DECIDES}, {
        lhs = keys.reject,
        desc = "refuse the plan, with feedback for the model",
        bar = "refuse with feedback",
        rank = ____exports.DECIDES,
        fn = act.refuse
    }}
    if keys.accept ~= false then
        list[#list + 1] = {lhs = keys.accept, desc = "approve the plan (as :w)", rank = ____exports.DECIDES, fn = act.approve}
    end
    if keys.reject_with_reason ~= false and keys.reject_with_reason ~= keys.reject then
        list[#list + 1] = {lhs = keys.reject_with_reason, desc = "refuse the plan, with feedback for the model", rank = ____exports.OTHER, fn = act.refuse}
    end
    local note = noteEntry(config, "proposal", "a note for the agent on this line of the plan (Visual: the selected lines)")
    local changes = requestChangesEntry(config, "plan", "request changes: refuse the plan with every note on it as the feedback")
    list[#list + 1] = {lhs = ":ClaudeCodeDiffDeny {feedback}", desc = "refuse the plan with this feedback", bar = "", rank = ____exports.PART_OF}
    list[#list + 1] = helpEntry(
        "the plan",
        function() return list end
    )
    local ____array_8 = __TS__SparseArrayNew(unpack(note))
    __TS__SparseArrayPush(
        ____array_8,
        unpack(changes)
    )
    __TS__ArrayPush(
        list,
        __TS__SparseArraySpread(____array_8)
    )
    return list
end
--- Every view's key table for `config` (a validated Config: config.validate(nil).config for the defaults), as the
-- views build them, without their actions: `proposal` (a proposal's file view), `turn_file` (a turn's single file),
-- `file_from_overview`, `overview` (a multi-file proposal's), `turn_overview`, `inline` (a turn's file in the user's
-- own buffer) and `plan`.
function ____exports.keyTables(config)
    local d = config.diff
    local file = {
        close = NOOP,
        reason = NOOP,
        accept = NOOP,
        decide = NOOP,
        jump = NOOP,
        undo = NOOP,
        redo = NOOP
    }
    local over = {
        open = NOOP,
        accept = NOOP,
        close = NOOP,
        reason = NOOP,
        decide = NOOP,
        undo = NOOP,
        wholeFile = NOOP,
        jump = NOOP,
        redo = NOOP
    }
    local turnOver = __TS__ObjectAssign({}, over, {inline = NOOP})
    local function listed(entries)
        return __TS__ArrayMap(
            __TS__ArrayFilter(
                entries,
                function(____, e) return e.lhs ~= false end
            ),
            function(____, e)
                local ____exports_shownKey_result_10 = ____exports.shownKey(e)
                local ____e_desc_11 = e.desc
                local ____temp_9
                if e.bar ~= "" then
                    ____temp_9 = e.bar
                else
                    ____temp_9 = nil
                end
                return {lhs = ____exports_shownKey_result_10, desc = ____e_desc_11, bar = ____temp_9}
            end
        )
    end
    local gR = {{lhs = WHOLE_FILE_KEY, desc = "revert this whole file", fn = NOOP, hint = WHOLE_FILE_KEY .. " revert file"}}
    return {
        proposal = listed(____exports.fileViewTable(d, {words = "proposal", fromOverview = false}, file)),
        turn_file = listed(____exports.fileViewTable(d, {words = "turn", fromOverview = false, extra = gR}, file)),
        file_from_overview = listed(____exports.fileViewTable(d, {words = "proposal", fromOverview = true}, file)),
        overview = listed(____exports.overviewTable(d, "proposal", over)),
        turn_overview = listed(____exports.overviewTable(
            d,
            "turn",
            turnOver,
            gR,
            "note"
        )),
        inline = listed(____exports.inlineTable(d, {decide = NOOP, jump = NOOP, undo = NOOP, redo = NOOP})),
        plan = listed(____exports.planTable(d, "approve", {approve = NOOP, refuse = NOOP}))
    }
end
--- Asks before `q` drops decisions: `question`, answered by one typed key (the first letter of each choice: the
-- command line shows them as `(A)ccept, (R)eject, (G)o back`). `choices` maps each letter to what it does; any other
-- key (<Esc>) goes back and does nothing.
function ____exports.askClosing(question, choices)
    local shown = table.concat(
        __TS__ArrayMap(
            choices,
            function(____, c) return (("(" .. string.sub(c.label, 1, 1)) .. ")") .. string.sub(c.label, 2) end
        ),
        ", "
    )
    vim.api.nvim_echo({{question, "Question"}, {("\n" .. shown) .. ", (G)o back: ", "MoreMsg"}}, false, {})
    local ok, key = pcall(vim.fn.getcharstr)
    if not ok then
        return
    end
    local letter = string.lower(key)
    for ____, c in ipairs(choices) do
        if string.lower(string.sub(c.label, 1, 1)) == letter then
            c.run()
            return
        end
    end
end
return ____exports
