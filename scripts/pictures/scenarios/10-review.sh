# review: an openDiff review with hunks, as Claude Code opens it when it proposes an edit. :ClaudeCode starts the
# stand-in CLI in its terminal; it proposes a new text of lua/greet.lua; the review opens in a tab of its own.
P="$HOME/project"
mkdir -p "$P/lua"
cat > "$P/lua/greet.lua" <<'LUA'
local M = {}

--- Greets someone by name.
function M.greet(name)
  print("Hello, " .. name)
end

--- Greets everyone on the list.
function M.greet_all(names)
  for i = 1, #names do
    M.greet(names[i])
  end
end

return M
LUA
cat > "$WORK/greet.new.lua" <<'LUA'
local M = {}

--- Greets someone by name, politely when asked to.
---@param name string
---@param opts? { polite: boolean }
function M.greet(name, opts)
  local hello = (opts and opts.polite) and "Good day" or "Hello"
  print(hello .. ", " .. name)
end

--- Greets everyone on the list.
function M.greet_all(names, opts)
  for _, name in ipairs(names) do
    M.greet(name, opts)
  end
end

return M
LUA
plan plan.json "{\"banner\": [\"stand-in CLI: proposes an edit of lua/greet.lua\"], \"calls\": [{\"tool\": \"openDiff\",
  \"arguments\": {\"old_file_path\": \"$P/lua/greet.lua\", \"new_file_path\": \"$P/lua/greet.lua\",
  \"new_file_contents@file\": \"$WORK/greet.new.lua\", \"tab_name\": \"✻ [Claude Code] greet.lua ⧉\"}}]}"
ROWS=26
# side by side, as the picture shows it (the default "auto" is one window below 200 columns)
SETUP='diff = { layout = "vertical" }'
start_nvim "$P" lua/greet.lua
ex ClaudeCode
wait_for 20 has_review
shoot review "Current: lua/greet.lua" "Claude Code's proposal" "polite"
