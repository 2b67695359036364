# 21. Every end of turn reviewed (issue 49, item 4) with the real Claude Code CLI in manual mode (:ClaudeCode
# --permission-mode default, Bash allowed): one turn edits a.lua (the proposal accepted in Neovim with :w), runs
# `sed -i` on version.lua and notes.md (allowed in the CLI: no proposal), then proposes an edit of c.lua that is
# rejected with Q and a reason. A rejection interrupts the turn (the CLI fires no Stop hook then): the turn's
# overview opens all the same and names the shell-changed files. It is decided by keys typed in the terminal as a
# user types them: ]f to the next file, <CR> opens that file's review, back, gH reverts a hunk, Q leaves a note
# for the model, :w applies. The next prompt's request to the model carries the note, once.
TE_PROJECT="$WORK/turnend-project"
mkdir -p "$TE_PROJECT"
printf 'local a = 1\nreturn a\n' > "$TE_PROJECT/a.lua"
printf 'return "1.0.0"\n' > "$TE_PROJECT/version.lua"
printf '# notes\nversion 1.0.0\n' > "$TE_PROJECT/notes.md"
printf 'local c = 3\nreturn c\n' > "$TE_PROJECT/c.lua"
git -C "$TE_PROJECT" init -q
cat > "$WORK/turnend-scenario.json" <<EOF
[
  {"tool": "Read", "input": {"file_path": "$TE_PROJECT/a.lua"}},
  {"tool": "Read", "input": {"file_path": "$TE_PROJECT/c.lua"}},
  {"tool": "Edit", "input": {"file_path": "$TE_PROJECT/a.lua", "old_string": "local a = 1", "new_string": "local a = 10"}},
  {"tool": "Bash", "input": {"command": "sed -i 's/1.0.0/1.1.0/' version.lua notes.md", "description": "Bump the version"}},
  {"tool": "Edit", "input": {"file_path": "$TE_PROJECT/c.lua", "old_string": "local c = 3", "new_string": "local c = 30"}},
  {"text": "TURNEND-ONE-DONE"},
  {"text": "TURNEND-TWO-DONE"}
]
EOF
start_ui_nvim turnend "$TE_PROJECT" -c "$WITH_CLAUDE"
te() { nv turnend "$1"; }
te_keys() { tmux -S "$TMUX_SOCK" send-keys -t turnend "$@"; }
te_in_review() { [[ "$(te 'exists("t:claude_ide_diff")')" == 1 ]]; }
te_title() {
  te 'luaeval("vim.inspect(vim.tbl_map(function(t) return vim.t[t].claude_ide_diff or false end, vim.api.nvim_list_tabpages()))")'
}
te_buffer() { te 'luaeval("table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, true), \"\\n\")")'; }
te_line() { te 'getline(".")'; }
te_normal() { [[ "$(te 'mode(1)')" == n ]]; }
te_proposal_of() { [[ "$(te 'bufname()')" == *"$1"*proposal* ]]; }
nv_ex turnend "ClaudeCode --allowedTools Bash"
wait_for 30 pane_has turnend "? for shortcuts"
wait_for 30 clis_announced turnend 1
type_into turnend "Set a to 10, bump the version, and c to 30"
# The accepted proposal: a.lua's Edit, accepted with :w (the key that applies a review in every view).
check "turnend: a.lua's Edit opens its proposal in Neovim" wait_for 30 eval 'te_in_review && te_normal && [[ "$(te_title)" == *a.lua* ]]'
te_keys ':w' Enter
check "turnend: accepted, the CLI writes a.lua" wait_for 20 file_is "$TE_PROJECT/a.lua" $'local a = 10\nreturn a'
check "turnend: the allowed sed changed version.lua (no proposal for a shell command)" \
  wait_for 30 file_is "$TE_PROJECT/version.lua" 'return "1.1.0"'
# The refused proposal: Q, a reason, <CR> (the reason goes to the model; the CLI interrupts the turn).
check "turnend: c.lua's Edit opens its proposal" wait_for 30 eval 'te_in_review && te_normal && [[ "$(te_title)" == *c.lua* ]]'
te_keys 'Q'
sleep 0.5
te_keys -l 'not c yet'
te_keys Enter
check "turnend: the rejected proposal leaves c.lua as it was" wait_for 10 file_is "$TE_PROJECT/c.lua" $'local c = 3\nreturn c'
te_overview() { [[ "$(te_title)" == *"turn 1: 3 files, 2 by shell commands"* ]]; }
check "turnend: the turn ended by the refused proposal opens its overview" wait_for 30 te_overview
check "turnend: the overview names the shell-changed version.lua" \
  wait_for 10 eval '[[ "$(te_buffer)" == *"version.lua ("*"by a shell command"* ]]'
check "turnend: the overview has the focus, in Normal mode, on notes.md's header" \
  wait_for 10 eval 'te_normal && [[ "$(te_line)" == "notes.md ("* ]]'
te_keys ']f'
check "turnend: ]f typed: version.lua's header" wait_for 10 eval 'te_normal && [[ "$(te_line)" == "version.lua ("* ]]'
# <CR> on the file's header opens its review and applies nothing (issue 49 item 3).
te_keys Enter
check "turnend: <CR> on version.lua's header opens its review (the overview is not applied)" \
  wait_for 10 eval 'te_proposal_of version.lua && te_normal'
te_keys 'q'
te_back() { [[ "$(te 'bufname()')" != *proposal* ]] && te_in_review && te_normal; }
check "turnend: q in it goes back to the overview" wait_for 10 te_back
# gH on version.lua's hunk reverts it: from the top, ]f ]f to its header, ]c to its hunk.
te_keys 'gg' ']f' ']f'
check "turnend: back in the overview, ]f to version.lua's header again" \
  wait_for 10 eval '[[ "$(te_line)" == "version.lua ("* ]]'
te_keys ']c' 'gH'
check "turnend: gH typed on version.lua's hunk decides it" \
  wait_for 10 eval '[[ "$(te_buffer)" == *"1 of 1 hunk"* ]]'
# Q in the turn review: a note for the model, delivered with the next prompt; the review stays open.
te_keys 'Q'
sleep 0.5
te_keys -l 'TURNEND-NOTE keep notes.md as it is'
te_keys Enter
te_note_said() { [[ "$(te 'execute("messages")')" == *"your note goes to Claude Code with your next prompt"* ]]; }
check "turnend: Q took the note (it says so) and the review is still open" \
  wait_for 10 eval 'te_note_said && te_in_review && te_normal'
te_keys ':w' Enter
check "turnend: :w reverts version.lua's hunk on disk" wait_for 20 file_is "$TE_PROJECT/version.lua" 'return "1.0.0"'
check "turnend: notes.md keeps the shell command's change" file_is "$TE_PROJECT/notes.md" $'# notes\nversion 1.1.0'
check "turnend: a.lua keeps the accepted edit" file_is "$TE_PROJECT/a.lua" $'local a = 10\nreturn a'
check "turnend: the review is closed" wait_for 10 eval '! te_in_review'
type_into turnend "What next?"
check "turnend: the next request carries the Q note (the prompt hook's context)" \
  wait_for 30 api_log_has turnend "the user's note from their editor's review: TURNEND-NOTE keep notes.md as it is"
# Once: the first request with that prompt (the conversation so far and the hook's context) carries it one time.
te_note_once() {
  node -e '
    const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const first = lines.find((e) => e.all && e.all.includes("What next?"));
    const n = first ? first.all.split(process.argv[2]).length - 1 : 0;
    process.exit(n === 1 ? 0 : 1);' "$WORK/turnend-api.jsonl" "review: TURNEND-NOTE keep notes.md as it is"
}
check "turnend: the Q note reaches the model exactly once" te_note_once
check "turnend: the next request carries the revert of version.lua" api_log_has turnend "version.lua (every change reverted)"
check "turnend: the model was told the reason c.lua's edit was rejected" api_log_has turnend "Their reason: not c yet"
end_ui_section turnend
