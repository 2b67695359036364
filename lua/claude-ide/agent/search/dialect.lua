-- Generated from src/claude-ide/agent/search/dialect.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- What the search tool's schema says `regex: true` accepts (the docs of the dialect).
____exports.DIALECT_DOC = (("regex=true takes this subset, the same on every engine: . * + ? {n} {n,} {n,m} (lazy *? +? ?? allowed), " .. "[abc] [a-z] [^...] (\\d \\w \\s inside too), \\d \\w \\s \\D \\W \\S (ASCII: digits, [0-9A-Za-z_], space or tab), ") .. "\\b (word edge), ^ $ (line start/end), ( ) (?: ) groups, | alternation, \\t, and \\ before punctuation for ") .. "the character itself (\\. \\( \\[ \\{ \\\\ ...). Not accepted: backreferences, lookaround, (?flags), \\n."
local function refuse(message)
    local refusal = {refused = message}
    error(refusal, 0)
end
--- Characters with a meaning outside a class in Rust regex and PCRE: escaped when meant literally.
local META = "\\.+*?()|[]{}^$"
--- Inside a class, for Rust regex / PCRE (Rust's classes nest, so [ is escaped too).
local CLASS_META = "\\[]^-&~"
local DIGIT = "0-9"
local WORD = "0-9A-Za-z_"
--- The next whole character (a UTF-8 sequence counts as one) of `s` at byte `i`, and the index after it.
local function charAt(s, i)
    local b = string.byte(s, i)
    local len = 1
    if b >= 240 then
        len = 4
    elseif b >= 224 then
        len = 3
    elseif b >= 192 then
        len = 2
    end
    return {
        string.sub(s, i, i + len - 1),
        i + len
    }
end
local function isPunct(c)
    return #c == 1 and (string.find(c, "^%p$")) ~= nil
end
--- The escape `\x` at i (i points at the backslash) as a token, or a refusal.
local function escapeToken(s, i, inClass)
    if i >= #s then
        refuse("the pattern ends with a lone \\: write \\\\ for a backslash")
    end
    local c, next = unpack(
        charAt(s, i + 1),
        1,
        2
    )
    if c == "d" or c == "w" or c == "s" then
        return {{kind = "set", name = c, negated = false}, next}
    end
    if c == "D" or c == "W" or c == "S" then
        if inClass then
            refuse(((("\\" .. c) .. " inside [...] is not accepted: use [^...] with \\") .. string.lower(c)) .. " outside the class")
        end
        return {
            {
                kind = "set",
                name = string.lower(c),
                negated = true
            },
            next
        }
    end
    if c == "t" then
        return {{kind = "char", c = "\t"}, next}
    end
    if c == "b" and not inClass then
        return {{kind = "edge"}, next}
    end
    if (string.find(c, "^%d$")) ~= nil then
        refuse(("backreferences (\\" .. c) .. ") are not accepted: search for the text itself, or for a shorter part of it")
    end
    if c == "n" or c == "r" then
        refuse(("\\" .. c) .. " is not accepted: a search matches within one line (use $ for the end of a line)")
    end
    if isPunct(c) or c == " " then
        return {{kind = "char", c = c}, next}
    end
    refuse(("\\" .. c) .. " is not part of the accepted regex dialect: write the character itself, or \\ before punctuation only (\\d \\w \\s \\b \\t are the letter escapes)")
end
--- Parses [...] starting at i (the "[").
local function classToken(s, i)
    local j = i + 1
    local negated = false
    if string.sub(s, j, j) == "^" then
        negated = true
        j = j + 1
    end
    local items = {}
    local closed = false
    while j <= #s do
        do
            local c = string.sub(s, j, j)
            if c == "]" then
                if #items == 0 then
                    refuse("an empty class [] is not accepted: for a literal ] write \\] inside the class")
                end
                closed = true
                j = j + 1
                break
            end
            local item
            if c == "\\" then
                local tok, next = unpack(
                    escapeToken(s, j, true),
                    1,
                    2
                )
                item = tok
                j = next
            elseif c == "[" then
                if string.sub(s, j + 1, j + 1) == ":" then
                    refuse("POSIX classes like [[:alpha:]] are not accepted: write the ranges, e.g. [A-Za-z]")
                end
                refuse("a [ inside [...] is not accepted unescaped: write \\[")
            else
                local ch, next = unpack(
                    charAt(s, j),
                    1,
                    2
                )
                item = {kind = "char", c = ch}
                j = next
            end
            if item.kind == "char" and string.sub(s, j, j) == "-" and string.sub(s, j + 1, j + 1) ~= "]" and j + 1 <= #s then
                local to
                if string.sub(s, j + 1, j + 1) == "\\" then
                    local tok, next = unpack(
                        escapeToken(s, j + 1, true),
                        1,
                        2
                    )
                    if tok.kind ~= "char" then
                        refuse("a range must end with a character, not a class like \\d")
                    end
                    to = tok.c
                    j = next
                else
                    local ch, next = unpack(
                        charAt(s, j + 1),
                        1,
                        2
                    )
                    to = ch
                    j = next
                end
                if to < item.c then
                    refuse(((("the range " .. item.c) .. "-") .. to) .. " is backwards: write the smaller character first")
                end
                items[#items + 1] = {kind = "range", from = item.c, to = to}
                goto __continue20
            end
            items[#items + 1] = item
        end
        ::__continue20::
    end
    if not closed then
        refuse("a [ is not closed: end the class with ], or write \\[ for the character")
    end
    return {{kind = "class", negated = negated, items = items}, j}
end
--- `{n}`, `{n,}`, `{n,m}` at i, or a refusal.
local function countToken(s, i)
    local whole, lo, comma, hi = string.match(s, "^({(%d*)(,?)(%d*)})", i)
    if whole == nil or lo == nil or comma == nil or hi == nil then
        refuse("a { must start a repetition {n}, {n,} or {n,m}: for the character itself write \\{")
    end
    if lo == "" then
        refuse(((((("{" .. comma) .. hi) .. "} needs a lower bound: write {0") .. comma) .. hi) .. "}")
    end
    local min = tonumber(lo)
    local ____temp_1
    if comma == "" then
        ____temp_1 = min
    else
        local ____temp_0
        if hi == "" then
            ____temp_0 = nil
        else
            ____temp_0 = tonumber(hi)
        end
        ____temp_1 = ____temp_0
    end
    local max = ____temp_1
    if max ~= nil and max < min then
        refuse(((((((("the repetition {" .. lo) .. ",") .. hi) .. "} has its bounds backwards: write {") .. hi) .. ",") .. lo) .. "}")
    end
    if min > 1000 or (max or 0) > 1000 then
        refuse("repetition counts above 1000 are not accepted")
    end
    return {{
        kind = "repeat",
        min = min,
        max = max,
        text = whole,
        lazy = false
    }, i + #whole}
end
local function tokenize(s)
    local tokens = {}
    local i = 1
    local depth = 0
    while i <= #s do
        local c = string.sub(s, i, i)
        local prev = tokens[#tokens]
        local atBranchStart = prev == nil or prev.kind == "or" or prev.kind == "open"
        if c == "\\" then
            local tok, next = unpack(
                escapeToken(s, i, false),
                1,
                2
            )
            tokens[#tokens + 1] = tok
            i = next
        elseif c == "[" then
            local tok, next = unpack(
                classToken(s, i),
                1,
                2
            )
            tokens[#tokens + 1] = tok
            i = next
        elseif c == "(" then
            if string.sub(s, i + 1, i + 1) == "?" then
                if string.sub(s, i + 2, i + 2) ~= ":" then
                    refuse("(? is accepted only as (?: for a group that does not capture: lookaround and inline flags are not part of the dialect")
                end
                tokens[#tokens + 1] = {kind = "open", capture = false}
                i = i + 3
            else
                tokens[#tokens + 1] = {kind = "open", capture = true}
                i = i + 1
            end
            depth = depth + 1
        elseif c == ")" then
            if depth == 0 then
                refuse("a ) closes no group: write \\) for the character")
            end
            if (prev and prev.kind) == "or" then
                refuse("an empty alternative before ) would match everywhere: remove the |")
            end
            depth = depth - 1
            tokens[#tokens + 1] = {kind = "close"}
            i = i + 1
        elseif c == "|" then
            if atBranchStart then
                refuse("an empty alternative would match everywhere: remove the extra |")
            end
            tokens[#tokens + 1] = {kind = "or"}
            i = i + 1
        elseif c == "*" or c == "+" or c == "?" or c == "{" then
            local tok
            if c == "{" then
                local t, next = unpack(
                    countToken(s, i),
                    1,
                    2
                )
                tok = t
                i = next
            else
                tok = {
                    kind = "repeat",
                    min = c == "+" and 1 or 0,
                    max = c == "?" and 1 or nil,
                    text = c,
                    lazy = false
                }
                i = i + 1
            end
            if atBranchStart or prev.kind == "repeat" or prev.kind == "bol" or prev.kind == "eol" or prev.kind == "edge" then
                refuse(((tok.kind == "repeat" and tok.text or c) .. " repeats nothing here: for the character itself write \\") .. c)
            end
            if string.sub(s, i, i) == "?" and tok.kind == "repeat" then
                tok.lazy = true
                i = i + 1
            end
            tokens[#tokens + 1] = tok
        elseif c == "^" then
            if not atBranchStart then
                refuse("^ means the start of a line only at the start of the pattern or of an alternative: write \\^ for the character")
            end
            tokens[#tokens + 1] = {kind = "bol"}
            i = i + 1
        elseif c == "$" then
            local after = string.sub(s, i + 1, i + 1)
            if after ~= "" and after ~= "|" and after ~= ")" then
                refuse("$ means the end of a line only at the end of the pattern or of an alternative: write \\$ for the character")
            end
            tokens[#tokens + 1] = {kind = "eol"}
            i = i + 1
        elseif c == "." then
            tokens[#tokens + 1] = {kind = "any"}
            i = i + 1
        elseif c == "]" or c == "}" then
            refuse(((("an unescaped " .. c) .. " is not accepted: write \\") .. c) .. " for the character")
        else
            local ch, next = unpack(
                charAt(s, i),
                1,
                2
            )
            tokens[#tokens + 1] = {kind = "char", c = ch}
            i = next
        end
    end
    if depth > 0 then
        refuse("a ( is not closed: add the ), or write \\( for the character")
    end
    local ____opt_4 = tokens[#tokens]
    if (____opt_4 and ____opt_4.kind) == "or" then
        refuse("an empty alternative would match everywhere: remove the last |")
    end
    return tokens
end
local function setBody(name)
    return name == "d" and DIGIT or (name == "w" and WORD or " \t")
end
--- A class for Rust regex / PCRE.
local function perlClass(negated, items)
    local parts = {}
    local function lit(c)
        return c == "\t" and "\\t" or ((string.find(CLASS_META, c, 1, true)) ~= nil and "\\" .. c or c)
    end
    for ____, item in ipairs(items) do
        if item.kind == "char" then
            parts[#parts + 1] = lit(item.c)
        elseif item.kind == "range" then
            parts[#parts + 1] = (lit(item.from) .. "-") .. lit(item.to)
        else
            parts[#parts + 1] = item.name == "s" and "\\t " or setBody(item.name)
        end
    end
    return (("[" .. (negated and "^" or "")) .. table.concat(parts, "")) .. "]"
end
--- A POSIX bracket expression: no escapes inside, so ] goes first, - last and ^ anywhere but first.
local function ereClass(negated, items)
    local close = false
    local dash = false
    local caret = false
    local parts = {}
    for ____, item in ipairs(items) do
        if item.kind == "char" then
            if item.c == "]" then
                close = true
            elseif item.c == "-" then
                dash = true
            elseif item.c == "^" then
                caret = true
            else
                parts[#parts + 1] = item.c
            end
        elseif item.kind == "range" then
            parts[#parts + 1] = (item.from .. "-") .. item.to
        else
            parts[#parts + 1] = setBody(item.name)
        end
    end
    local body = (((close and "]" or "") .. table.concat(parts, "")) .. (caret and "^" or "")) .. (dash and "-" or "")
    if not negated and string.sub(body, 1, 1) == "^" then
        return dash and "[-^]" or "\\^"
    end
    return (("[" .. (negated and "^" or "")) .. body) .. "]"
end
--- A Vim collection: \\ \] \^ \- are escapes inside; \t is a tab.
local function vimClass(negated, items)
    local function lit(c)
        return c == "\t" and "\\t" or ((c == "\\" or c == "]" or c == "^" or c == "-") and "\\" .. c or c)
    end
    local parts = {}
    for ____, item in ipairs(items) do
        if item.kind == "char" then
            parts[#parts + 1] = lit(item.c)
        elseif item.kind == "range" then
            parts[#parts + 1] = (lit(item.from) .. "-") .. lit(item.to)
        else
            parts[#parts + 1] = item.name == "s" and " \\t" or setBody(item.name)
        end
    end
    return (("[" .. (negated and "^" or "")) .. table.concat(parts, "")) .. "]"
end
local function perlChar(c)
    if c == "\t" then
        return "\\t"
    end
    return (string.find(META, c, 1, true)) ~= nil and "\\" .. c or c
end
local function ereChar(c)
    return (string.find("\\.+*?()|[{}^$", c, 1, true)) ~= nil and "\\" .. c or c
end
--- In very magic mode every ASCII punctuation character but _ may mean something: a backslash makes it literal.
local function vimChar(c)
    if c == "\t" then
        return "\\t"
    end
    return c ~= "_" and isPunct(c) and "\\" .. c or c
end
--- \b as Vim lookarounds on ASCII word characters (\< \> would follow the buffer's 'iskeyword').
local VIM_EDGE = ((((((("%(%([" .. WORD) .. "])@<=%([^") .. WORD) .. "]|$)@=|%([") .. WORD) .. "])@<!%([") .. WORD) .. "])@=)"
local function repeatText(t)
    return t.text
end
local function vimRepeat(t)
    if not t.lazy then
        return t.text == "?" and "=" or t.text
    end
    if t.max == t.min then
        return ("{" .. tostring(t.min)) .. "}"
    end
    return (("{-" .. tostring(t.min)) .. (t.max == nil and "," or "," .. tostring(t.max))) .. "}"
end
local function write(tokens)
    local rust = {}
    local pcre = {}
    local ere = {}
    local vim = {"\\v\\C"}
    for ____, t in ipairs(tokens) do
        repeat
            local ____switch102 = t.kind
            local ____cond102 = ____switch102 == "char"
            if ____cond102 then
                rust[#rust + 1] = perlChar(t.c)
                pcre[#pcre + 1] = perlChar(t.c)
                ere[#ere + 1] = ereChar(t.c)
                vim[#vim + 1] = vimChar(t.c)
                break
            end
            ____cond102 = ____cond102 or ____switch102 == "any"
            if ____cond102 then
                rust[#rust + 1] = "."
                pcre[#pcre + 1] = "."
                ere[#ere + 1] = "."
                vim[#vim + 1] = "."
                break
            end
            ____cond102 = ____cond102 or ____switch102 == "set"
            if ____cond102 then
                do
                    local body = setBody(t.name)
                    local perl = (("[" .. (t.negated and "^" or "")) .. (t.name == "s" and " \\t" or body)) .. "]"
                    rust[#rust + 1] = perl
                    pcre[#pcre + 1] = perl
                    ere[#ere + 1] = (("[" .. (t.negated and "^" or "")) .. body) .. "]"
                    vim[#vim + 1] = (("[" .. (t.negated and "^" or "")) .. (t.name == "s" and " \\t" or body)) .. "]"
                    break
                end
            end
            ____cond102 = ____cond102 or ____switch102 == "class"
            if ____cond102 then
                rust[#rust + 1] = perlClass(t.negated, t.items)
                pcre[#pcre + 1] = perlClass(t.negated, t.items)
                ere[#ere + 1] = ereClass(t.negated, t.items)
                vim[#vim + 1] = vimClass(t.negated, t.items)
                break
            end
            ____cond102 = ____cond102 or ____switch102 == "edge"
            if ____cond102 then
                rust[#rust + 1] = "(?-u:\\b)"
                pcre[#pcre + 1] = "\\b"
                ere[#ere + 1] = "\\b"
                vim[#vim + 1] = VIM_EDGE
                break
            end
            ____cond102 = ____cond102 or ____switch102 == "bol"
            if ____cond102 then
                rust[#rust + 1] = "^"
                pcre[#pcre + 1] = "^"
                ere[#ere + 1] = "^"
                vim[#vim + 1] = "^"
                break
            end
            ____cond102 = ____cond102 or ____switch102 == "eol"
            if ____cond102 then
                rust[#rust + 1] = "$"
                pcre[#pcre + 1] = "$"
                ere[#ere + 1] = "$"
                vim[#vim + 1] = "$"
                break
            end
            ____cond102 = ____cond102 or ____switch102 == "open"
            if ____cond102 then
                rust[#rust + 1] = t.capture and "(" or "(?:"
                pcre[#pcre + 1] = t.capture and "(" or "(?:"
                ere[#ere + 1] = "("
                vim[#vim + 1] = t.capture and "(" or "%("
                break
            end
            ____cond102 = ____cond102 or ____switch102 == "close"
            if ____cond102 then
                rust[#rust + 1] = ")"
                pcre[#pcre + 1] = ")"
                ere[#ere + 1] = ")"
                vim[#vim + 1] = ")"
                break
            end
            ____cond102 = ____cond102 or ____switch102 == "or"
            if ____cond102 then
                rust[#rust + 1] = "|"
                pcre[#pcre + 1] = "|"
                ere[#ere + 1] = "|"
                vim[#vim + 1] = "|"
                break
            end
            ____cond102 = ____cond102 or ____switch102 == "repeat"
            if ____cond102 then
                rust[#rust + 1] = repeatText(t) .. (t.lazy and "?" or "")
                pcre[#pcre + 1] = repeatText(t) .. (t.lazy and "?" or "")
                ere[#ere + 1] = repeatText(t)
                vim[#vim + 1] = vimRepeat(t)
                break
            end
        until true
    end
    return {
        rust = table.concat(rust, ""),
        pcre = table.concat(pcre, ""),
        ere = table.concat(ere, ""),
        vim = table.concat(vim, "")
    }
end
--- Translates the model's pattern for every engine, or says why it is not in the dialect and how to write it.
function ____exports.translate(pattern)
    local ok, result = pcall(function() return write(tokenize(pattern)) end)
    if ok then
        return {ok = true, pattern = result}
    end
    local err = result
    if type(err) == "table" and type(err.refused) == "string" then
        return {ok = false, error = err.refused}
    end
    error(err, 0)
end
return ____exports
