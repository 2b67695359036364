-- Generated from src/claude-ide/agent/tools/search.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
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
local targetLinesSliced = ____target.targetLinesSliced
local ____dialect = require("claude-ide.agent.search.dialect")
local DIALECT_DOC = ____dialect.DIALECT_DOC
local translate = ____dialect.translate
local ____project = require("claude-ide.agent.search.project")
local chooseEngine = ____project.chooseEngine
local start = ____project.start
local walkerScript = ____project.walkerScript
local ____words = require("claude-ide.util.words")
local plural = ____words.plural
--- Matched line text is cut to this many bytes.
local MAX_TEXT = 200
--- The regex in every engine's form, or the ERROR saying how to write it.
local function compiled(pattern)
    local t = translate(pattern)
    if not t.ok then
        failWith((("the regex does not compile in the accepted dialect: " .. t.error) .. ". ") .. DIALECT_DOC)
    end
    return t.pattern
end
--- The one place every match passes before it is shown, whatever found it (a buffer, ripgrep, git grep, the
-- walk): a filter on what the model may see belongs here. Returns the rendered row, or undefined to withhold it.
local function admit(hit, cwd)
    local line = hit.text
    local text = #line > MAX_TEXT and string.sub(line, 1, MAX_TEXT) .. "…" or line
    text = vim.trim(text)
    local okCol, col = pcall(byteToCharColumn, line, hit.byteCol - 1)
    return (((((displayPath(hit.path, cwd) .. ":") .. tostring(hit.line)) .. ":") .. tostring(okCol and col or hit.byteCol)) .. ": ") .. text
end
--- Buffers whose text the project search must take instead of the disk: unsaved changes, or never written.
local function overlayOf(root)
    local out = {}
    for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
        do
            if not vim.api.nvim_buf_is_loaded(buf) or not isFileBuffer(buf) then
                goto __continue6
            end
            local path = bufferPath(buf)
            if not vim.startswith(path, root .. "/") then
                goto __continue6
            end
            local stat = vim.uv.fs_stat(path)
            if not vim.bo[buf].modified and stat ~= nil then
                goto __continue6
            end
            out[#out + 1] = {
                path = path,
                text = table.concat(
                    vim.api.nvim_buf_get_lines(buf, 0, -1, false),
                    "\n"
                ) .. "\n"
            }
        end
        ::__continue6::
    end
    return out
end
local function megabytes(n)
    return n >= 1024 * 1024 and tostring(math.floor(n / (1024 * 1024) * 10) / 10) .. " MiB" or tostring(n) .. " bytes"
end
--- Runs the search in child processes (the project's engine, and the walker over `overlay`, the buffers' texts);
-- the call is parked meanwhile, and a cancel kills them. `engine` "buffers": only the overlay is searched.
local function searchInChildren(ctx, root, pattern, regex, max, engine, overlay)
    local opts = ctx.config.agent.search
    local running
    return ctx.park(
        function(resume)
            running = start(
                {
                    root = root,
                    text = regex == nil and pattern or nil,
                    regex = regex,
                    max = max,
                    limits = {timeoutMs = opts.timeout_ms, maxFileBytes = opts.max_file_bytes, maxFiles = opts.max_files, maxOutputBytes = opts.max_output_bytes},
                    overlay = overlay,
                    engine = engine,
                    rg = opts.rg == false and "rg" or opts.rg,
                    walker = walkerScript(),
                    nvim = vim.v.progpath
                },
                resume
            )
        end,
        function() return running and running.cancel() end
    )
end
--- What the project search's header says after the scope: the engine, files, and what it skipped.
local function projectNotes(s, ctx)
    local opts = ctx.config.agent.search
    local header = "; " .. s.how
    if s.engine == "walk" then
        header = header .. " (no rg, no git repository; .git and node_modules skipped)"
    end
    if s.filesSearched ~= nil then
        header = header .. (", " .. plural(s.filesSearched, "file")) .. " searched"
    end
    local skipped = {}
    if s.binary > 0 then
        skipped[#skipped + 1] = plural(s.binary, "binary file") .. " with a match"
    end
    if s.oversize > 0 then
        skipped[#skipped + 1] = ((plural(s.oversize, "file") .. " over ") .. megabytes(opts.max_file_bytes)) .. " (agent.search.max_file_bytes)"
    end
    if #skipped > 0 then
        header = header .. "; skipped: " .. table.concat(skipped, ", ")
    end
    if s.stoppedEarly then
        header = header .. "; stopped at max_results"
    end
    local tail = {}
    local narrow = "narrow it with path (a folder of the project) or a longer pattern"
    if s.timedOut then
        tail[#tail + 1] = (("… the search was stopped after " .. tostring(opts.timeout_ms)) .. " ms (agent.search.timeout_ms): the matches are partial; ") .. narrow
    end
    if s.outputCut then
        tail[#tail + 1] = (("… the search was stopped after " .. megabytes(opts.max_output_bytes)) .. " of output (agent.search.max_output_bytes): the matches are partial; ") .. narrow
    end
    if s.maxFilesHit then
        tail[#tail + 1] = (("… the walk stopped after " .. tostring(opts.max_files)) .. " files (agent.search.max_files): files were not searched; ") .. narrow
    end
    if #s.errors > 0 then
        tail[#tail + 1] = (("note: " .. s.how) .. " reported: ") .. table.concat(s.errors, " | ")
    end
    return {header = header, tail = tail}
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
    description = (((("Find text in the editor's buffers as they are now (unsaved changes included) or in the whole project. Answers " .. "`path:line:col: text` lines. scope: buffer (the one named by path/buffer), buffers (every loaded file buffer), ") .. "project (default without path/buffer: the cwd's files, or a folder given as path; .gitignore honoured, unsaved ") .. "buffers taking precedence over disk; run by ripgrep, git grep or a walk in a child process, whose name the answer ") .. "gives with what was skipped). Plain text by default; regex=true takes one regex dialect, the same on every engine ") .. "(see the regex argument): . * + ? {n,m} [...] \\d \\w \\s \\b ^ $ ( ) (?: ) |.",
    input = __TS__ObjectAssign(
        {
            pattern = str("Text to find (or a regex with regex=true)", {minLength = 1, text = true}),
            regex = optional(bool("Treat pattern as a regex (default false: plain text). " .. DIALECT_DOC))
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
        local cwd = normalize(vim.fn.getcwd())
        local root = cwd
        local folder = false
        if args.path ~= nil and args.buffer == nil and args.scope ~= "buffer" then
            local dir = normalize(string.sub(args.path, 1, 1) == "/" and args.path or (cwd .. "/") .. args.path)
            if vim.fn.isdirectory(dir) == 1 then
                local refusal = ctx.services.policy:refusal(
                    dir,
                    displayPath(dir, cwd)
                )
                if refusal ~= nil then
                    failWith(refusal)
                end
                root = dir
                folder = true
            end
        end
        local ____folder_4
        if folder then
            ____folder_4 = nil
        else
            ____folder_4 = resolveTarget(ctx.services.policy, args, {required = false})
        end
        local target = ____folder_4
        local gate = searchGate(ctx.services.policy)
        local scope = args.scope or (target ~= nil and "buffer" or "project")
        if scope == "buffer" and target == nil then
            failWith("scope \"buffer\" needs \"path\" or \"buffer\"")
        end
        if scope ~= "buffer" and target ~= nil then
            failWith(("scope \"" .. scope) .. "\" searches many files: leave out path/buffer, or use scope \"buffer\"")
        end
        if folder and scope ~= "project" then
            failWith(displayPath(root, cwd) .. " is a folder: search it with scope \"project\"")
        end
        local regex = args.regex == true and compiled(args.pattern) or nil
        local max = args.max_results or 100
        local hits = {}
        local notes = {header = "", tail = {}}
        local summary
        if scope == "project" then
            gate.checkProjectRoot(root)
            local engine = chooseEngine(root, ctx.config.agent.search.rg)
            summary = searchInChildren(
                ctx,
                root,
                args.pattern,
                regex,
                max,
                engine,
                overlayOf(root)
            )
        else
            local docs = {}
            local function add(path, lines)
                local ____temp_5 = #docs + 1
                docs[____temp_5] = {
                    path = path,
                    text = #lines > 0 and table.concat(lines, "\n") .. "\n" or ""
                }
                return ____temp_5
            end
            if scope == "buffer" and target ~= nil then
                add(
                    target.path,
                    targetLinesSliced(ctx, target)
                )
            else
                for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
                    do
                        if not vim.api.nvim_buf_is_loaded(buf) or not isFileBuffer(buf) then
                            goto __continue51
                        end
                        local path = bufferPath(buf)
                        if gate.admitBuffer(buf, path) then
                            add(
                                path,
                                vim.api.nvim_buf_get_lines(buf, 0, -1, false)
                            )
                        end
                    end
                    ::__continue51::
                end
            end
            summary = searchInChildren(
                ctx,
                cwd,
                args.pattern,
                regex,
                max,
                "buffers",
                docs
            )
            notes.header = (", " .. plural(#docs, "file")) .. " searched"
        end
        if summary.patternError ~= nil then
            failWith((((summary.how .. " refused the pattern: ") .. summary.patternError) .. ". ") .. DIALECT_DOC)
        end
        for ____, hit in ipairs(summary.hits) do
            hits[#hits + 1] = hit
        end
        local more = summary.more
        if scope == "project" then
            notes = projectNotes(summary, ctx)
        elseif summary.timedOut then
            notes.tail = projectNotes(summary, ctx).tail
        end
        table.sort(
            hits,
            function(a, b)
                local ____temp_6
                if a.path == b.path then
                    ____temp_6 = a.line < b.line
                else
                    ____temp_6 = a.path < b.path
                end
                return ____temp_6
            end
        )
        local rows = {}
        local verdicts = {}
        for ____, hit in ipairs(hits) do
            do
                local allowed = verdicts[hit.path]
                if allowed == nil then
                    allowed = scope ~= "project" or gate.admitFile(hit.path)
                    verdicts[hit.path] = allowed
                end
                if not allowed then
                    goto __continue61
                end
                local row = admit(hit, cwd)
                if row ~= nil then
                    rows[#rows + 1] = row
                end
            end
            ::__continue61::
        end
        local where = folder and "scope project in " .. displayPath(root, cwd) or "scope " .. scope
        local header = (((((((((((tostring(#rows) .. (more and "+" or "")) .. " match") .. (#rows == 1 and "" or "es")) .. " for ") .. (args.regex == true and "regex" or "text")) .. " ") .. vim.json.encode(args.pattern)) .. " (") .. where) .. notes.header) .. ")") .. gate.note()
        local tail = #notes.tail > 0 and "\n" .. table.concat(notes.tail, "\n") or ""
        if #rows == 0 then
            return textResult(header .. tail)
        end
        local page = fitLines(rows)
        local cut = page.taken < #rows or more
        local cutNote = cut and "\n… more matches not shown: narrow the pattern or the scope" .. (max < 1000 and ", or raise max_results" or "") or ""
        return textResult((((header .. ":\n") .. page.text) .. cutNote) .. tail)
    end) end
})
return ____exports
