# turn: the review of everything one turn changed, opened by the Stop hook. The stand-in CLI plays a turn in
# auto-accept mode as Claude Code runs its hooks: UserPromptSubmit (the editor snapshots the folder; each tool's
# PreToolUse waits for that snapshot, as the plugin's gate has the real CLI wait: without it, a loaded machine let
# the first edit land before the snapshot read the file, and the picture lost lua/greet.lua), Edits of
# lua/greet.lua and CHANGELOG.md and a Write of lua/polite.lua (a new file) written straight to disk (PostToolUse
# names them), a Bash `sed -i` on lua/version.lua that no tool names, then Stop: the turn review opens on its
# overview, every file's hunks in one buffer under a header saying who changed the file.
P="$HOME/project"
mkdir -p "$P/lua"
printf '%s\n' 'local M = {}' '' '--- Greets someone by name.' 'function M.greet(name)' '  print("Hello, " .. name)' 'end' '' 'return M' > "$P/lua/greet.lua"
printf '%s\n' 'return "0.1.0"' > "$P/lua/version.lua"
printf '%s\n' '# Changelog' '' '## 0.1.0' '' '- `greet(name)` says hello.' > "$P/CHANGELOG.md"
printf '%s\n' '# Changelog' '' '## 0.2.0' '' '- `greet(name, polite)` says "Good day" when asked to.' '' '## 0.1.0' '' \
  '- `greet(name)` says hello.' > "$WORK/CHANGELOG.md"
printf '%s\n' 'local M = {}' '' '--- Greets someone by name, politely when asked to.' 'function M.greet(name, polite)' \
  '  local hello = polite and require("polite").hello or "Hello"' '  print(hello .. ", " .. name)' 'end' '' 'return M' > "$WORK/greet.new.lua"
printf '%s\n' 'return { hello = "Good day" }' > "$WORK/polite.lua"
git -C "$P" init -q && git -C "$P" add -A && git -C "$P" -c user.name=pictures -c user.email=p@example.invalid commit -qm init
hook() { # hook <event> [extra input JSON members]: the hook request the CLI's hook process sends, awaited
  printf '{"role": "hook", "await": true, "method": "hooks/event", "params": {"client": "claude", "event": "%s",
    "input": {"session_id": "pictures", "cwd": "%s", "hook_event_name": "%s"%s}}}' "$1" "$P" "$1" "${2:+, $2}"
}
plan plan.json "{\"banner\": [\"stand-in CLI: one turn in auto-accept mode: edits lua/greet.lua, writes lua/polite.lua,\",
  \"runs sed -i on lua/version.lua, edits CHANGELOG.md\"], \"calls\": [
  $(hook UserPromptSubmit '"prompt": "greet politely"'),
  $(hook PreToolUse "\"tool_name\": \"Edit\", \"tool_input\": {\"file_path\": \"$P/lua/greet.lua\"}"),
  {\"role\": \"shell\", \"command\": \"cp $WORK/greet.new.lua $P/lua/greet.lua\"},
  $(hook PostToolUse "\"tool_name\": \"Edit\", \"tool_input\": {\"file_path\": \"$P/lua/greet.lua\"}"),
  $(hook PreToolUse "\"tool_name\": \"Write\", \"tool_input\": {\"file_path\": \"$P/lua/polite.lua\"}"),
  {\"role\": \"shell\", \"command\": \"cp $WORK/polite.lua $P/lua/polite.lua\"},
  $(hook PostToolUse "\"tool_name\": \"Write\", \"tool_input\": {\"file_path\": \"$P/lua/polite.lua\"}"),
  $(hook PreToolUse "\"tool_name\": \"Bash\", \"tool_input\": {\"command\": \"sed -i s/0.1.0/0.2.0/ lua/version.lua\"}"),
  {\"role\": \"shell\", \"command\": \"sed -i s/0.1.0/0.2.0/ $P/lua/version.lua\"},
  $(hook PostToolUse "\"tool_name\": \"Bash\", \"tool_input\": {\"command\": \"sed -i s/0.1.0/0.2.0/ lua/version.lua\"}"),
  $(hook PreToolUse "\"tool_name\": \"Edit\", \"tool_input\": {\"file_path\": \"$P/CHANGELOG.md\"}"),
  {\"role\": \"shell\", \"command\": \"cp $WORK/CHANGELOG.md $P/CHANGELOG.md\"},
  $(hook PostToolUse "\"tool_name\": \"Edit\", \"tool_input\": {\"file_path\": \"$P/CHANGELOG.md\"}"),
  $(hook Stop)]}"
ROWS=37
start_nvim "$P" lua/greet.lua
ex ClaudeCode
wait_for 30 has_review
shoot turn "[Claude Code] turn 1: 4 files, 1 by shell commands" "lua/version.lua (changed by a shell command)" \
  "lua/polite.lua (created by the agent's edits)" "+return \"0.2.0\""
