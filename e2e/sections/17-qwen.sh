# 17. Qwen Code in IDE mode: the real CLI (npm @qwen-code/qwen-code, pinned in scripts/qwen-code.sh) runs in the
# terminal :ClaudeCode starts (terminal.command = qwen; the companion writes ~/.qwen/ide/<port>.lock and the
# terminal inherits QWEN_CODE_IDE_SERVER_PORT), against a scripted stand-in for an OpenAI-compatible API
# (e2e/fake-openai.mjs). Checked: it connects to this Neovim and the editor context reaches the model; an edit
# it proposes (in its default approval mode, from terminal.permission_mode = "default") opens the review in Neovim; the first is accepted (the CLI writes
# the file), the second rejected with a reason (the file stays, the model is told with the next request, the
# reason too); the session is
# listed connected under the CLI's name (sessions, :checkhealth), the review names the CLI, :ClaudeCodeAdd's
# @path reaches the prompt and a selection made before going to the terminal the model's request. Then the turn
# review through Qwen Code's hooks (UserPromptSubmit, Stop; :ClaudeCode passes them in the system-defaults file
# QWEN_CODE_SYSTEM_DEFAULTS_PATH names): in yolo mode (terminal.permission_mode = "bypassPermissions") a write_file
# and a `sed -i` of one turn both appear in it, and a note written there with `gn` reaches the model with the next
# prompt.
QWEN="$(bash "$ROOT/scripts/qwen-code.sh")" || { echo "the Qwen Code CLI could not be installed" >&2; QWEN=""; }
# The project installs the CLI itself: one that is missing is a failure, never a silent skip.
check "qwen: the CLI is installed (scripts/qwen-code.sh)" test -n "$QWEN"
if [[ -n "$QWEN" ]]; then
  QWEN_PROJECT="$WORK/qwen-project"
  QT_PROJECT="$WORK/qwen-turn"
  mkdir -p "$QWEN_PROJECT" "$QT_PROJECT" "$HOME/.qwen"
  printf 'alpha\nbeta\ngamma\n' > "$QWEN_PROJECT/notes.txt"
  printf 'added-file-4242\n' > "$QWEN_PROJECT/added.txt"
  printf 'first line\nselected-words-7731\nlast line\n' > "$QWEN_PROJECT/pick.txt"
  printf 'one\ntwo\n' > "$QT_PROJECT/shell.txt"
  git -C "$QT_PROJECT" init -q
  # OpenAI-compatible API-key auth (no auth dialog), IDE mode on, nothing that calls home; no background memory
  # agent, follow-up suggestions or next-speaker check (side requests to the scripted model).
  cat > "$HOME/.qwen/settings.json" <<JSON
{"security": {"auth": {"selectedType": "openai"}}, "model": {"name": "fake-model", "skipNextSpeakerCheck": true},
 "ide": {"enabled": true, "hasSeenNudge": true}, "general": {"enableAutoUpdate": false},
 "privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false},
 "memory": {"enableManagedAutoMemory": false, "enableManagedAutoDream": false, "enableAutoSkill": false},
 "ui": {"enableFollowupSuggestions": false}}
JSON
  # Qwen Code's edit tools refuse a file not read in the session: each edit reads it first. The first edit's
  # read shows "beta", the second's "BETA".
  cat > "$WORK/qwen-scenario.json" <<JSON
[
  {"when": "qwen notes answer", "reply": {"text": "QWEN-NOTES-DONE"}},
  {"when": "tool_result edit", "reply": {"text": "QWEN-TOOL-ANSWERED"}},
  {"when": ["tool_result read_file", "BETA"], "reply": {"call": {"name": "edit", "args": {"file_path": "$QWEN_PROJECT/notes.txt",
    "old_string": "BETA\ngamma", "new_string": "BETA\nGAMMA"}}}},
  {"when": ["tool_result read_file", "beta"], "reply": {"call": {"name": "edit", "args": {"file_path": "$QWEN_PROJECT/notes.txt",
    "old_string": "alpha\nbeta\ngamma", "new_string": "alpha\nBETA\ngamma"}}}},
  {"when": "make beta loud", "reply": {"call": {"name": "read_file", "args": {"file_path": "$QWEN_PROJECT/notes.txt"}}}},
  {"when": "make gamma loud", "reply": {"call": {"name": "read_file", "args": {"file_path": "$QWEN_PROJECT/notes.txt"}}}},
  {"when": "tool_result run_shell_command", "reply": {"text": "QWEN-TURN-DONE"}},
  {"when": ["tool_result read_file", "two"], "reply": {"call": {"name": "run_shell_command", "args": {"command": "sed -i s/two/TWO/ shell.txt",
    "description": "Uppercase two"}}}},
  {"when": "tool_result write_file", "reply": {"call": {"name": "read_file", "args": {"file_path": "$QT_PROJECT/shell.txt"}}}},
  {"when": "write and shell", "reply": {"call": {"name": "write_file", "args": {"file_path": "$QT_PROJECT/written.txt",
    "content": "written by the model\n"}}}}
]
JSON
  QWEN_PORT=$((PORT_BASE + ports_taken++))
  node "$ROOT/e2e/fake-openai.mjs" "$QWEN_PORT" "$WORK/qwen-scenario.json" "$WORK/qwen-api.jsonl" > "$WORK/qwen-api.out" 2>&1 &
  QWEN_API_PID=$!
  section_failed_before=$failed
  qwen_env="OPENAI_API_KEY=dummy OPENAI_BASE_URL=http://127.0.0.1:$QWEN_PORT/v1 OPENAI_MODEL=fake-model NO_PROXY=127.0.0.1,localhost"
  # start_qwen_nvim <name> <folder> <terminal.permission_mode>: a Neovim with a UI in tmux window <name>, whose :ClaudeCode
  # runs qwen. Without CI in its environment (like Gemini CLI, it would take the run for a non-interactive one).
  start_qwen_nvim() {
    local cmd
    printf -v cmd '%q ' "$NVIM" --clean --listen "$(nvim_sock "$1")" --cmd "set rtp^=$ROOT" \
      -c "lua require('claude-ide').setup({ diff = { focus = 'always' }, terminal = { command = '$QWEN', permission_mode = '$3' } })"
    tmux -S "$TMUX_SOCK" new-session -d -s "$1" -x 200 -y 50 -c "$2" \
      "env -u CI -u CONTINUOUS_INTEGRATION $qwen_env $cmd; sleep 600"
    wait_for 10 test -S "$(nvim_sock "$1")" || echo "the $1 Neovim did not start"
  }
  start_qwen_nvim qwen "$QWEN_PROJECT" default
  nv_ex qwen "edit notes.txt"
  nv_ex qwen "ClaudeCode"
  qwen_lock() { compgen -G "$HOME/.qwen/ide/*.lock" >/dev/null; }
  check "qwen: the companion wrote its lock in ~/.qwen/ide" qwen_lock
  qwen_connected() { [[ "$(nv qwen 'luaeval("#require([[claude-ide]]).server():companion():clients()")')" -ge 1 ]]; }
  check "qwen: the CLI in :ClaudeCode's terminal connected in IDE mode" wait_for 60 qwen_connected
  qwen_session() { nv qwen 'luaeval("require([[claude-ide]]).describe_session(require([[claude-ide]]).sessions()[1])")'; }
  qwen_session_connected() { [[ "$(qwen_session)" == *"qwen [Qwen Code]"*"connected via the companion"* ]]; }
  check "qwen: the session is listed connected under the CLI's name" wait_for 10 qwen_session_connected
  check "qwen: its terminal is qwen://qwen" test "$(nv qwen 'bufname(bufnr("qwen://qwen"))')" == "qwen://qwen"
  check "qwen: the CLI shows its prompt" wait_for 90 pane_has qwen "Type your message"
  type_into qwen "make beta loud"
  check "qwen: the editor context reached the model" \
    wait_for 30 api_log_has qwen "Here is the user's current editor context"
  check "qwen: the active file in it is notes.txt" api_log_has qwen "Path: $QWEN_PROJECT/notes.txt"
  check "qwen: its proposed edit opens the review in Neovim" wait_for 30 has_diff_tab qwen
  qwen_review_named() { [[ "$(nv qwen 'luaeval("vim.inspect(vim.tbl_map(function(r) return r.tabName end, require([[claude-ide.editor.state]]).pendingReviews()))")')" == *"[Qwen Code] notes.txt"* ]]; }
  check "qwen: the review is titled with the CLI's name" wait_for 5 qwen_review_named
  check "qwen: the review's winbar names the CLI" winbar_has qwen "Qwen Code's proposal"
  nv_ex qwen "ClaudeCodeDiffAccept"
  check "qwen: accepted, the CLI wrote the file" wait_for 20 file_is "$QWEN_PROJECT/notes.txt" $'alpha\nBETA\ngamma'
  check "qwen: the model got the edit's result" wait_for 20 api_log_has qwen "has been updated"
  check "qwen: the CLI showed the model's answer" wait_for 20 pane_has qwen "QWEN-TOOL-ANSWERED"
  nv_ex qwen "startinsert"
  type_into qwen "make gamma loud"
  check "qwen: the second edit opens a review" wait_for 30 has_diff_tab qwen
  nv_ex qwen "ClaudeCodeDiffDeny use tabs"
  check "qwen: rejected, the review closes" wait_for 10 no_diff_tab qwen
  sleep 2
  check "qwen: rejected, the file is unchanged" file_is "$QWEN_PROJECT/notes.txt" $'alpha\nBETA\ngamma'
  # :ClaudeCodeAdd types @path into the CLI's prompt (the CLI connected a while ago: never "not connected yet");
  # sent, the file's content reaches the model, and with it the rejection (Qwen Code ends the turn on a rejected
  # edit and tells the model with the next request) and its reason (the UserPromptSubmit hook's context).
  qwen_add_said="$(nv qwen 'execute("ClaudeCodeAdd added.txt")')"
  qwen_add_typing() { [[ "$qwen_add_said" == *"@added.txt into Qwen Code's prompt"* ]]; }
  check "qwen: :ClaudeCodeAdd says it types into Qwen Code's prompt" qwen_add_typing
  check "qwen: :ClaudeCodeAdd typed @added.txt into the prompt" wait_for 10 pane_has qwen "@added.txt"
  tmux -S "$TMUX_SOCK" send-keys -t qwen Enter
  check "qwen: the added file reached the model's request" wait_for 30 api_log_has qwen "added-file-4242"
  check "qwen: the model was told of the rejection" api_log_has qwen "User did not allow tool call"
  check "qwen: the rejection's reason reached the model" api_log_has qwen "use tabs"
  # A selection made in the editor, then over to the terminal to ask: it reaches the model's request.
  nv_keys qwen '<C-\><C-n>'
  nv_ex qwen "wincmd p"
  nv_ex qwen "edit pick.txt"
  nv_keys qwen "2GV<Esc>"
  nv_ex qwen "wincmd p"
  nv_ex qwen "startinsert"
  sleep 1
  type_into qwen "what did I select"
  check "qwen: the selection made before going to the terminal reached the model" \
    wait_for 30 api_log_has qwen "selected-words-7731"
  nv_ex qwen "checkhealth claude-ide"
  qwen_health() { [[ "$(nv qwen 'join(getline(1, "$"), "\n")')" == *"session * qwen [Qwen Code]"*"connected via the companion"* ]]; }
  check "qwen: :checkhealth shows the session connected under the CLI's name" wait_for 10 qwen_health
  qwen_health_hooks() { [[ "$(nv qwen 'join(getline(1, "$"), "\n")')" == *"Qwen Code started by :ClaudeCode gets the hooks"* ]]; }
  check "qwen: :checkhealth says the CLI it starts gets the hooks" qwen_health_hooks

  # The turn review: one turn in yolo mode (no review before its edits) writes a file with write_file and
  # changes another with `sed -i`; at the turn's end (Stop) both appear in the review.
  start_qwen_nvim qturn "$QT_PROJECT" bypassPermissions
  nv_ex qturn "ClaudeCode"
  qt_connected() { [[ "$(nv qturn 'luaeval("#require([[claude-ide]]).server():companion():clients()")')" -ge 1 ]]; }
  wait_for 60 qt_connected || true
  wait_for 90 pane_has qturn "Type your message" || sleep 5
  type_into qturn "write and shell"
  qt_title() {
    nv qturn 'luaeval("vim.inspect(vim.tbl_map(function(t) return vim.t[t].claude_ide_diff or false end, vim.api.nvim_list_tabpages()))")'
  }
  qt_lists_both() { [[ "$(qt_title)" == *"[Qwen Code] turn 1: 2 files, 1 by shell commands"* ]]; }
  check "turn (qwen): the write and the shell change ran" wait_for 60 file_is "$QT_PROJECT/shell.txt" $'one\nTWO'
  check "turn (qwen): the model's write landed" file_is "$QT_PROJECT/written.txt" "written by the model"
  check "turn (qwen): both appear in the turn review" wait_for 30 qt_lists_both
  check "turn (qwen): the turn review's title names the CLI" eval '[[ "$(nv qturn "getline(1)")" == *"Qwen Code"* ]]'
  # Notes with Qwen Code (issue 52): `gn` on the shell command's changed line in the overview, `:w` applies, and
  # the next prompt's request carries the note (its UserPromptSubmit hook), once, with the path, line and quoted
  # code as written. Qwen Code, like Gemini CLI, escapes < and > in a hook's context: the notes quote in fenced
  # blocks, so the quote reaches the model readable.
  qt_line() { nv qturn 'getline(".")'; }
  check "notes (qwen): the overview has the focus, in Normal mode" wait_for 10 eval '[[ "$(ui_mode qturn)" == n ]]'
  ui_keys qturn -l '/^+TWO'
  ui_keys qturn Enter
  check "notes (qwen): / to shell.txt's changed line" wait_for 10 eval '[[ "$(qt_line)" == "+TWO" ]]'
  note_by_keys qturn 'QNOTE-TWO why upper case'
  check "notes (qwen): gn wrote the note" wait_for 10 eval '[[ "$(notes_list qturn)" == *"QNOTE-TWO why upper case"* ]]'
  ui_keys qturn ':w' Enter
  check "notes (qwen): :w applied the review" wait_for 10 eval '! ui_in_review qturn'
  type_into qturn "qwen notes answer"
  wait_for 10 api_log_has qwen "qwen notes answer" || tmux -S "$TMUX_SOCK" send-keys -t qturn Enter
  check "notes (qwen): the next request carries the note on shell.txt (path, line, quoted code, note), once" \
    wait_for 60 api_once "$WORK/qwen-api.jsonl" "qwen notes answer" \
    "$(note_for_model "$QT_PROJECT/shell.txt line 2" 'TWO' 'QNOTE-TWO why upper case')"
  check "notes (qwen): the CLI showed the model's answer" wait_for 30 pane_has qturn "QWEN-NOTES-DONE"
  if ((failed > section_failed_before)); then
    echo "--- qwen Neovim screen ---"; pane qwen
    echo "--- qturn Neovim screen ---"; pane qturn
    tail -c 3000 "$WORK/qwen-api.jsonl" 2>/dev/null
  fi
  kill "$QWEN_API_PID" 2>/dev/null
fi
