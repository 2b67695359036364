# 23. A turn reviewed in the user's own buffer (issue 52 item 4) with the real Claude Code CLI (:ClaudeCode
# --permission-mode acceptEdits, Bash allowed), every key typed in the Neovim's terminal as a user types it. The user
# has a.lua open; one turn edits two lines of it (Edit) and b.lua (sed). In the turn's overview `gi` on a.lua opens
# it in the user's window with the turn's hunks drawn there; the user types a change of their own elsewhere in
# a.lua (unsaved), then `]c` `]c` `gH` marks the second hunk to revert (`u` gives that decision back, not the
# user's edit, and `<C-r>` makes it again), and `:w` in the overview applies: that hunk is reverted in the buffer
# around the user's change, which stays unsaved (the file on disk is the agent's until the user writes it, then it
# is both); b.lua keeps the turn's change; the next prompt tells the model what was reverted.
IP="$WORK/inline-project"
mkdir -p "$IP"
for i in $(seq 1 20); do echo "local v$i = $i"; done > "$IP/a.lua"
printf 'local b1 = 1\nreturn b1\n' > "$IP/b.lua"
git -C "$IP" init -q
cat > "$WORK/inline-scenario.json" <<EOF
[
  {"tool": "Read", "input": {"file_path": "$IP/a.lua"}},
  {"tool": "Edit", "input": {"file_path": "$IP/a.lua", "old_string": "local v3 = 3\n", "new_string": "local v3 = 30\n"}},
  {"tool": "Edit", "input": {"file_path": "$IP/a.lua", "old_string": "local v15 = 15\n", "new_string": "local v15 = 150\n"}},
  {"tool": "Bash", "input": {"command": "sed -i 's/b1 = 1/b1 = 10/' b.lua", "description": "Change b1"}},
  {"text": "INLINE-ONE-DONE"},
  {"text": "INLINE-TWO-DONE"}
]
EOF
start_ui_nvim inline "$IP" -c "$WITH_CLAUDE" a.lua
il() { nv inline "$1"; }
# a.lua as its buffer holds it, and as the disk does (lines joined by |).
il_buffer() { il 'join(getbufline(bufnr("'"$IP"'/a.lua"), 1, "$"), "|")'; }
il_disk() { tr '\n' '|' < "$IP/a.lua"; }
il_lines() { # il_lines <3> <10> <15>: a.lua's lines 3, 10 and 15 are these values (the rest as they were)
  local out="" i
  for i in $(seq 1 20); do
    case $i in 3) out+="$1|" ;; 10) out+="$2|" ;; 15) out+="$3|" ;; *) out+="local v$i = $i|" ;; esac
  done
  echo "${out%|}"
}
AGENTS="$(il_lines 'local v3 = 30' 'local v10 = 10' 'local v15 = 150')"
il_normal() { [[ "$(ui_mode inline)" == n ]]; }
il_title() { il 'get(t:, "claude_ide_diff", "")'; }
il_inline() { [[ "$(il 'luaeval("require([[claude-ide.editor.review.inline_view]]).inlineViewOf(0) ~= nil")')" == true ]]; }
# The inline view's words beside a.lua's hunks (its drawn marks' virtual text).
il_said() {
  il 'luaeval("vim.inspect(vim.tbl_map(function(m) return m[4].virt_text or false end, vim.api.nvim_buf_get_extmarks(0, vim.api.nvim_create_namespace([[claude-ide.inline]]), 0, -1, { details = true })))")'
}
nv_ex inline "ClaudeCode --permission-mode acceptEdits --allowedTools Bash"
wait_for 30 pane_has inline "? for shortcuts"
wait_for 30 clis_announced inline 1
type_into inline "Change v3, v15 and b1"
check "inline: the CLI ran both Edits and the sed (acceptEdits: no proposal)" \
  wait_for 60 eval '[[ "$(il_disk)" == "$AGENTS|" ]] && file_is "$IP/b.lua" $'"'"'local b1 = 10\nreturn b1'"'"
check "inline: the turn's overview opens, in Normal mode" \
  wait_for 40 eval 'ui_in_review inline && il_normal && [[ "$(il_title)" == *"turn 1: 2 files"* ]]'
ui_keys inline -l '/^a.lua ('
ui_keys inline Enter
check "inline: / to a.lua's header" wait_for 10 eval '[[ "$(il "getline(\".\")")" == "a.lua ("* ]]'
ui_keys inline 'gi'
check "inline: gi opens a.lua in the user's window (not the review's), its hunks drawn there" \
  wait_for 10 eval '! ui_in_review inline && il_inline && [[ "$(il "expand(\"%:t\")")" == a.lua ]]'
check "inline: the buffer holds the agent's text (read again from disk)" test "$(il_buffer)" == "$AGENTS"
# The user's own change, elsewhere in the file, left unsaved.
ui_keys inline '10G' 'A'
ui_keys inline -l ' -- mine'
ui_keys inline Escape
MINE="$(il_lines 'local v3 = 30' 'local v10 = 10 -- mine' 'local v15 = 150')"
check "inline: the user's change typed on line 10, unsaved" \
  wait_for 10 eval '[[ "$(il_buffer)" == "$MINE" && "$(il "&modified")" == 1 ]] && il_normal'
ui_keys inline 'gg' ']c'
check "inline: ]c goes to the first hunk (line 3)" wait_for 10 eval '[[ "$(il "line(\".\")")" == 3 ]]'
ui_keys inline ']c'
check "inline: ]c again to the second (line 15)" wait_for 10 eval '[[ "$(il "line(\".\")")" == 15 ]]'
ui_keys inline 'gH'
check "inline: gH marks that hunk to revert, drawn beside it" wait_for 10 eval '[[ "$(il_said)" == *"to revert"* ]]'
check "inline: nothing is reverted before the review is applied" test "$(il_buffer)" == "$MINE"
# u gives the decision back (not the user's edit before it), <C-r> makes it again.
ui_keys inline 'u'
check "inline: u gives that decision back, the user's change stays" \
  wait_for 10 eval '[[ "$(il_said)" != *"to revert"* && "$(il_buffer)" == "$MINE" ]]'
ui_keys inline 'C-r'
check "inline: <C-r> marks it to revert again" \
  wait_for 10 eval '[[ "$(il_said)" == *"to revert"* && "$(il_buffer)" == "$MINE" ]]'
# Back to the overview (its tab page) and :w there.
ui_keys inline 'gt'
check "inline: gt to the overview" wait_for 10 eval 'ui_in_review inline && il_normal'
ui_keys inline ':w' Enter
REVERTED="$(il_lines 'local v3 = 30' 'local v10 = 10 -- mine' 'local v15 = 15')"
check "inline: :w applies: the hunk reverted in a.lua's buffer around the user's change" \
  wait_for 20 eval '[[ "$(il_buffer)" == "$REVERTED" ]]'
check "inline: the user's change is still unsaved, the file on disk still the agent's" \
  eval '[[ "$(il "getbufvar(bufnr(\"$IP/a.lua\"), \"&modified\")")" == 1 && "$(il_disk)" == "$AGENTS|" ]]'
check "inline: b.lua keeps the turn's change" file_is "$IP/b.lua" $'local b1 = 10\nreturn b1'
check "inline: the review's keys are gone from a.lua's buffer" \
  eval '[[ "$(il "luaeval(\"vim.api.nvim_buf_call(vim.fn.bufnr([[$IP/a.lua]]), function() return vim.fn.maparg([[gH]], [[n]]) end)\")")" == "" ]]'
# The user writes their files (:wall, from the terminal's Normal mode): the disk gets both.
ui_keys inline 'C-\' 'C-n'
ui_keys inline ':wall' Enter
check "inline: :wall writes a.lua with the user's change and the revert" \
  wait_for 10 eval '[[ "$(il_disk)" == "$REVERTED|" ]]'
# Back to the Claude terminal (Terminal mode) to type the next prompt.
ui_keys inline ':ClaudeCodeFocus' Enter
check "inline: :ClaudeCodeFocus, the Claude terminal in Terminal mode" wait_for 10 ui_in_terminal inline
type_into inline "What next?"
check "inline: the next request tells the model that a hunk of a.lua was reverted" \
  wait_for 30 api_log_has inline "a.lua (1 of 2 changed hunks reverted)"
end_ui_section inline
