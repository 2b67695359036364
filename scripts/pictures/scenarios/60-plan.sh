# plan: a plan reviewed in Neovim before Claude Code leaves plan mode. The stand-in CLI's hook sends what Claude
# Code's PreToolUse hook on ExitPlanMode sends (the plan in tool_input, its file in planFilePath); the plan opens in
# an editable buffer and the hook waits, parked, for the user to approve (with their edits) or refuse with a reason.
P="$HOME/project"
mkdir -p "$P/lua" "$HOME/.claude/plans"
printf '%s\n' 'local M = {}' '' 'function M.greet(name)' '  print("Hello, " .. name)' 'end' '' 'return M' > "$P/lua/greet.lua"
cat > "$HOME/.claude/plans/polite-greeting.md" <<'MD'
# Plan: polite greetings

1. `lua/greet.lua`: `M.greet(name, opts)` takes `opts.polite`; it says "Good day" instead of "Hello".
2. `lua/greet.lua`: `M.greet_all(names, opts)` passes `opts` on to every greeting.
3. `spec/greet_spec.lua`: one case per greeting, polite and plain.
4. `README.md`: the new option, with an example.

Nothing else changes: the default greeting stays "Hello".
MD
plan plan.json "{\"banner\": [\"stand-in CLI: in plan mode, leaves it with the plan below (ExitPlanMode)\"], \"calls\": [
  {\"role\": \"hook\", \"method\": \"hooks/event\", \"params\": {\"client\": \"claude\", \"event\": \"PreToolUse\",
    \"input\": {\"session_id\": \"pictures\", \"cwd\": \"$P\", \"hook_event_name\": \"PreToolUse\", \"tool_name\": \"ExitPlanMode\",
      \"tool_input\": {\"plan@file\": \"$HOME/.claude/plans/polite-greeting.md\",
        \"planFilePath\": \"$HOME/.claude/plans/polite-greeting.md\"}}}}]}"
ROWS=20
start_nvim "$P" lua/greet.lua
ex ClaudeCode
shoot plan "Plan: polite greetings" "Nothing else changes"
