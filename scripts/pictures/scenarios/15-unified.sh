# unified: the same kind of openDiff review in the unified layout (diff.layout = "unified"): one window holding the
# proposal (editable), its added and changed lines highlighted and signed + / ~, the lines it removes shown where
# they were as virtual lines signed -, the winbar naming who proposes, the file, the hunks left and the keys.
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
  print("greet_all: " .. #names .. " names")
  for _, name in ipairs(names) do
    M.greet(name)
  end
end

return M
LUA
cat > "$WORK/greet.new.lua" <<'LUA'
local M = {}

--- Greets someone by name, politely when asked to.
function M.greet(name, polite)
  local hello = polite and "Good day" or "Hello"
  print(hello .. ", " .. name)
end

--- Greets everyone on the list.
function M.greet_all(names)
  for _, name in ipairs(names) do
    M.greet(name)
  end
end

--- Says goodbye.
function M.bye(name)
  print("Goodbye, " .. name)
end

return M
LUA
plan plan.json "{\"banner\": [\"stand-in CLI: proposes an edit of lua/greet.lua\"], \"calls\": [{\"tool\": \"openDiff\",
  \"arguments\": {\"old_file_path\": \"$P/lua/greet.lua\", \"new_file_path\": \"$P/lua/greet.lua\",
  \"new_file_contents@file\": \"$WORK/greet.new.lua\", \"tab_name\": \"✻ [Claude Code] greet.lua ⧉\"}}]}"
SETUP='diff = { layout = "unified" }'
ROWS=30
start_nvim "$P" lua/greet.lua
ex ClaudeCode
wait_for 20 has_review
shoot unified "Claude Code: lua/greet.lua" "3 hunks left" "Goodbye"
