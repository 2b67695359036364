# sessions: the :ClaudeCodeSessions picker with two sessions, the first waiting on a review it proposed, the
# second started with :ClaudeCodeNew in another worktree.
P="$HOME/project"
B="$HOME/project-fix-login"
mkdir -p "$P/lua" "$B"
printf '%s\n' 'local M = {}' '' 'function M.setup(opts)' '  M.opts = opts or {}' 'end' '' 'return M' > "$P/lua/init.lua"
printf '%s\n' 'local M = {}' '' 'function M.setup(opts)' '  M.opts = vim.tbl_extend("force", { enabled = true }, opts or {})' 'end' '' 'return M' > "$WORK/init.new.lua"
plan plan.json "{\"banner\": [\"stand-in CLI: proposes an edit of lua/init.lua\"], \"calls\": [{\"tool\": \"openDiff\",
  \"arguments\": {\"old_file_path\": \"$P/lua/init.lua\", \"new_file_path\": \"$P/lua/init.lua\",
  \"new_file_contents@file\": \"$WORK/init.new.lua\", \"tab_name\": \"✻ [Claude Code] init.lua ⧉\"}}]}"
plan quiet.json '{"banner": ["stand-in CLI: connected, no calls"]}'
ROWS=20
start_nvim "$P" lua/init.lua
ex ClaudeCode
wait_for 20 has_review
ex tabfirst
ex "cd $B"
ex "ClaudeCodeNew --plan $WORK/quiet.json"
wait_for 20 connected 2
ex "cd $P"
ex "wincmd t"
keys Escape
keys ":ClaudeCodeSessions" Enter
shoot sessions "Claude sessions" "pending review" "project-fix-login"
