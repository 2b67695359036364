-- Generated from src/claude-ide/util/permission_mode.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The name of the program a command line runs: `codex` for `'/opt/my bin/codex' --full-auto` too.
function ____exports.programName(command)
    local quoted = string.match(command, "^%s*(['\"])")
    local program = unpack(
        quoted ~= nil and ({string.match(command, (("^%s*" .. quoted) .. "(.-)") .. quoted)}) or ({string.match(command, "^%s*(%S+)")}),
        1,
        1
    )
    return program ~= nil and vim.fn.fnamemodify(program, ":t") or ""
end
--- The CLI terminal.command runs (anything but gemini, qwen and codex is started as Claude Code).
function ____exports.cliKind(command)
    local name = ____exports.programName(command)
    return (name == "gemini" or name == "qwen" or name == "codex") and name or "claude"
end
--- The CLI's name as the user reads it, in messages.
local LABELS = {claude = "Claude Code", gemini = "Gemini CLI", qwen = "Qwen Code", codex = "Codex"}
--- The modes of each CLI, by the names terminal.permission_mode takes (Claude Code's, which every CLI shares where
-- it has the mode, then the CLI's own names), as the arguments that start the CLI in it. `default` / `manual`:
-- every edit is asked for (proposed in a review where the CLI proposes edits to the editor) before it is made.
local MODES = {claude = {
    {"default", "--permission-mode default"},
    {"manual", "--permission-mode manual"},
    {"acceptEdits", "--permission-mode acceptEdits"},
    {"auto", "--permission-mode auto"},
    {"plan", "--permission-mode plan"},
    {"dontAsk", "--permission-mode dontAsk"},
    {"bypassPermissions", "--permission-mode bypassPermissions"}
}, gemini = {
    {"default", "--approval-mode default"},
    {"manual", "--approval-mode default"},
    {"acceptEdits", "--approval-mode auto_edit"},
    {"plan", "--approval-mode plan"},
    {"bypassPermissions", "--approval-mode yolo"},
    {"auto_edit", "--approval-mode auto_edit"},
    {"yolo", "--approval-mode yolo"}
}, qwen = {
    {"default", "--approval-mode default"},
    {"manual", "--approval-mode default"},
    {"acceptEdits", "--approval-mode auto-edit"},
    {"auto", "--approval-mode auto"},
    {"plan", "--approval-mode plan"},
    {"bypassPermissions", "--approval-mode yolo"},
    {"auto-edit", "--approval-mode auto-edit"},
    {"yolo", "--approval-mode yolo"}
}, codex = {
    {"default", "--ask-for-approval untrusted --sandbox workspace-write"},
    {"manual", "--ask-for-approval untrusted --sandbox workspace-write"},
    {"acceptEdits", "--ask-for-approval on-request --sandbox workspace-write"},
    {"plan", "--ask-for-approval on-request --sandbox read-only"},
    {"bypassPermissions", "--ask-for-approval never --sandbox danger-full-access"}
}}
--- The flags (Lua patterns of whole words, `-` escaped) by which a command line already sets the CLI's mode: then
-- terminal.permission_mode adds nothing (the user's own wins, and Gemini CLI refuses --yolo with --approval-mode).
local MODE_FLAGS = {claude = {"%-%-permission%-mode", "%-%-dangerously%-skip%-permissions"}, gemini = {"%-%-approval%-mode", "%-%-yolo", "%-y"}, qwen = {"%-%-approval%-mode", "%-%-yolo", "%-y"}, codex = {
    "%-%-ask%-for%-approval",
    "%-a",
    "%-%-sandbox",
    "%-s",
    "%-%-full%-auto",
    "%-%-dangerously%-bypass%-approvals%-and%-sandbox",
    "%-%-yolo"
}}
--- The arguments that start `cli` in `mode`; undefined when it has no such mode.
local function argumentsOf(cli, mode)
    for ____, ____value in ipairs(MODES[cli]) do
        local name = ____value[1]
        local args = ____value[2]
        if name == mode then
            return args
        end
    end
    return nil
end
--- The mode names `cli` takes, quoted and joined for a message: `"default", "manual", ...`.
function ____exports.modeNames(cli)
    local names = {}
    for ____, ____value in ipairs(MODES[cli]) do
        local name = ____value[1]
        names[#names + 1] = ("\"" .. name) .. "\""
    end
    return table.concat(names, ", ")
end
--- Why terminal.permission_mode `mode` cannot start the CLI `command` runs (a mode it does not have: the message
-- names the key and the modes it has), undefined when it can. `false` (the CLI's own mode) always can.
function ____exports.modeError(command, mode)
    if mode == false then
        return nil
    end
    local cli = ____exports.cliKind(command)
    if argumentsOf(cli, mode) ~= nil then
        return nil
    end
    local runs = cli == "claude" and "runs it, or a program started as it" or "runs " .. cli
    return ((((((("option \"terminal.permission_mode\" must be a mode of " .. LABELS[cli]) .. " (terminal.command ") .. runs) .. "): one of ") .. ____exports.modeNames(cli)) .. ", or false (its own mode), got \"") .. mode) .. "\""
end
--- The arguments that start the CLI in terminal.permission_mode `mode`: "" when `mode` is false (the CLI's own), when
-- the command line (terminal.command and :ClaudeCode's arguments) sets a mode already, or when the CLI has no such
-- mode (setup() refuses that one).
function ____exports.modeArguments(cli, mode, commandLine)
    if mode == false then
        return ""
    end
    local line = (" " .. commandLine) .. " "
    for ____, flag in ipairs(MODE_FLAGS[cli]) do
        if (string.find(line, ("%s" .. flag) .. "[%s=]")) ~= nil then
            return ""
        end
    end
    return argumentsOf(cli, mode) or ""
end
return ____exports
