-- Generated from src/claude-ide/far/health.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____config = require("claude-ide.config")
local remoteTarget = ____config.remoteTarget
local ____fs = require("claude-ide.util.fs")
local shown = ____fs.shown
local ____session = require("claude-ide.far.session")
local farDrops = ____session.farDrops
local folderPairs = ____session.folderPairs
local ____path_map = require("claude-ide.util.path_map")
local createPathMap = ____path_map.createPathMap
--- A ping through the forward normally takes milliseconds; a dead forward never answers.
local ROUND_TRIP_TIMEOUT_MS = 2000
--- Where the user's agents run when none runs here: the target names (`@box`) when remote.target is set or every
-- session is at a target; undefined when a CLI may run beside this Neovim (the local CLI and trust checks apply).
function ____exports.remoteOnly(config, sessions)
    if config.remote.target ~= false then
        return ("@" .. config.remote.target) .. " (remote.target)"
    end
    if #sessions == 0 or __TS__ArraySome(
        sessions,
        function(____, s) return s.target == nil end
    ) then
        return nil
    end
    local names = {}
    for ____, s in ipairs(sessions) do
        if not __TS__ArrayIncludes(names, "@" .. s.target.name) then
            names[#names + 1] = "@" .. s.target.name
        end
    end
    return table.concat(names, ", ") .. " (every session runs there)"
end
function ____exports.checkRemote(config, server, sessions)
    local names = {}
    for name in pairs(config.remote.targets) do
        names[#names + 1] = name
    end
    __TS__ArraySort(names)
    if #names == 0 then
        vim.health.info("no remote target (remote.targets): agents run beside this Neovim")
        return
    end
    local cwd = vim.fn.getcwd()
    for ____, name in ipairs(names) do
        do
            local t = remoteTarget(config, name)
            if t == nil then
                goto __continue12
            end
            local forward = t.forward == "ssh" and "port forwarded with ssh -R" or (t.forward == "none" and ("the far side reaches " .. t.host) .. " itself (forward \"none\": a shared network)" or (("forwarded by " .. table.concat(t.forward, " ")) .. " for each session, reached at ") .. t.host)
            local chosen = config.remote.target == name and " (remote.target: :ClaudeCode starts here)" or ""
            vim.health.ok(((((("target @" .. name) .. ": ") .. table.concat(t.command, " ")) .. "; ") .. forward) .. chosen)
            local programs = {
                t.command[1],
                unpack(type(t.forward) == "table" and ({t.forward[1]}) or ({}))
            }
            for ____, program in ipairs(programs) do
                if vim.fn.executable(program) ~= 1 then
                    vim.health.error(((("  " .. program) .. " is not executable here: :ClaudeCode @") .. name) .. " cannot start", {"install it, or fix remote.targets." .. name})
                end
            end
            local pairs_ = folderPairs(t)
            for ____, p in ipairs(pairs_) do
                if vim.fn.isdirectory(p.near) == 1 then
                    vim.health.ok((("  " .. p.far) .. " → ") .. shown(p.near))
                else
                    vim.health.error(
                        ((("  " .. p.far) .. " → ") .. shown(p.near)) .. ": the local folder does not exist",
                        {("fix remote.targets." .. name) .. ".folders"}
                    )
                end
            end
            local far = createPathMap(pairs_):toFar(cwd)
            if far ~= nil then
                vim.health.ok(((("  this folder (" .. shown(cwd)) .. ") is ") .. far) .. " over there")
            else
                vim.health.warn(
                    ((("  this folder (" .. shown(cwd)) .. ") is outside the map: :ClaudeCodeNew @") .. name) .. " will not start here",
                    {":cd into " .. table.concat(
                        __TS__ArrayMap(
                            pairs_,
                            function(____, p) return shown(p.near) end
                        ),
                        " or "
                    )}
                )
            end
        end
        ::__continue12::
    end
    for ____, d in ipairs(farDrops()) do
        vim.health.warn((((((("session " .. d.session) .. " dropped at ") .. d.at) .. ": ") .. d.why) .. ". Its door closed (its token is refused); its reviews stayed open (:w writes here, the agent does not hear it); its lock file over there is removed by the far shell when it hangs up, else by the next start at @") .. d.target, {(":ClaudeCode @" .. d.target) .. " starts a new session"})
    end
    for ____, s in ipairs(sessions) do
        do
            if s.target == nil then
                goto __continue27
            end
            local at = ((((("session " .. s.name) .. ": door 127.0.0.1:") .. tostring(s.target.port)) .. ", lock file ") .. tostring(s.target.port)) .. ".lock over there"
            if not s.connected then
                vim.health.warn(at .. ": its CLI has not connected", {"the terminal shows what the far side said (ssh, the CLI)", "ssh: is the port already taken over there (ExitOnForwardFailure)? is AllowTcpForwarding on in its sshd?", "a container: does it share this machine's network (forward = \"none\"), or reach it at remote.targets host?"})
                goto __continue27
            end
            local trip = server and server:doorRoundTrip(s.target.port, ROUND_TRIP_TIMEOUT_MS)
            if (trip and trip.ok) == true then
                vim.health.ok(((at .. ": connected, one request's round trip ") .. string.format("%.1f", trip.ms)) .. " ms")
            else
                vim.health.warn((at .. ": connected, but a ping found no answer: ") .. ((trip and trip.ok) == false and trip.error or "server stopped"))
            end
        end
        ::__continue27::
    end
end
return ____exports
