# 12. At home in a real config (issue 23), a Neovim with a UI running :ClaudeCode's claude:
#   - a mention made BEFORE :ClaudeCode (queued while no CLI runs) lands in the CLI's prompt once it is up and
#     reaches the model with the next request (the CLI drops an at_mentioned that comes before its prompt is);
#   - the agent tools are allowed through a settings file (--settings), not a tool list on the command line,
#     and the terminal buffer is named claude://claude;
#   - a review that arrives while the user types in Insert mode in another file opens behind them: mode and
#     window stay, the keys typed next land in their file, and the review is still answered (accepted).
LV_PROJECT="$WORK/lazyvim-project"
mkdir -p "$LV_PROJECT"
printf 'a line one\na line two\na line three\n' > "$LV_PROJECT/a.txt"
printf 'b line one\nb line two\n' > "$LV_PROJECT/b.txt"
cat > "$WORK/lazyvim-scenario.json" <<JSON
[
  {"text": "I see your mention."},
  {"tool": "ToolSearch", "input": {"query": "select:mcp__nvim__editor_state", "max_results": 5}},
  {"tool": "mcp__nvim__editor_state", "input": {}},
  {"tool": "Read", "input": {"file_path": "$LV_PROJECT/b.txt"}},
  {"tool": "Edit", "input": {"file_path": "$LV_PROJECT/b.txt", "old_string": "b line two", "new_string": "B LINE TWO"}},
  {"text": "Edited b."}
]
JSON
lv() { nv lazyvim "$1"; }
lv_mode_is() { [[ "$(lv 'mode()')" == "$1" ]]; }
lv_line1_is() { [[ "$(lv "getbufline(bufnr('$LV_PROJECT/a.txt'), 1)[0]")" == "$1" ]]; }
start_ui_nvim lazyvim "$LV_PROJECT" -c "$WITH_CLAUDE_DEFAULTS" a.txt
# Lines 1-2 sent while no claude runs: queued.
nv_ex lazyvim '1,2ClaudeCodeSend'
check "lazyvim: the mention waits while no CLI runs" test "$(lv 'luaeval("#require([[claude-ide]]).status().cliPids")')" == 0
nv_ex lazyvim ClaudeCode
wait_for 30 pane_has lazyvim "? for shortcuts"
check "lazyvim: the queued mention lands in the CLI's prompt" wait_for 15 pane_has lazyvim "@a.txt#L1-2"
check "lazyvim: the terminal buffer is claude://claude" test "$(lv "bufname(bufnr('claude://claude'))")" == "claude://claude"
lv_no_tool_list() {
  local args
  args="$(tree_args "$(lv 'getpid()')")"
  [[ "$args" == *claude* && "$args" != *mcp__nvim__* ]]
}
check "lazyvim: no tool list on claude's command line (the processes of this Neovim)" lv_no_tool_list
type_into lazyvim "What do these lines say?"
check "lazyvim: the mention made before :ClaudeCode reaches the model" wait_for 30 api_log_has lazyvim "a line two"
wait_for 30 pane_has lazyvim "I see your mention."
# The user goes to a.txt and types in Insert mode; the prompt reaches Claude through its terminal's channel.
nv_keys lazyvim '<C-\><C-n>:wincmd h<CR>A'
wait_for 5 lv_mode_is i
lv 'luaeval("vim.fn.chansend(vim.fn.getbufvar(vim.fn.bufnr([[claude://claude]]), [[terminal_job_id]]), [[Look at my editor and edit b.txt]])")' >/dev/null
sleep 0.5
lv 'luaeval("vim.fn.chansend(vim.fn.getbufvar(vim.fn.bufnr([[claude://claude]]), [[terminal_job_id]]), string.char(13))")' >/dev/null
check "lazyvim: the agent tools are allowed by the settings file (no prompt)" wait_for 30 api_log_has lazyvim "cursor: a.txt:1"
check "lazyvim: the review opens" wait_for 30 has_diff_tab lazyvim
check "lazyvim: the review left the user in Insert mode" lv_mode_is i
check "lazyvim: ... in their window" test "$(lv "expand('%:t')")" == "a.txt"
nv_keys lazyvim ' typed'
check "lazyvim: the keys typed next land in the user's file" wait_for 5 lv_line1_is "a line one typed"
check "lazyvim: a statusline hint says a review waits" test "$(lv 'luaeval("require([[claude-ide]]).statusline()")')" == "Claude Code: a review waits"
nv_keys lazyvim '<Esc>'
nv_ex lazyvim ClaudeCodeDiffAccept
check "lazyvim: the review is still answerable (accepted, the CLI writes b.txt)" wait_for 20 file_is "$LV_PROJECT/b.txt" $'b line one\nB LINE TWO'
end_ui_section lazyvim
