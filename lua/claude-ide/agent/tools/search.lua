-- Generated from src/claude-ide/agent/tools/search.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__StringSplit = ____lualib.__TS__StringSplit
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local readSmallFile = ____fs.readSmallFile
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local isFileBuffer = ____buffers.isFileBuffer
local isListed = ____buffers.isListed
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local ____schema = require("claude-ide.protocol.schema")
local bool = ____schema.bool
local defineTool = ____schema.defineTool
local enumOf = ____schema.enumOf
local int = ____schema.int
local optional = ____schema.optional
local reading = ____schema.reading
local str = ____schema.str
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local fitLines = ____result.fitLines
local guarded = ____result.guarded
local textResult = ____result.textResult
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local ____target = require("claude-ide.editor.target")
local resolveTarget = ____target.resolveTarget
local targetInput = ____target.targetInput
local targetLines = ____target.targetLines
--- Files larger than this are skipped in a project search (generated bundles, data).
local MAX_FILE_BYTES = 1024 * 1024
--- A project search reads at most this many files.
local MAX_FILES = 20000
--- Matched line text is cut to this many bytes.
local MAX_TEXT = 200
--- A function giving the 0-based byte column of the first match in a line, or undefined.
local function matcher(pattern, regex)
    if not regex then
        return function(line)
            local at = string.find(line, pattern, 1, true)
            return at ~= nil and at - 1 or nil
        end
    end
    local okCompile, re = pcall(vim.regex, "\\v" .. pattern)
    if not okCompile then
        failWith(("the regex does not compile (" .. tostring(re)) .. "). Patterns are Vim regexes in very magic mode (\\v): () groups, | alternation, + ? {n,m}, \\d \\w \\s, \\< \\> word edges; escape = @ % < > as \\= \\@ ...; or pass regex=false for plain text")
    end
    return function(line)
        local from = re:match_str(line)
        return from or nil
    end
end
--- Files of the project: git's list (tracked + untracked, ignored excluded) or a walk of the cwd.
local function projectFiles(cwd)
    local git = vim.fn.executable("git") == 1 and vim.system({
        "git",
        "-C",
        cwd,
        "ls-files",
        "-z",
        "--cached",
        "--others",
        "--exclude-standard"
    }, {text = true}):wait() or nil
    if git ~= nil and git.code == 0 and git.stdout ~= nil then
        local files = __TS__ArrayMap(
            __TS__ArrayFilter(
                __TS__StringSplit(git.stdout, "\0"),
                function(____, f) return f ~= "" end
            ),
            function(____, f) return (cwd .. "/") .. f end
        )
        return {files = files, via = "git ls-files (.gitignore honoured)"}
    end
    local files = {}
    for name, kind in vim.fs.dir(
        cwd,
        {
            depth = 20,
            skip = function(dir) return dir ~= ".git" and dir ~= "node_modules" end
        }
    ) do
        if kind == "file" then
            files[#files + 1] = (cwd .. "/") .. name
        end
        if #files >= MAX_FILES then
            break
        end
    end
    return {files = files, via = "a walk of the cwd (no git repository; .git and node_modules skipped)"}
end
local function readIfText(path)
    local data = readSmallFile(path, MAX_FILE_BYTES)
    if data == nil or (string.find(data, "\0", 1, true)) ~= nil then
        return nil
    end
    return vim.split(data, "\n", {plain = true})
end
--- The privacy policy on a search: files it withholds are not searched (counted, by rule, for the answer);
-- a project search does not run at / or the home folder, and a symbolic link out of the workspace is not
-- followed. Buffers the user has not listed are searched only inside the workspace.
local function searchGate(policy)
    local rules = policy:rules()
    local roots = policy:roots()
    local withheld = {}
    local count = 0
    local function admitted(why)
        if why == nil then
            return true
        end
        count = count + 1
        withheld[why.rule] = (withheld[why.rule] or 0) + 1
        return false
    end
    return {
        admitBuffer = function(buf, path)
            if not isListed(buf) and not policy:inside(path, roots) then
                return false
            end
            return admitted(policy:withheld(path, rules))
        end,
        admitFile = function(path)
            local l = vim.uv.fs_lstat(path)
            if (l and l.type) == "link" then
                return policy:inside(path, roots) and admitted(policy:withheld(path, rules))
            end
            return admitted(rules:withheld(path))
        end,
        checkProjectRoot = function(cwd)
            local home = normalize(vim.uv.os_homedir() or "/")
            if cwd == "/" or cwd == home then
                failWith(("Neovim's cwd is " .. (cwd == "/" and "/" or "the home folder")) .. ": a project search would walk all of it; the user can :cd into the project, or search scope \"buffers\"")
            end
        end,
        note = function()
            if count == 0 then
                return ""
            end
            local parts = {}
            for rule, n in pairs(withheld) do
                parts[#parts + 1] = (tostring(n) .. " by ") .. rule
            end
            return ((((("; " .. tostring(count)) .. " file") .. (count == 1 and "" or "s")) .. " withheld from the model (") .. table.concat(parts, ", ")) .. "; the user decides, :help claude-ide-privacy)"
        end
    }
end
____exports.search = defineTool({
    name = "search",
    title = "Search",
    description = (("Find text in the editor's buffers as they are now (unsaved changes included) or in the whole project. Answers " .. "`path:line:col: text` lines. scope: buffer (the one named by path/buffer), buffers (every loaded file buffer), ") .. "project (default without path/buffer: the cwd's files, .gitignore honoured, unsaved buffers taking precedence over ") .. "disk). Plain text by default; regex=true takes a Vim very-magic regex (like PCRE: () | + ? {n,m} \\d \\w \\s).",
    input = __TS__ObjectAssign(
        {
            pattern = str("Text to find (or a regex with regex=true)", {minLength = 1}),
            regex = optional(bool("Treat pattern as a Vim regex in very magic mode (default false: plain text)"))
        },
        targetInput,
        {
            scope = optional(enumOf({"buffer", "buffers", "project"}, "Where to search (default: buffer when path/buffer is given, else project)")),
            max_results = optional(int("Most matches to return (default 100, at most 1000)", {minimum = 1, maximum = 1000}))
        }
    ),
    closed = true,
    annotations = reading("Search"),
    handler = function(args, ctx) return guarded(function()
        local target = resolveTarget(ctx.services.policy, args, {required = false})
        local scope = args.scope or (target ~= nil and "buffer" or "project")
        if scope == "buffer" and target == nil then
            failWith("scope \"buffer\" needs \"path\" or \"buffer\"")
        end
        if scope ~= "buffer" and target ~= nil then
            failWith(("scope \"" .. scope) .. "\" searches many files: leave out path/buffer, or use scope \"buffer\"")
        end
        local find = matcher(args.pattern, args.regex == true)
        local gate = searchGate(ctx.services.policy)
        local max = args.max_results or 100
        local cwd = normalize(vim.fn.getcwd())
        local rows = {}
        local more = false
        local searched = 0
        local function scan(lines, path)
            searched = searched + 1
            do
                local i = 0
                while i < #lines do
                    do
                        local line = lines[i + 1]
                        local col = find(line)
                        if col == nil then
                            goto __continue35
                        end
                        if #rows >= max then
                            more = true
                            return
                        end
                        local text = vim.trim(#line > MAX_TEXT and string.sub(line, 1, MAX_TEXT) .. "…" or line)
                        rows[#rows + 1] = (((((displayPath(path, cwd) .. ":") .. tostring(i + 1)) .. ":") .. tostring(byteToCharColumn(line, col))) .. ": ") .. text
                    end
                    ::__continue35::
                    i = i + 1
                end
            end
        end
        local via = ""
        if scope == "buffer" and target ~= nil then
            scan(
                targetLines(target),
                target.path
            )
        else
            local seen = {}
            for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
                do
                    if more or not vim.api.nvim_buf_is_loaded(buf) or not isFileBuffer(buf) then
                        goto __continue40
                    end
                    local path = bufferPath(buf)
                    if scope == "project" and not vim.startswith(path, cwd .. "/") then
                        goto __continue40
                    end
                    seen[path] = true
                    if not gate.admitBuffer(buf, path) then
                        goto __continue40
                    end
                    scan(
                        vim.api.nvim_buf_get_lines(buf, 0, -1, false),
                        path
                    )
                end
                ::__continue40::
            end
            if scope == "project" and not more then
                gate.checkProjectRoot(cwd)
                local listed = projectFiles(cwd)
                via = "; files from " .. listed.via
                for ____, file in ipairs(listed.files) do
                    do
                        if more or searched >= MAX_FILES then
                            break
                        end
                        local path = normalize(file)
                        if seen[path] ~= nil or not gate.admitFile(path) then
                            goto __continue46
                        end
                        local lines = readIfText(path)
                        if lines ~= nil then
                            scan(lines, path)
                        end
                    end
                    ::__continue46::
                end
            end
        end
        local header = ((((((((((((((((tostring(#rows) .. (more and "+" or "")) .. " match") .. (#rows == 1 and "" or "es")) .. " for ") .. (args.regex == true and "regex" or "text")) .. " ") .. vim.json.encode(args.pattern)) .. " (scope ") .. scope) .. ", ") .. tostring(searched)) .. " file") .. (searched == 1 and "" or "s")) .. " searched") .. via) .. ")") .. gate.note()
        if #rows == 0 then
            return textResult(header)
        end
        local page = fitLines(rows)
        local cut = page.taken < #rows or more
        local tail = cut and "\n… more matches not shown: narrow the pattern or the scope" .. (max < 1000 and ", or raise max_results" or "") or ""
        return textResult(((header .. ":\n") .. page.text) .. tail)
    end) end
})
return ____exports
