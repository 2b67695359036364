# health: :checkhealth claude-ide with a session connected (the stand-in CLI in a :ClaudeCode terminal).
P="$HOME/project"
mkdir -p "$P"
# As on a machine where claude ran in this folder once and its trust dialog was answered.
printf '{"projects": {"%s": {"hasTrustDialogAccepted": true}}}\n' "$P" > "$HOME/.claude.json"
plan plan.json '{"banner": ["stand-in CLI: connected, no calls"]}'
ROWS=40
start_nvim "$P"
ex ClaudeCode
wait_for 20 connected 1
keys C-\\ C-n
ex "wincmd p"
keys ":checkhealth claude-ide" Enter
shoot health "claude-ide" "OK server listening" "live self-test"
