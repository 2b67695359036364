# 16. Refusals with a reason, and plans reviewed in Neovim (issue 34, items 3 and 4), with the claude that
# :ClaudeCode starts (the plugin's hooks in its --settings file). Default mode: an openDiff review refused with
# `:ClaudeCodeDiffDeny use tabs` ends the turn (DIFF_REJECTED carries no text), and "use tabs" reaches the model
# with the next prompt (the UserPromptSubmit hook's additionalContext). Plan mode (shift+tab in the CLI): the
# scripted model writes its plan file and calls ExitPlanMode; the plan opens in a Neovim buffer while the CLI
# waits; refused with `:ClaudeCodeDiffDeny too risky`, "too risky" reaches the model and the CLI stays in plan
# mode: the model's revised plan goes through ExitPlanMode again (which fails outside plan mode), and a line
# added to it in Neovim and `:w` reach the model as the approved plan (written to the plan file first), with no
# dialog in the terminal.
PLAN_PROJECT="$WORK/plan-project"
mkdir -p "$PLAN_PROJECT"
printf 'int main() {\n    return 0;\n}\n' > "$PLAN_PROJECT/hello.c"
# The model's requests in order: the Edit (refused: the turn ends), the answer to the next prompt, then the
# plan (written, ExitPlanMode loaded and called: refused), the revised plan after the refusal (called again:
# approved), and the answer after the approval.
cat > "$WORK/plan-scenario.json" <<EOF
[
  {"tool": "Edit", "input": {"file_path": "$PLAN_PROJECT/hello.c", "old_string": "    return 0;", "new_string": "  return 0;"}},
  {"text": "Understood the reason."},
  {"tool": "Write", "input": {"file_path": "@PLAN_FILE@", "content": "# Plan\n\n1. Delete every test\n"}},
  {"tool": "ToolSearch", "input": {"query": "select:ExitPlanMode", "max_results": 1}},
  {"tool": "ExitPlanMode", "input": {}},
  {"tool": "Write", "input": {"file_path": "@PLAN_FILE@", "content": "# Plan\n\n1. Rename main's return\n"}},
  {"tool": "ExitPlanMode", "input": {}},
  {"text": "Plan approved, starting."}
]
EOF
cat > "$WORK/plan-config.lua" <<EOF
require('claude-ide').setup({ diff = { focus = 'always' }, terminal = { command = '$CLAUDE --permission-mode default' } })
EOF
# The CLI's mode line (at the bottom of its terminal, above Neovim's status line) says "plan mode on" in plan
# mode; shift+tab cycles the modes until it does.
plan_mode_on() { pane plan | tail -6 | grep -qF "plan mode on"; }
to_plan_mode() {
  local i
  for i in 1 2 3 4 5 6; do
    plan_mode_on && return 0
    tmux -S "$TMUX_SOCK" send-keys -t plan BTab
    sleep 1
  done
  plan_mode_on
}
PLAN_BUF="luaeval('(function() for _, b in ipairs(vim.api.nvim_list_bufs()) do if vim.api.nvim_buf_get_name(b):find(\"] plan: \", 1, true) then return b end end return 0 end)()')"
plan_open() { [[ "$(nv plan "$PLAN_BUF")" != 0 ]]; }
plan_closed() { [[ "$(nv plan "$PLAN_BUF")" == 0 ]]; }
plan_text_has() { [[ "$(nv plan "join(getbufline($(nv plan "$PLAN_BUF"), 1, '\$'), '|')")" == *"$1"* ]]; }
no_dialog() { ! pane plan | grep -qF "Would you like to proceed"; }
start_ui_nvim plan "$PLAN_PROJECT" -c "luafile $WORK/plan-config.lua"
nv_ex plan ClaudeCode
check "plan: the CLI connects to Neovim" wait_for 30 clis_announced plan 1
wait_for 30 pane_has plan "? for shortcuts"
sleep 2 # the CLI takes keys a moment after it draws its prompt

# Default mode: a reason for a refused openDiff.
type_into plan "Indent hello.c with two spaces"
check "plan: the Edit opens a review" wait_for 30 has_diff_tab plan
nv_ex plan "ClaudeCodeDiffDeny use tabs"
check "plan: the review closes" wait_for 10 no_diff_tab plan
sleep 2
check "plan: the refused edit leaves hello.c as it was" file_is "$PLAN_PROJECT/hello.c" $'int main() {\n    return 0;\n}'
type_into plan "Try again"
check "plan: the reason reaches the model with the next prompt (use tabs)" \
  wait_for 30 api_log_has plan "Their reason: use tabs"
wait_for 30 pane_has plan "Understood the reason."

# Plan mode: refused with a reason, then the revised plan approved with an edit.
check "plan: shift+tab puts the CLI in plan mode" to_plan_mode
type_into plan "Plan the rename"
check "plan: ExitPlanMode opens the plan in a Neovim buffer" wait_for 60 plan_open
check "plan: the buffer holds the model's plan" wait_for 5 plan_text_has "1. Delete every test"
check "plan: the buffer is titled with the client" winbar_has plan "[Claude Code] plan:"
nv_ex plan "ClaudeCodeDiffDeny too risky"
check "plan: refusing closes the plan" wait_for 10 plan_closed
check "plan: the refusal's feedback reaches the model (too risky)" wait_for 30 api_log_has plan "too risky"
check "plan: the CLI stays in plan mode: the revised plan goes through ExitPlanMode again" wait_for 60 plan_open
check "plan: the buffer holds the revised plan" wait_for 5 plan_text_has "1. Rename main's return"
nv plan "appendbufline($(nv plan "$PLAN_BUF"), '\$', '2. Added in Neovim: keep the tests')" >/dev/null
nv plan "win_gotoid(bufwinid($(nv plan "$PLAN_BUF")))" >/dev/null
nv_ex plan "write"
check "plan: :w closes the plan" wait_for 10 plan_closed
check "plan: the edited plan reaches the model as the approved plan" \
  wait_for 30 api_log_has plan "2. Added in Neovim: keep the tests"
check "plan: the plan file holds the edit" bash -c "grep -qF '2. Added in Neovim' '$HOME'/.claude/plans/*.md"
check "plan: Claude Code took it as the approved plan" api_log_has plan "Approved Plan"
check "plan: no approval dialog was drawn in the terminal" no_dialog
end_ui_section plan
