-- Generated from src/claude-ide/editor/confirm_code.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The float's marker variable: specs and the user's own code can find the window.
____exports.CONFIRM_VAR = "claude_ide_confirm"
--- Shows `q` and calls `answer` once: true on `y`, false on `n`, `q`, `<Esc>` or when the window goes away.
-- Returns a function that closes the window (a cancelled call), answering false if nothing was decided.
function ____exports.askAboutCode(q, answer)
    local previous = vim.api.nvim_get_current_win()
    local buf = vim.api.nvim_create_buf(false, true)
    local lines = vim.split(q.code, "\n", {plain = true})
    vim.api.nvim_buf_set_lines(
        buf,
        0,
        -1,
        false,
        lines
    )
    vim.api.nvim_set_option_value("modifiable", false, {buf = buf})
    vim.api.nvim_set_option_value("bufhidden", "wipe", {buf = buf})
    vim.api.nvim_buf_set_var(buf, ____exports.CONFIRM_VAR, q.who)
    local widest = 0
    for ____, line in ipairs(lines) do
        widest = math.max(
            widest,
            vim.fn.strdisplaywidth(line)
        )
    end
    local width = math.max(
        40,
        math.min(
            widest + 2,
            math.floor(vim.o.columns * 0.9)
        )
    )
    local height = math.max(
        1,
        math.min(
            #lines,
            math.floor(vim.o.lines * 0.6)
        )
    )
    local win = vim.api.nvim_open_win(
        buf,
        true,
        {
            relative = "editor",
            width = width,
            height = height,
            row = math.max(
                0,
                math.floor((vim.o.lines - height) / 2) - 1
            ),
            col = math.max(
                0,
                math.floor((vim.o.columns - width) / 2)
            ),
            border = "rounded",
            title = (((((((" " .. q.who) .. " asks to run this ") .. q.kind) .. " in Neovim (") .. tostring(#lines)) .. " line") .. (#lines == 1 and "" or "s")) .. ") ",
            footer = #lines > height and " y: run it   n, q, <Esc>: refuse   (scroll: it does not fit the window) " or " y: run it   n, q, <Esc>: refuse ",
            zindex = 60
        }
    )
    vim.api.nvim_set_option_value("wrap", true, {win = win})
    vim.api.nvim_set_option_value("number", true, {win = win})
    vim.api.nvim_set_option_value("syntax", q.filetype, {buf = buf})
    pcall(function() return vim.treesitter.start(buf, q.filetype) end)
    local decided = false
    local function close()
        if vim.api.nvim_win_is_valid(win) then
            pcall(vim.api.nvim_win_close, win, true)
        end
        if vim.api.nvim_win_is_valid(previous) then
            pcall(vim.api.nvim_set_current_win, previous)
        end
    end
    local function decide(run)
        if decided then
            return
        end
        decided = true
        close()
        answer(run)
    end
    vim.keymap.set(
        "n",
        "y",
        function() return decide(true) end,
        {buffer = buf, nowait = true, desc = "claude-ide: run the code"}
    )
    for ____, lhs in ipairs({"n", "q", "<Esc>"}) do
        vim.keymap.set(
            "n",
            lhs,
            function() return decide(false) end,
            {buffer = buf, nowait = true, desc = "claude-ide: refuse the code"}
        )
    end
    vim.api.nvim_create_autocmd(
        "BufWipeout",
        {
            buffer = buf,
            once = true,
            desc = "claude-ide: closing the window refuses to run the code",
            callback = function()
                decide(false)
            end
        }
    )
    return function() return decide(false) end
end
return ____exports
