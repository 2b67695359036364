# Helpers of the e2e sections whose agent runs elsewhere (e2e/sections/20-far.sh over ssh, 22-podman.sh in
# containers), sourced by them; they use run.sh's own (nv). Each takes the name of that section's Neovim.

# remote_cli_home <dir>: the far CLI's home, as this machine sees it: its first-run screens answered, /workspace
# trusted (the far CLI runs hooks only in a trusted folder).
remote_cli_home() {
  cat > "$1/.claude.json" <<JSON
{"hasCompletedOnboarding": true, "theme": "dark", "autoConnectIde": false,
 "customApiKeyResponses": {"approved": ["sk-ant-e2e-fake"], "rejected": []},
 "projects": {"/workspace": {"hasTrustDialogAccepted": true, "allowedTools": []}}}
JSON
}
# The port and the token of the far session's door (0 and "": none open).
remote_door() { nv "$1" 'luaeval("(require([[claude-ide]]).server():gateways()[1] or {}).port or 0")'; }
remote_token() { nv "$1" 'luaeval("(require([[claude-ide]]).server():gateways()[1] or {}).token or [[]]")'; }
# One far session, its CLI connected through the door.
remote_connected() { [[ "$(nv "$1" 'luaeval("#vim.tbl_filter(function(s) return s.target and s.connected end, require([[claude-ide]]).sessions())")')" == 1 ]]; }
# Every tab page's review title (false: none). (Whether the current one is a review: run.sh's ui_in_review.)
remote_titles() { nv "$1" 'luaeval("vim.inspect(vim.tbl_map(function(t) return vim.t[t].claude_ide_diff or false end, vim.api.nvim_list_tabpages()))")'; }
# remote_health_trip <nvim> <door>: :checkhealth measured one request's round trip through that door.
remote_health_trip() {
  nv "$1" 'execute("checkhealth claude-ide")' > /dev/null
  [[ "$(nv "$1" 'join(getline(1, "$"), "\n")')" == *"session claude@box: door 127.0.0.1:$2"*"round trip"* ]]
}
# leave_health <nvim>: back from :checkhealth's tab page to the agent's terminal as a user goes, typed: `:tabclose`
# (which leaves the terminal's window in Normal mode), then `:ClaudeCodeFocus` (Terminal mode, ready for a prompt).
leave_health() {
  ui_keys "$1" ':tabclose' Enter
  ui_keys "$1" ':ClaudeCodeFocus' Enter
  wait_for 10 ui_in_terminal "$1" || echo "leave_health $1: the agent's terminal is not in Terminal mode" >&2
}
