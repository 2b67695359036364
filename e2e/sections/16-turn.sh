# 16. The turn review (issue 34): :ClaudeCode --permission-mode acceptEdits (the CLI shows no proposal in
# Neovim in that mode); one turn edits a.txt with the Edit tool and changes b.txt with `sed -i` (Bash). The
# plugin's hooks (in the --settings file :ClaudeCode passes) snapshot the folder when the prompt is sent and
# open the turn review when the turn ends: it lists both files; reverting b.txt's hunk restores b.txt on disk
# and keeps a.txt; the next request to the model carries the note that b.txt was reverted. Then Gemini CLI
# (auto-accepting, no review before its edits): a turn's write_file and a shell command both appear in the
# turn review.
TURN_PROJECT="$WORK/turn-project"
mkdir -p "$TURN_PROJECT"
printf 'a1\na2\n' > "$TURN_PROJECT/a.txt"
printf 'b1\nb2\n' > "$TURN_PROJECT/b.txt"
git -C "$TURN_PROJECT" init -q
cat > "$WORK/turn-scenario.json" <<EOF
[
  {"tool": "Read", "input": {"file_path": "$TURN_PROJECT/a.txt"}},
  {"tool": "Edit", "input": {"file_path": "$TURN_PROJECT/a.txt", "old_string": "a1", "new_string": "A1"}},
  {"tool": "Bash", "input": {"command": "sed -i 's/b1/B1/' b.txt", "description": "Uppercase b1 in b.txt"}},
  {"text": "TURN-ONE-DONE"},
  {"text": "TURN-TWO-DONE"}
]
EOF
start_ui_nvim turn "$TURN_PROJECT" -c "$WITH_CLAUDE"
nv_ex turn "ClaudeCode --permission-mode acceptEdits --allowedTools Bash"
wait_for 30 pane_has turn "? for shortcuts"
type_into turn "Uppercase the first lines of a.txt and b.txt"
turn_title() {
  nv turn 'luaeval("vim.inspect(vim.tbl_map(function(t) return vim.t[t].claude_ide_diff or false end, vim.api.nvim_list_tabpages()))")'
}
turn_lists_both() { [[ "$(turn_title)" == *"turn 1: 2 files, 1 by shell commands"* ]]; }
check "turn: the CLI ran the Edit and the sed (no proposal in acceptEdits mode)" \
  wait_for 60 file_is "$TURN_PROJECT/b.txt" $'B1\nb2'
check "turn: a.txt was edited by the Edit tool" file_is "$TURN_PROJECT/a.txt" $'A1\na2'
check "turn: the turn review opens at the turn's end, listing both files" wait_for 30 turn_lists_both
# The review's overview, decided by keys typed in the terminal as a user types them (tmux send-keys, never the
# window or the mode set by RPC): the review opened from the agent's terminal in Terminal mode. a.txt's header
# first (the cursor there); ]f to b.txt's header, [f back and ]f again, each leaving Normal mode; <CR> on a.txt's
# hunk opens its own review and q comes back; then ]c onto b.txt's hunk, gH drops it, :w applies the rest.
turn_in_review() { [[ "$(nv turn 'exists("t:claude_ide_diff")')" == 1 ]]; }
turn_line() { nv turn 'getline(".")'; }
turn_on_a() { [[ "$(turn_line)" == "a.txt ("* ]]; }
turn_on_b() { [[ "$(turn_line)" == "b.txt ("* ]]; }
turn_mode_normal() { [[ "$(nv turn 'mode(1)')" == n ]]; }
turn_in_file_review() { [[ "$(nv turn 'bufname()')" == *proposal* ]]; }
turn_in_overview() { [[ "$(nv turn 'bufname()')" != *proposal* ]] && turn_in_review; }
turn_keys() { tmux -S "$TMUX_SOCK" send-keys -t turn "$@"; }
turn_dropped_b() { [[ "$(nv turn 'luaeval("table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, true), \"\\n\")")')" == *"1 of 1 hunk"* ]]; }
check "turn: the review takes the focus from the agent's terminal (no :ClaudeCodeFocus by RPC)" wait_for 10 turn_in_review
check "turn: the review from the terminal is in Normal mode, on a.txt's header" \
  wait_for 10 eval 'turn_on_a && turn_mode_normal'
turn_keys ']f'
check "turn: ]f typed: b.txt's header, Normal mode" wait_for 10 eval 'turn_on_b && turn_mode_normal'
turn_keys '[f'
check "turn: [f typed: a.txt's header again, Normal mode" wait_for 10 eval 'turn_on_a && turn_mode_normal'
turn_keys ']c' Enter
check "turn: <CR> on a.txt's hunk opens its own review, in Normal mode" \
  wait_for 10 eval 'turn_in_file_review && turn_mode_normal'
turn_keys 'q'
check "turn: q in it goes back to the overview, in Normal mode" wait_for 10 eval 'turn_in_overview && turn_mode_normal'
turn_keys ']f'
wait_for 10 turn_on_b || true
turn_keys ']c' 'gH'
check "turn: gH typed on b.txt's hunk drops it (its header counts it)" wait_for 10 turn_dropped_b
turn_keys ':w' Enter
check "turn: reverting b.txt's hunk restores b.txt on disk" wait_for 20 file_is "$TURN_PROJECT/b.txt" $'b1\nb2'
check "turn: a.txt keeps the agent's change" file_is "$TURN_PROJECT/a.txt" $'A1\na2'
check "turn: applied, the agent's terminal has the focus again, in Terminal mode" wait_for 10 ui_in_terminal turn
type_into turn "What next?"
check "turn: the next request carries the note that b.txt was reverted" \
  wait_for 30 api_log_has turn "b.txt (every change reverted)"
end_ui_section turn

# Gemini CLI: a write_file and a shell command in one turn, auto-accepted (terminal.permission_mode =
# "bypassPermissions": :ClaudeCode passes it as --approval-mode yolo).
GEMINI_TURN="$(bash "$ROOT/scripts/gemini-cli.sh")" || GEMINI_TURN=""
# The project installs the CLI itself: one that is missing is a failure, never a silent skip.
check "turn (gemini): the CLI is installed (scripts/gemini-cli.sh)" test -n "$GEMINI_TURN"
if [[ -n "$GEMINI_TURN" ]]; then
  GT_PROJECT="$WORK/turn-project/gemini"
  mkdir -p "$GT_PROJECT" "$HOME/.gemini"
  printf 'one\ntwo\n' > "$GT_PROJECT/shell.txt"
  [[ -f "$HOME/.gemini/settings.json" ]] || printf '%s\n' \
    '{"security": {"auth": {"selectedType": "gemini-api-key"}}, "ide": {"enabled": true, "hasSeenNudge": true},' \
    ' "general": {"disableAutoUpdate": true, "disableUpdateNag": true}, "privacy": {"usageStatisticsEnabled": false},' \
    ' "telemetry": {"enabled": false}}' > "$HOME/.gemini/settings.json"
  printf '%s\n' '[' \
    '  {"when": "run_shell_command", "reply": {"text": "GEMINI-TURN-DONE"}},' \
    '  {"when": "write_file", "reply": {"call": {"name": "run_shell_command", "args": {"command": "sed -i s/two/TWO/ shell.txt", "description": "Uppercase two"}}}},' \
    "  {\"when\": \"write and shell\", \"reply\": {\"call\": {\"name\": \"write_file\", \"args\": {\"file_path\": \"$GT_PROJECT/written.txt\", \"content\": \"written by the model\\n\"}}}}" \
    ']' > "$WORK/gturn-scenario.json"
  GT_PORT=$((PORT_BASE + ports_taken++))
  node "$ROOT/e2e/fake-gemini.mjs" "$GT_PORT" "$WORK/gturn-scenario.json" "$WORK/gturn-api.jsonl" > "$WORK/gturn-api.out" 2>&1 &
  GT_API_PID=$!
  section_failed_before=$failed
  gt_env="GEMINI_API_KEY=dummy GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:$GT_PORT GEMINI_CLI_TRUST_WORKSPACE=true GEMINI_CLI_NO_RELAUNCH=true NO_PROXY=127.0.0.1,localhost"
  printf -v gt_nvim '%q ' "$NVIM" --clean --listen "$(nvim_sock gturn)" --cmd "set rtp^=$ROOT" \
    -c "lua require('claude-ide').setup({ diff = { focus = 'always' }, terminal = { command = '$GEMINI_TURN', permission_mode = 'bypassPermissions' } })"
  tmux -S "$TMUX_SOCK" new-session -d -s gturn -x 200 -y 50 -c "$GT_PROJECT" \
    "env -u CI -u CONTINUOUS_INTEGRATION $gt_env $gt_nvim; sleep 600"
  wait_for 10 test -S "$(nvim_sock gturn)" || echo "the gturn Neovim did not start"
  # Gemini CLI 0.61 reads a system-defaults file only below root-owned folders nobody else can write ($WORK is
  # under /tmp): here the hooks go where a user puts them for a CLI started elsewhere, the settings that
  # :ClaudeCodeHooks prints merged into ~/.gemini/settings.json.
  printf '%s\n' \
    "local path = vim.env.HOME .. '/.gemini/settings.json'" \
    "local s = vim.json.decode(table.concat(vim.fn.readfile(path), '\\n'))" \
    "s.hooks = require('claude-ide.hooks.settings').hooksFor('gemini')" \
    "vim.fn.writefile({ vim.json.encode(s) }, path)" > "$WORK/gturn-hooks.lua"
  nv_ex gturn "luafile $WORK/gturn-hooks.lua"
  gt_hooks_in() { grep -qF "hook.lua" "$HOME/.gemini/settings.json"; }
  check "turn (gemini): the printed hooks are in ~/.gemini/settings.json" gt_hooks_in
  nv_ex gturn "ClaudeCode"
  wait_for 60 pane_has gturn "YOLO" || true
  wait_for 90 pane_has gturn "Type your message" || sleep 5
  type_into gturn "write and shell"
  # An Enter typed while the CLI still settles is sometimes swallowed: once more if the prompt was not sent.
  gt_sent() { grep -qF "write and shell" "$HOME/.gemini/tmp/gemini/logs.json" 2>/dev/null; }
  wait_for 10 gt_sent || tmux -S "$TMUX_SOCK" send-keys -t gturn Enter
  gt_title() {
    nv gturn 'luaeval("vim.inspect(vim.tbl_map(function(t) return vim.t[t].claude_ide_diff or false end, vim.api.nvim_list_tabpages()))")'
  }
  gt_lists_both() { [[ "$(gt_title)" == *"[Gemini CLI] turn 1: 2 files, 1 by shell commands"* ]]; }
  check "turn (gemini): the write and the shell change ran" wait_for 60 file_is "$GT_PROJECT/shell.txt" $'one\nTWO'
  check "turn (gemini): both appear in the turn review" wait_for 30 gt_lists_both
  if ((failed > section_failed_before)); then
    echo "--- gturn Neovim screen ---"; pane gturn
    tail -c 3000 "$WORK/gturn-api.jsonl" 2>/dev/null
  fi
  kill "$GT_API_PID" 2>/dev/null
fi
