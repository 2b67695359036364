# 22. Notes for the agent (issue 52 items 1-2) with the real Claude Code CLI (:ClaudeCode --permission-mode
# default, Bash allowed), every key typed in the Neovim's terminal as a user types it:
#   - turn 1 changes a.lua and b.lua by a shell command; in its overview `gn` writes a note on a line of each, and
#     `:w` applies the review: the next prompt's request carries both notes (path, line, the quoted code, the note),
#     each exactly once;
#   - turn 2 changes the noted line of a.lua: its review shows that note as answered beside the hunk, and the
#     note on b.lua as not answered;
#   - turn 3 proposes an edit of c.lua: `gn` writes a note on the proposal and `gQ` requests changes (the proposal
#     is rejected, the note its reason); the next prompt carries it, and the model's revised proposal is reviewed
#     and accepted with :w.
# The same through a remote target, with far paths: e2e/sections/20-far.sh (farturn: a note in a far session's turn
# review reaches the model as /workspace/c.txt).
NP="$WORK/notes-project"
mkdir -p "$NP"
printf 'local a = 1\nlocal b = 2\nreturn a + b\n' > "$NP/a.lua"
printf 'local x = f()\nreturn x\n' > "$NP/b.lua"
printf 'local c = 3\nreturn c\n' > "$NP/c.lua"
git -C "$NP" init -q
cat > "$WORK/notes-scenario.json" <<EOF
[
  {"tool": "Bash", "input": {"command": "sed -i 's/a = 1$/a = 10/' a.lua && sed -i 's/f()/g()/' b.lua", "description": "Change a and b"}},
  {"text": "NOTES-ONE-DONE"},
  {"tool": "Bash", "input": {"command": "sed -i 's/^local a = 10/local A = 10/' a.lua", "description": "Answer the note on a"}},
  {"text": "NOTES-TWO-DONE"},
  {"tool": "Edit", "input": {"file_path": "$NP/c.lua", "old_string": "local c = 3", "new_string": "local c = 30"}},
  {"tool": "Edit", "input": {"file_path": "$NP/c.lua", "old_string": "local c = 3", "new_string": "local c = 300"}},
  {"text": "NOTES-FOUR-DONE"}
]
EOF
start_ui_nvim notes "$NP" -c "$WITH_CLAUDE"
nt() { nv notes "$1"; }
nt_keys() { tmux -S "$TMUX_SOCK" send-keys -t notes "$@"; }
nt_in_review() { [[ "$(nt 'exists("t:claude_ide_diff")')" == 1 ]]; }
nt_normal() { [[ "$(nt 'mode(1)')" == n ]]; }
nt_title() { nt 'get(t:, "claude_ide_diff", "")'; }
nt_line() { nt 'getline(".")'; }
# What the notes say now: each one's list entry (:ClaudeCodeNotes), as "[answered] text" and the like.
nt_notes() { notes_list notes; }
nt_note() { note_by_keys notes "$1"; }
# The first request to the model whose conversation holds <prompt> carries <text> in it exactly once.
nt_once() { api_once "$WORK/notes-api.jsonl" "$1" "$2"; }
nv_ex notes "ClaudeCode --allowedTools Bash"
wait_for 30 pane_has notes "? for shortcuts"
wait_for 30 clis_announced notes 1
type_into notes "Change a and b"
check "notes: turn 1's overview opens (a.lua and b.lua changed by a shell command)" \
  wait_for 40 eval 'nt_in_review && nt_normal && [[ "$(nt_title)" == *"turn 1: 2 files"* ]]'
# gn on a line of each file's hunk: the overview's row is the file's line.
nt_keys -l '/^+local a = 10'
nt_keys Enter
check "notes: / to a.lua's changed line" wait_for 10 eval '[[ "$(nt_line)" == "+local a = 10" ]]'
nt_note 'NOTE-A use a constant'
nt_keys -l '/^+local x = g()'
nt_keys Enter
check "notes: / to b.lua's changed line" wait_for 10 eval '[[ "$(nt_line)" == "+local x = g()" ]]'
nt_note 'NOTE-B handle nil'
check "notes: gn wrote both notes, shown in the overview" \
  wait_for 10 eval '[[ "$(nt_notes)" == *"NOTE-A use a constant"* && "$(nt_notes)" == *"NOTE-B handle nil"* ]]'
nt_keys ':w' Enter
check "notes: :w applied the review (nothing reverted)" wait_for 10 eval '! nt_in_review'
check "notes: the CLI's terminal has the focus again, in Terminal mode" wait_for 10 ui_in_terminal notes
check "notes: the files keep the turn's changes" file_is "$NP/b.lua" $'local x = g()\nreturn x'
type_into notes "Answer my notes"
check "notes: the next request carries the note on a.lua (path, line, quoted code, note), once" \
  wait_for 30 nt_once "Answer my notes" "$(note_for_model "$NP/a.lua line 1" 'local a = 10' 'NOTE-A use a constant')"
check "notes: and the note on b.lua, once" \
  nt_once "Answer my notes" "$(note_for_model "$NP/b.lua line 1" 'local x = g()' 'NOTE-B handle nil')"
# Turn 2 changed a.lua's noted line: its review (one file) shows the note answered above that hunk.
check "notes: turn 2's review opens (a.lua)" \
  wait_for 40 eval 'nt_in_review && nt_normal && [[ "$(nt_title)" == *"turn 2"* ]]'
nt_answered() {
  nt 'luaeval("vim.inspect(vim.api.nvim_buf_get_extmarks(0, vim.api.nvim_create_namespace([[claude-ide.answered]]), 0, -1, { details = true }))")'
}
check "notes: turn 2's review shows NOTE-A answered beside its hunk" \
  wait_for 10 eval '[[ "$(nt_answered)" == *"(answered) "* && "$(nt_answered)" == *"NOTE-A use a constant"* ]]'
check "notes: :ClaudeCodeNotes says NOTE-A answered, NOTE-B not answered" \
  eval '[[ "$(nt_notes)" == *"[answered] NOTE-A use a constant"* && "$(nt_notes)" == *"[not answered] NOTE-B handle nil"* ]]'
nt_keys 'q'
check "notes: q closes turn 2's review (kept)" wait_for 10 eval '! nt_in_review'
check "notes: the CLI's terminal has the focus again after q" wait_for 10 ui_in_terminal notes
# Request changes on a proposal: gn on its line, gQ.
type_into notes "Set c"
check "notes: c.lua's Edit opens its proposal" \
  wait_for 40 eval 'nt_in_review && nt_normal && [[ "$(nt_title)" == *c.lua* ]]'
nt_keys '1G'
nt_note 'NOTE-C make it 300'
nt_keys 'gQ'
nt_c_untouched() { ! nt_in_review && file_is "$NP/c.lua" $'local c = 3\nreturn c'; }
check "notes: gQ rejects the proposal (c.lua untouched, the review closed)" wait_for 10 nt_c_untouched
check "notes: the CLI's terminal has the focus again after gQ" wait_for 10 ui_in_terminal notes
type_into notes "Revise c"
check "notes: the next request carries the note as the reason the proposal was rejected" \
  wait_for 30 nt_once "Revise c" "$(note_for_model "$NP/c.lua line 1 (of your proposed change, not yet in the file)" 'local c = 30' 'NOTE-C make it 300')"
check "notes: the model's revised proposal opens" \
  wait_for 40 eval 'nt_in_review && nt_normal && [[ "$(nt "getline(1)")" == "local c = 300" ]]'
nt_keys ':w' Enter
check "notes: the revised proposal accepted with :w, the CLI writes it" wait_for 20 file_is "$NP/c.lua" $'local c = 300\nreturn c'
end_ui_section notes

# The same notes with Gemini CLI (its hooks as :ClaudeCodeHooks prints them, in ~/.gemini/settings.json, as the
# turn section does; commands auto-accepted): a shell command of turn 1 changes a.lua and b.lua, `gn` notes a line
# of each in the overview, `:w` applies, and the next prompt's request carries both (BeforeAgent), once, the quoted
# code as written. Gemini CLI writes a hook's context into the request with < and > HTML-escaped (0.61.0's
# DefaultHookOutput.getAdditionalContext, packages/core/src/hooks/types.ts): the notes quote in fenced blocks, not
# behind "> ", so the quote reaches the model readable (a quoted line's own < or > is still escaped there).
GEMINI_NOTES="$(bash "$ROOT/scripts/gemini-cli.sh")" || GEMINI_NOTES=""
check "notes (gemini): the CLI is installed (scripts/gemini-cli.sh)" test -n "$GEMINI_NOTES"
if [[ -n "$GEMINI_NOTES" ]]; then
  GN="$WORK/notes-project/gemini"
  mkdir -p "$GN" "$HOME/.gemini"
  printf 'local a = 1\nreturn a\n' > "$GN/a.lua"
  printf 'local x = f()\nreturn x\n' > "$GN/b.lua"
  [[ -f "$HOME/.gemini/settings.json" ]] || printf '%s\n' \
    '{"security": {"auth": {"selectedType": "gemini-api-key"}}, "ide": {"enabled": true, "hasSeenNudge": true},' \
    ' "general": {"disableAutoUpdate": true, "disableUpdateNag": true}, "privacy": {"usageStatisticsEnabled": false},' \
    ' "telemetry": {"enabled": false}}' > "$HOME/.gemini/settings.json"
  printf '%s\n' '[' \
    '  {"when": "run_shell_command", "reply": {"text": "GNOTES-ONE-DONE"}},' \
    '  {"when": "gnotes change", "reply": {"call": {"name": "run_shell_command", "args": {"command": "sed -i s/1/10/ a.lua && sed -i s/f/g/ b.lua", "description": "Change a and b"}}}},' \
    '  {"when": "gnotes answer", "reply": {"text": "GNOTES-TWO-DONE"}}' \
    ']' > "$WORK/gnotes-scenario.json"
  GN_PORT=$((PORT_BASE + ports_taken++))
  node "$ROOT/e2e/fake-gemini.mjs" "$GN_PORT" "$WORK/gnotes-scenario.json" "$WORK/gnotes-api.jsonl" > "$WORK/gnotes-api.out" 2>&1 &
  GN_API_PID=$!
  section_failed_before=$failed
  gn_env="GEMINI_API_KEY=dummy GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:$GN_PORT GEMINI_CLI_TRUST_WORKSPACE=true GEMINI_CLI_NO_RELAUNCH=true NO_PROXY=127.0.0.1,localhost"
  printf -v gn_nvim '%q ' "$NVIM" --clean --listen "$(nvim_sock gnotes)" --cmd "set rtp^=$ROOT" \
    -c "lua require('claude-ide').setup({ diff = { focus = 'always' }, terminal = { command = '$GEMINI_NOTES', permission_mode = 'bypassPermissions' } })"
  tmux -S "$TMUX_SOCK" new-session -d -s gnotes -x 200 -y 50 -c "$GN" \
    "env -u CI -u CONTINUOUS_INTEGRATION $gn_env $gn_nvim; sleep 600"
  wait_for 10 test -S "$(nvim_sock gnotes)" || echo "the gnotes Neovim did not start"
  printf '%s\n' \
    "local path = vim.env.HOME .. '/.gemini/settings.json'" \
    "local s = vim.json.decode(table.concat(vim.fn.readfile(path), '\\n'))" \
    "s.hooks = require('claude-ide.hooks.settings').hooksFor('gemini')" \
    "vim.fn.writefile({ vim.json.encode(s) }, path)" > "$WORK/gnotes-hooks.lua"
  nv_ex gnotes "luafile $WORK/gnotes-hooks.lua"
  gn() { nv gnotes "$1"; }
  gn_keys() { tmux -S "$TMUX_SOCK" send-keys -t gnotes "$@"; }
  gn_title() {
    gn 'luaeval("vim.inspect(vim.tbl_map(function(t) return vim.t[t].claude_ide_diff or false end, vim.api.nvim_list_tabpages()))")'
  }
  gn_in_review() { [[ "$(gn 'exists("t:claude_ide_diff")')" == 1 ]]; }
  gn_line() { gn 'getline(".")'; }
  gn_notes() { notes_list gnotes; }
  gn_note() { note_by_keys gnotes "$1"; }
  # The first request whose turns hold <prompt> carries <text> exactly once.
  gn_once() { api_once "$WORK/gnotes-api.jsonl" "$1" "$2"; }
  # What the hook context of that request says (Gemini CLI wraps it in <hook_context>; it escapes < and > in it).
  gn_context() {
    local t
    t="$(api_request "$WORK/gnotes-api.jsonl" "$1")" || return 1
    [[ "$t" == *"<hook_context>"*"</hook_context>"* ]] || return 1
    t="${t#*<hook_context>}"
    printf '%s' "${t%%</hook_context>*}"
  }
  # The quoted code reached the model as written: no HTML entity in the context, the quoted lines as they are.
  gn_readable() {
    local c
    c="$(gn_context "gnotes answer")" || return 1
    [[ "$c" == *'```'$'\n''local a = 10'$'\n''```'* && "$c" == *'```'$'\n''local x = g()'$'\n''```'* ]] &&
      [[ "$c" != *"&gt;"* && "$c" != *"&lt;"* && "$c" != *"&amp;"* ]]
  }
  nv_ex gnotes "ClaudeCode"
  wait_for 60 pane_has gnotes "YOLO" || true
  wait_for 90 pane_has gnotes "Type your message" || sleep 5
  type_into gnotes "gnotes change"
  gn_sent() { grep -qF "gnotes change" "$WORK/gnotes-api.jsonl" 2>/dev/null; }
  wait_for 10 gn_sent || tmux -S "$TMUX_SOCK" send-keys -t gnotes Enter
  gn_overview() { [[ "$(gn_title)" == *"[Gemini CLI] turn 1: 2 files"* ]] && [[ "$(gn 'mode(1)')" == n ]]; }
  check "notes (gemini): turn 1's overview opens (a.lua and b.lua)" wait_for 60 gn_overview
  gn_keys -l '/^+local a = 10'
  gn_keys Enter
  check "notes (gemini): / to a.lua's changed line" wait_for 10 eval '[[ "$(gn_line)" == "+local a = 10" ]]'
  gn_note 'GNOTE-A why ten'
  gn_keys -l '/^+local x = g()'
  gn_keys Enter
  check "notes (gemini): / to b.lua's changed line" wait_for 10 eval '[[ "$(gn_line)" == "+local x = g()" ]]'
  gn_note 'GNOTE-B handle nil'
  check "notes (gemini): gn wrote both notes" \
    wait_for 10 eval '[[ "$(gn_notes)" == *"GNOTE-A why ten"* && "$(gn_notes)" == *"GNOTE-B handle nil"* ]]'
  gn_keys ':w' Enter
  check "notes (gemini): :w applied the review" wait_for 10 eval '! gn_in_review'
  type_into gnotes "gnotes answer"
  wait_for 10 eval 'grep -qF "gnotes answer" "$WORK/gnotes-api.jsonl"' || tmux -S "$TMUX_SOCK" send-keys -t gnotes Enter
  check "notes (gemini): the next request carries the note on a.lua (path, line, quoted code, note), once" \
    wait_for 60 gn_once "gnotes answer" "$(note_for_model "$GN/a.lua line 1" 'local a = 10' 'GNOTE-A why ten')"
  check "notes (gemini): and the note on b.lua, once" \
    gn_once "gnotes answer" "$(note_for_model "$GN/b.lua line 1" 'local x = g()' 'GNOTE-B handle nil')"
  check "notes (gemini): the model reads the quoted code as written (no &gt;, &lt; or &amp; in the hook context)" \
    gn_readable
  if ((failed > section_failed_before)); then
    echo "--- gnotes Neovim screen ---"; pane gnotes
    tail -c 3000 "$WORK/gnotes-api.jsonl" 2>/dev/null
  fi
  kill "$GN_API_PID" 2>/dev/null
fi
