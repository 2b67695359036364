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
# The current tab page is a review; every tab page's review title (false: none).
remote_in_review() { [[ "$(nv "$1" 'exists("t:claude_ide_diff")')" == 1 ]]; }
remote_titles() { nv "$1" 'luaeval("vim.inspect(vim.tbl_map(function(t) return vim.t[t].claude_ide_diff or false end, vim.api.nvim_list_tabpages()))")'; }
# remote_health_trip <nvim> <door>: :checkhealth measured one request's round trip through that door.
remote_health_trip() {
  nv "$1" 'execute("checkhealth claude-ide")' > /dev/null
  [[ "$(nv "$1" 'join(getline(1, "$"), "\n")')" == *"session claude@box: door 127.0.0.1:$2"*"round trip"* ]]
}
