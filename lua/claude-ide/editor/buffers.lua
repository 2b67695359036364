-- Generated from src/claude-ide/editor/buffers.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local ____exports = {}
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
--- Filetypes of file explorers, pickers and other tool windows: never "the file the user is editing".
local SIDEBAR_FILETYPES = {
    ["neo-tree"] = true,
    ["neo-tree-popup"] = true,
    NvimTree = true,
    oil = true,
    netrw = true,
    minifiles = true,
    aerial = true,
    Outline = true,
    undotree = true,
    trouble = true,
    snacks_picker_list = true,
    snacks_terminal = true,
    TelescopePrompt = true,
    lazy = true,
    mason = true,
    qf = true,
    help = true
}
function ____exports.isSidebarFiletype(ft)
    return SIDEBAR_FILETYPES[ft] == true
end
local function option(buf, name)
    return vim.api.nvim_get_option_value(name, {buf = buf})
end
--- The buffer variable (`b:claude_ide_agent_file`, true) marking a file the plugin opened for a CLI's external
-- editor (editor/external_editor: Claude Code's Ctrl-G prompt, a plan, Gemini's Ctrl-X): the CLI's own text,
-- never "the file the user opened" nor a selection to report to any CLI.
____exports.AGENT_FILE_VAR = "claude_ide_agent_file"
--- Whether `buf` is a CLI's external-editor file (AGENT_FILE_VAR).
function ____exports.isAgentFile(buf)
    return vim.fn.getbufvar(buf, ____exports.AGENT_FILE_VAR) == true
end
--- A buffer holding a file the user edits: a normal buftype (not terminal, prompt, nofile, help, quickfix or
-- acwrite like oil), a name, not a sidebar filetype, and not a CLI's external-editor file (isAgentFile).
function ____exports.isFileBuffer(buf)
    if not vim.api.nvim_buf_is_valid(buf) then
        return false
    end
    if option(buf, "buftype") ~= "" then
        return false
    end
    if vim.api.nvim_buf_get_name(buf) == "" then
        return false
    end
    return not ____exports.isSidebarFiletype(option(buf, "filetype")) and not ____exports.isAgentFile(buf)
end
--- The normalized absolute path of a buffer's name ("" for an unnamed buffer).
function ____exports.bufferPath(buf)
    local name = vim.api.nvim_buf_get_name(buf)
    return name == "" and "" or normalizePath(name)
end
--- The buffer whose file is exactly `path` (compared as normalized absolute paths; symlinks resolved when the
-- plain comparison finds nothing). Unnamed and special buffers never match. `onlyLoaded`: only a loaded buffer
-- (one holding text of the user's), under whichever name of the file.
function ____exports.findBuffer(path, onlyLoaded)
    local target = normalizePath(path)
    local known = onlyLoaded ~= true and vim.fn.bufexists(target) == 1
    local bufs = vim.api.nvim_list_bufs()
    local names = {}
    do
        local i = 0
        while i < #bufs do
            local b = bufs[i + 1]
            local name = (known or vim.api.nvim_buf_is_loaded(b)) and vim.api.nvim_buf_get_name(b) or ""
            names[i + 1] = name
            if name ~= "" and name == target and option(b, "buftype") == "" then
                return b
            end
            i = i + 1
        end
    end
    do
        local i = 0
        while i < #bufs do
            local name = names[i + 1]
            if name ~= "" and normalizePath(name) == target and option(bufs[i + 1], "buftype") == "" then
                return bufs[i + 1]
            end
            i = i + 1
        end
    end
    local want = vim.uv.fs_stat(target)
    if want == nil then
        return nil
    end
    do
        local i = 0
        while i < #bufs do
            do
                local name = names[i + 1]
                if name == "" then
                    goto __continue19
                end
                local st = vim.uv.fs_stat(normalizePath(name))
                if st ~= nil and st.ino == want.ino and st.dev == want.dev and option(bufs[i + 1], "buftype") == "" then
                    return bufs[i + 1]
                end
            end
            ::__continue19::
            i = i + 1
        end
    end
    return nil
end
--- Neovim filetypes whose VS Code language id differs (everything else: the filetype itself).
local LANGUAGE_IDS = {
    [""] = "plaintext",
    text = "plaintext",
    sh = "shellscript",
    bash = "shellscript",
    zsh = "shellscript",
    cs = "csharp",
    objc = "objective-c",
    objcpp = "objective-cpp",
    make = "makefile",
    vim = "viml",
    tex = "latex",
    gitcommit = "git-commit",
    gitrebase = "git-rebase"
}
--- The VS Code-style language id of a buffer (derived from 'filetype').
function ____exports.languageId(buf)
    local ft = option(buf, "filetype")
    return LANGUAGE_IDS[ft] or ft
end
--- A buffer option read with getbufvar(): several times cheaper than nvim_get_option_value, whose dict argument
-- costs more than the read (editor_state reads a few options of each of hundreds of buffers). "" for a buffer
-- that does not exist; boolean options read 0 or 1.
function ____exports.bufOption(buf, name)
    return vim.fn.getbufvar(buf, "&" .. name)
end
--- The buffer has unsaved changes (false for one that does not exist).
function ____exports.isDirty(buf)
    return ____exports.bufOption(buf, "modified") == 1
end
--- The buffer is listed (false for one that does not exist).
function ____exports.isListed(buf)
    return vim.fn.buflisted(buf) == 1
end
--- True when the buffer's file does not exist on disk (never written).
function ____exports.isUntitled(buf)
    local stat = vim.uv.fs_stat(vim.api.nvim_buf_get_name(buf))
    return stat == nil
end
function ____exports.lineCount(buf)
    return vim.api.nvim_buf_line_count(buf)
end
--- One line of a loaded buffer ("" past the end).
function ____exports.getLine(buf, line)
    return vim.api.nvim_buf_get_lines(buf, line, line + 1, false)[1] or ""
end
--- Runs `fn` (protected) with a swap file found meanwhile opened read-only instead of prompting: a prompt would
-- stall the editor inside a tool call. `when` completes the autocmd's description. pcall's ok and error.
function ____exports.withoutSwapPrompt(when, fn)
    local group = vim.api.nvim_create_augroup("claude-ide.no-swap-prompt", {clear = true})
    vim.api.nvim_create_autocmd(
        "SwapExists",
        {
            group = group,
            desc = "claude-ide: open read-only instead of prompting when " .. when,
            callback = function()
                vim.v.swapchoice = "o"
            end
        }
    )
    local ok, err = pcall(fn)
    vim.api.nvim_del_augroup_by_id(group)
    return {ok, err}
end
--- A Vim error as one line without the Lua traceback: "Vim:E992: Not allowed..." → "E992: Not allowed...",
-- "Vim(lua):E5108: Error executing lua ...: boom\nstack traceback: ..." → "E5108: Error executing lua ...: boom".
function ____exports.vimErrorLine(err)
    local text = tostring(err)
    local vimMessage = string.match(text, "^Vim[^:]*:(E%d+:.*)$")
    if vimMessage ~= nil then
        text = vimMessage
    end
    local first = string.match(text, "^[^\n]*")
    return vim.trim(first or text)
end
--- The listed, loaded buffer of the file at `path` (an existing buffer is reused). A swap file found while
-- loading opens the file read-only instead of prompting: a prompt would stall the editor inside a tool call.
-- A Vim error while loading throws its one line (vimErrorLine), with the buffer unloaded (wiped when new).
-- `listed: false`: a new buffer stays out of the buffer list (the LSP tools load files only so that the
-- language servers attach; the user's buffer list is not theirs to fill).
function ____exports.loadBuffer(path, opts)
    if opts == nil then
        opts = {}
    end
    local found = ____exports.findBuffer(path)
    local existed = found ~= nil or vim.fn.bufexists(path) == 1
    local buf = found or vim.fn.bufadd(path)
    if not vim.api.nvim_buf_is_loaded(buf) then
        local ok, err = unpack(
            ____exports.withoutSwapPrompt(
                "a tool loads a file with a swap file",
                function() return vim.fn.bufload(buf) end
            ),
            1,
            2
        )
        local swapped = not ok and (string.find(
            tostring(err),
            "E325:",
            1,
            true
        )) ~= nil
        if swapped and vim.api.nvim_buf_is_loaded(buf) then
            vim.api.nvim_set_option_value("readonly", true, {buf = buf})
        elseif not ok then
            pcall(vim.api.nvim_buf_delete, buf, existed and ({force = true, unload = true}) or ({force = true}))
            error(
                ____exports.vimErrorLine(err),
                0
            )
        end
        if option(buf, "filetype") == "" then
            local ft = vim.filetype.match({buf = buf})
            if ft ~= nil then
                vim.api.nvim_set_option_value("filetype", ft, {buf = buf})
            end
        end
    end
    if opts.listed ~= false then
        vim.api.nvim_set_option_value("buflisted", true, {buf = buf})
    end
    return buf
end
--- Replaces the buffer's text by `after`, changing only the lines that differ (marks and folds elsewhere stay).
function ____exports.setChangedLines(buf, before, after)
    local hunks = vim.diff(
        table.concat(before, "\n") .. "\n",
        table.concat(after, "\n") .. "\n",
        {result_type = "indices"}
    )
    do
        local i = #hunks - 1
        while i >= 0 do
            local startA, countA, startB, countB = unpack(hunks[i + 1], 1, 4)
            local from = countA == 0 and startA or startA - 1
            local replacement = countB == 0 and ({}) or __TS__ArraySlice(after, startB - 1, startB - 1 + countB)
            vim.api.nvim_buf_set_lines(
                buf,
                from,
                from + countA,
                false,
                replacement
            )
            i = i - 1
        end
    end
end
--- Did the file change on disk since the buffer read it? Asks Vim (:checktime) with a buffer-local
-- FileChangedShell handler so that Vim reports instead of prompting or reloading. Vim's own "changed since
-- reading" check on :write still works afterwards (it keeps its own read time).
local function changedOnDisk(buf)
    local reason = ""
    local group = vim.api.nvim_create_augroup("claude-ide.save-check", {clear = true})
    vim.api.nvim_create_autocmd(
        "FileChangedShell",
        {
            group = group,
            buffer = buf,
            desc = "claude-ide: report (do not prompt) a file changed on disk before saveDocument writes",
            callback = function()
                reason = vim.v.fcs_reason
                vim.v.fcs_choice = ""
            end
        }
    )
    pcall(
        vim.cmd,
        "silent checktime " .. tostring(buf)
    )
    vim.api.nvim_del_augroup_by_id(group)
    return reason == "changed" or reason == "conflict"
end
--- Buffer variable set while the plugin writes the buffer (saveBuffer): that write is not the user's.
____exports.PLUGIN_WRITE_VAR = "claude_ide_plugin_write"
--- Writes a buffer to its file like :write, but refuses (with the reason) instead of prompting: not
-- modifiable/read-only, file changed on disk since it was read, or the write failing. A buffer without
-- unsaved changes is not written again.
function ____exports.saveBuffer(buf)
    if not vim.api.nvim_buf_is_loaded(buf) then
        return {ok = false, reason = "the buffer is not loaded"}
    end
    if not ____exports.isDirty(buf) then
        return {ok = true, wrote = false}
    end
    if option(buf, "readonly") then
        return {ok = false, reason = "the buffer is read-only ('readonly' is set)"}
    end
    if changedOnDisk(buf) then
        return {ok = false, reason = "the file changed on disk since it was read; not overwriting it (reload or save it yourself)"}
    end
    vim.b[buf][____exports.PLUGIN_WRITE_VAR] = true
    local ok, err = pcall(
        vim.api.nvim_buf_call,
        buf,
        function() return vim.cmd("silent keepalt keepjumps write") end
    )
    vim.b[buf][____exports.PLUGIN_WRITE_VAR] = nil
    if not ok then
        return {
            ok = false,
            reason = "write failed: " .. tostring(err)
        }
    end
    if ____exports.isDirty(buf) then
        return {ok = false, reason = "write failed: the buffer is still modified after :write"}
    end
    return {ok = true, wrote = true}
end
return ____exports
