# 18. The unified review (issue 41) with the real Claude Code CLI in a :ClaudeCode terminal: setup() with
# diff.layout = "unified". The model's Edit changes two separate lines of nums.txt; the review opens as one window
# (no diff mode) on the proposal, the removed lines shown as virtual lines. By keys typed through tmux, as a user
# types them: gH drops the first hunk (two stays two), then the proposal is edited in the buffer (a line added at
# the end), then <CR> accepts. The CLI writes exactly the buffer's text, and tells the model the user changed its
# proposal (Claude Code 2.1.330's Edit answer says so without quoting the text; the model reads the file again).
UN_PROJECT="$WORK/unified-project"
mkdir -p "$UN_PROJECT"
printf 'one\ntwo\nthree\nfour\nfive\nsix\n' > "$UN_PROJECT/nums.txt"
cat > "$WORK/unified-scenario.json" <<JSON
[
  {"tool": "Read", "input": {"file_path": "$UN_PROJECT/nums.txt"}},
  {"tool": "Edit", "input": {"file_path": "$UN_PROJECT/nums.txt", "old_string": "two\nthree\nfour\nfive", "new_string": "TWO\nthree\nfour\nFIVE"}},
  {"text": "UNIFIED-DONE"}
]
JSON
WITH_UNIFIED="lua require('claude-ide').setup({ diff = { focus = 'always', layout = 'unified' }, terminal = { command = '$CLAUDE --permission-mode default' } })"
start_ui_nvim unified "$UN_PROJECT" -c "$WITH_UNIFIED"
un() { nv unified "$1"; }
un_keys() { tmux -S "$TMUX_SOCK" send-keys -t unified "$@"; }
un_in_review() { [[ "$(un 'exists("b:claude_ide_diff")')" == 1 ]]; }
un_lines() { un 'join(getline(1, "$"), "|")'; }
nv_ex unified "ClaudeCode"
wait_for 30 pane_has unified "? for shortcuts"
# The CLI connects to the IDE after its prompt is up: an Edit before that is asked in its own terminal dialog
# (seen once in a clean-clone run with both versions at once), and then no review opens in Neovim.
wait_for 30 clis_announced unified 1
type_into unified "Uppercase two and five in nums.txt"
check "unified: the Edit opens the review, in Normal mode" wait_for 30 eval 'un_in_review && [[ "$(un "mode(1)")" == n ]]'
check "unified: one window in the review's tab page, not in diff mode" \
  test "$(un 'len(tabpagebuflist())') $(un '&diff')" == "1 0"
un_virt() { [[ "$(un 'luaeval("#vim.api.nvim_buf_get_extmarks(0, -1, 0, -1, { details = true, type = \"virt_lines\" })")')" -ge 2 ]]; }
check "unified: the removed lines are shown as virtual lines" un_virt
check "unified: the proposal is the buffer" test "$(un_lines)" == "one|TWO|three|four|FIVE|six"
# The cursor starts on the first change: gH drops that whole hunk.
un_keys 'gH'
check "unified: gH typed drops the first hunk" wait_for 10 eval '[[ "$(un_lines)" == "one|two|three|four|FIVE|six" ]]'
un_keys 'G' 'o' 'seven' Escape
check "unified: a line typed into the proposal" wait_for 10 eval '[[ "$(un_lines)" == "one|two|three|four|FIVE|six|seven" ]]'
check "unified: typing leaves the review in Normal mode" wait_for 10 eval '[[ "$(un "mode(1)")" == n ]]'
un_keys ':w' Enter
check "unified: accepted, the CLI writes exactly the buffer's text" \
  wait_for 20 file_is "$UN_PROJECT/nums.txt" $'one\ntwo\nthree\nfour\nFIVE\nsix\nseven'
check "unified: the review is gone" wait_for 10 eval '! un_in_review'
un_told() { grep -qF 'has been updated successfully.  The user modified your proposed changes before accepting them' "$WORK/unified-api.jsonl"; }
check "unified: the model is told the file was updated with the user's changes to the proposal" wait_for 20 un_told
end_ui_section unified
