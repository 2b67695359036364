# 11. Two Claude sessions that do not cancel each other, and diagnostics of a file whose name has a space.
# A Neovim with a UI runs :ClaudeCode (session A) and :ClaudeCodeNew (session B), both real CLIs. A's Edit opens
# a review in Neovim; a prompt typed in B meanwhile (the CLI sends closeAllDiffTabs at the start of every turn)
# must leave A's review open; A's review is then accepted in Neovim and A's CLI writes the file (before the fix,
# B's turn rejected it and A's turn was aborted as "User denied via IDE"). Then B edits `my file é.txt`, open in
# Neovim, adding a line that a small diagnostic source in the test config flags: the CLI's baseline
# (getDiagnostics {uri: file:// + raw path}) and its later getDiagnostics {} must match that path, so the new
# error reaches the model's API as a new diagnostic. Last, A's agent edit (mcp__nvim__edit, through the bridge
# A's claude started) stays open through another prompt in B too, and is accepted.
SESS_PROJECT="$WORK/sessions-project"
mkdir -p "$SESS_PROJECT"
printf 'first\n' > "$SESS_PROJECT/a.txt"
printf 'third\n' > "$SESS_PROJECT/c.txt"
printf 'all fine\n' > "$SESS_PROJECT/my file é.txt"
# The diagnostic source: every line with ERROR gets an error, recomputed whenever a .txt buffer changes or is
# reloaded (the plugin reloads the buffer after the CLI wrote the file).
cat > "$WORK/sessions-init.lua" <<LUA
local ns = vim.api.nvim_create_namespace('e2e-lint')
local function scan(buf)
  if not vim.api.nvim_buf_is_loaded(buf) then return end
  local found = {}
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find('ERROR', 1, true)
    if col then
      table.insert(found, { lnum = i - 1, col = col - 1, end_col = col + 4, severity = vim.diagnostic.severity.ERROR,
        message = 'e2e-lint: ERROR is not allowed in prose', source = 'e2e-lint' })
    end
  end
  vim.diagnostic.set(ns, buf, found)
end
vim.api.nvim_create_autocmd('BufReadPost', { pattern = '*.txt', callback = function(ev)
  scan(ev.buf)
  vim.api.nvim_buf_attach(ev.buf, false, {
    on_lines = function(_, b) vim.schedule(function() scan(b) end) end,
    on_reload = function(_, b) vim.schedule(function() scan(b) end) end,
  })
end })
require('claude-ide').setup({ diff = { focus = 'always' }, terminal = { command = '$CLAUDE --permission-mode default' } })
LUA
# One scripted model for both CLIs, in the order the requests come: A's Edit, B's answer, A's turn after the
# accept, then B's Edit of the spaced file, its answer, and the answer to the prompt after it; then A's agent
# edit (the mcp__nvim__ tools of the bridge its claude started), B's answer, A's turn after the accept.
cat > "$WORK/sessions-scenario.json" <<EOF
[
  {"tool": "Edit", "input": {"file_path": "$SESS_PROJECT/a.txt", "old_string": "first", "new_string": "FIRST"}},
  {"text": "B answered while A waits."},
  {"text": "A is done."},
  {"tool": "Edit", "input": {"file_path": "$SESS_PROJECT/my file é.txt", "old_string": "all fine", "new_string": "all fine\nERROR here"}},
  {"text": "Spaced edit done."},
  {"text": "Diagnostics seen."},
  {"tool": "ToolSearch", "input": {"query": "select:mcp__nvim__edit", "max_results": 5}},
  {"tool": "mcp__nvim__edit", "input": {"path": "c.txt", "edits": [{"old_text": "third", "new_text": "THIRD"}]}},
  {"text": "B answered again."},
  {"text": "Agent edit kept."}
]
EOF
sessions_is() { # sessions_is <id>: shows and focuses session <id>'s terminal, from the first tab page
  nv_ex sessions "tabfirst"
  nv_ex sessions "lua require(\"claude-ide\").switch_session($1)"
  nv_ex sessions "startinsert"
  sleep 0.5
}
start_ui_nvim sessions "$SESS_PROJECT" -c "luafile $WORK/sessions-init.lua"
nv_ex sessions ClaudeCode
check "two sessions: session A's CLI connects" wait_for 30 clis_announced sessions 1
wait_for 30 pane_has sessions "? for shortcuts"
type_into sessions "Change first to FIRST in a.txt"
check "two sessions: A's edit opens a review" wait_for 30 has_diff_tab sessions
check "two sessions: the review names session A ([claude])" winbar_has sessions "[claude]"
nv_ex sessions "tabfirst"
nv_ex sessions ClaudeCodeNew
check "two sessions: session B's CLI connects too" wait_for 30 clis_announced sessions 2
# Each CLI answered roots/list (asked after ide_connected): its folder shows in the session list.
roots_known() { [[ "$(nv sessions "luaeval('#vim.tbl_filter(function(s) return s.roots[1] == _A end, require(\"claude-ide\").sessions())', '$SESS_PROJECT')")" == 2 ]]; }
check "two sessions: both CLIs answered roots/list with their folder" wait_for 20 roots_known
sleep 3 # the new claude draws its prompt a moment after it connects
sessions_is 2
type_into sessions "Hello from session B"
check "two sessions: B's turn is answered" wait_for 30 pane_has sessions "B answered while A waits."
check "two sessions: A's review is still open after B's turn (B's closeAllDiffTabs left it)" has_diff_tab sessions
check "two sessions: a.txt untouched while A's review is open" file_is "$SESS_PROJECT/a.txt" first
nv_ex sessions ClaudeCodeDiffAccept
check "two sessions: A's accepted edit is written by A's CLI" wait_for 20 file_is "$SESS_PROJECT/a.txt" FIRST
check "two sessions: A's model got the successful edit" wait_for 20 api_log_has sessions "a.txt has been updated"
no_denial() { ! api_log_has sessions "The user doesn't want to proceed"; }
check "two sessions: no turn was aborted by a denial from the IDE" no_denial

# The spaced file open in Neovim (not shown: the terminal keeps the focus), with no diagnostics yet.
nv_ex sessions "lua vim.fn.bufload(vim.fn.bufadd(\"$SESS_PROJECT/my file é.txt\"))"
spaced_errors() { [[ "$(nv sessions "luaeval('#vim.diagnostic.get(vim.fn.bufnr(\"$SESS_PROJECT/my file é.txt\"))')")" == "$1" ]]; }
check "diagnostics: the spaced file is loaded without errors" spaced_errors 0
wait_for 20 no_diff_tab sessions
sessions_is 2
type_into sessions "Add a line to my file é.txt"
check "diagnostics: B's edit of the spaced file opens a review" wait_for 30 has_diff_tab sessions
nv_ex sessions ClaudeCodeDiffAccept
check "diagnostics: the CLI writes the spaced file" wait_for 20 grep -q "ERROR here" "$SESS_PROJECT/my file é.txt"
check "diagnostics: Neovim's buffer follows and gets the new error" wait_for 20 spaced_errors 1
wait_for 30 pane_has sessions "Spaced edit done."
sessions_is 2
type_into sessions "Anything new?"
check "diagnostics: the new error reaches the model's API" \
  wait_for 30 api_log_has sessions "e2e-lint: ERROR is not allowed in prose"

# A's agent edit (through the bridge A's claude started) stays open through a prompt typed in B as well: the
# bridge belongs to A's session (its parent process is the pid A's CLI announced).
wait_for 30 pane_has sessions "Diagnostics seen."
sessions_is 1
type_into sessions "Use the editor to change third to THIRD in c.txt"
check "agent review: A's agent edit opens a review" wait_for 60 has_diff_tab sessions
sessions_is 2
type_into sessions "Hello again from B"
check "agent review: B's turn is answered" wait_for 30 pane_has sessions "B answered again."
check "agent review: A's agent review is still open after B's turn" has_diff_tab sessions
nv_ex sessions ClaudeCodeDiffAccept
check "agent review: accepted, c.txt written" wait_for 20 file_is "$SESS_PROJECT/c.txt" THIRD
check "agent review: A's model is told the edit was applied" wait_for 20 api_log_has sessions "OK: applied 1 edit to c.txt"
end_ui_section sessions
