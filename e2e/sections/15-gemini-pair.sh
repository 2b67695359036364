# 15 (pair). Two real Gemini CLIs in one Neovim propose edits to the same file (issue 35): the first's review
# opens in Neovim; the second's openDiff, while that review is open, waits (answered at once, never with isError:
# Gemini CLI 0.61 leaves the promise an isError answer rejects unhandled, and its unhandledRejection handler opens
# the Debug Console over the CLI). Its own terminal's edit dialog ("Apply this change?") shows as always; Neovim
# tells the user the proposal waits. Checked: no Debug Console; neither CLI is left waiting: the first review
# accepted, its CLI writes the file and its model hears of it; the waiting proposal, made against the old file, is
# rejected unseen: the second CLI takes the next prompt, which tells its model why, and whose edit is reviewed in
# Neovim; refused there with a reason, the reason goes with the second CLI's next prompt (the BeforeAgent hook),
# not the first's; that prompt's edit lands on top of the first's change; the first CLI quits (no DELETE),
# leaves the session list at once and its companion session ends after the stream grace, the live one stays.
GEMINI="$(bash "$ROOT/scripts/gemini-cli.sh")" || { echo "the Gemini CLI could not be installed" >&2; GEMINI=""; }
# The project installs the CLI itself: one that is missing is a failure, never a silent skip.
check "gemini pair: the CLI is installed (scripts/gemini-cli.sh)" test -n "$GEMINI"
if [[ -n "$GEMINI" ]]; then
  PAIR_PROJECT="$WORK/gemini-pair-project"
  mkdir -p "$PAIR_PROJECT" "$HOME/.gemini"
  printf 'alpha\nbeta\ngamma\n' > "$PAIR_PROJECT/notes.txt"
  cat > "$HOME/.gemini/settings.json" <<JSON
{"security": {"auth": {"selectedType": "gemini-api-key"}}, "ide": {"enabled": true, "hasSeenNudge": true},
 "general": {"disableAutoUpdate": true, "disableUpdateNag": true}, "privacy": {"usageStatisticsEnabled": false},
 "telemetry": {"enabled": false}}
JSON
  # One scripted model for both CLIs: each prompt names its edit. Both edits are written against the file as
  # it is before either lands; the second one's old_string still matches after the first.
  cat > "$WORK/gemini-pair-scenario.json" <<JSON
[
  {"when": "functionResponse", "reply": {"text": "PAIR-TOOL-ANSWERED"}},
  {"when": "make beta loud", "reply": {"call": {"name": "replace", "args": {"file_path": "$PAIR_PROJECT/notes.txt",
    "instruction": "Uppercase beta", "old_string": "beta", "new_string": "BETA"}}}},
  {"when": "make gamma loud", "reply": {"call": {"name": "replace", "args": {"file_path": "$PAIR_PROJECT/notes.txt",
    "instruction": "Uppercase gamma", "old_string": "gamma", "new_string": "GAMMA"}}}}
]
JSON
  PAIR_PORT=$((PORT_BASE + ports_taken++))
  node "$ROOT/e2e/fake-gemini.mjs" "$PAIR_PORT" "$WORK/gemini-pair-scenario.json" "$WORK/gemini-pair-api.jsonl" \
    > "$WORK/gemini-pair-api.out" 2>&1 &
  PAIR_API_PID=$!
  section_failed_before=$failed
  pair_env="GEMINI_API_KEY=dummy GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:$PAIR_PORT GEMINI_CLI_TRUST_WORKSPACE=true GEMINI_CLI_NO_RELAUNCH=true NO_PROXY=127.0.0.1,localhost"
  printf -v pair_nvim '%q ' "$NVIM" --clean --listen "$(nvim_sock pair)" --cmd "set rtp^=$ROOT" notes.txt \
    -c "lua require('claude-ide').setup({ diff = { focus = 'always' }, review = { turn = false }, terminal = { command = '$GEMINI' } })"
  tmux -S "$TMUX_SOCK" new-session -d -s pair -x 200 -y 50 -c "$PAIR_PROJECT" \
    "env -u CI -u CONTINUOUS_INTEGRATION $pair_env $pair_nvim; sleep 600"
  wait_for 10 test -S "$(nvim_sock pair)" || echo "the pair Neovim did not start"

  # The two CLIs run in Neovim terminals: gemini://gemini and gemini://gemini-2. Keys go to each terminal's job.
  pair_job() { echo "getbufvar(bufnr('$1'), 'terminal_job_id')"; }
  pair_type() { # pair_type <terminal> <text>: typed into that CLI's prompt, then Enter
    nv pair "chansend($(pair_job "$1"), '$2')" >/dev/null
    sleep 0.5
    nv pair "chansend($(pair_job "$1"), \"\\r\")" >/dev/null
  }
  pair_request() { grep -F ':streamGenerateContent' "$WORK/gemini-pair-api.jsonl" 2>/dev/null | grep -F "$1"; } # <prompt>
  pair_prompt() { # pair_prompt <terminal> <text>: pair_type, and Enter once more if the prompt did not go out (an
    # Enter typed while the CLI still settles after a turn is sometimes swallowed)
    pair_type "$1" "$2"
    wait_for 10 pair_request "$2" || nv pair "chansend($(pair_job "$1"), \"\\r\")" >/dev/null
  }
  pair_screen() { nv pair "join(getbufline(bufnr('$1'), 1, '\$'), \"\\n\")"; }
  pair_has() { [[ "$(pair_screen "$1")" == *"$2"* ]]; } # pair_has <terminal> <text>
  pair_clients() { nv pair 'luaeval("#require([[claude-ide]]).server():companion():clients()")'; }
  pair_companion_sessions() { nv pair 'luaeval("vim.tbl_count(require([[claude-ide]]).server():companion().sessions)")'; }
  pair_connected() { [[ "$(pair_clients)" -ge "$1" ]]; }
  # A model request of the CLI that was asked <prompt> carrying a tool's answer.
  pair_answered() { grep -F ':streamGenerateContent' "$WORK/gemini-pair-api.jsonl" 2>/dev/null | grep -F 'functionResponse' | grep -qF "$1"; }

  # The hooks (a refusal's reason reaches the next prompt through BeforeAgent) go where a user puts them: Gemini
  # CLI 0.61 reads no system-defaults file below /tmp ($WORK), so the :ClaudeCodeHooks output is merged into
  # ~/.gemini/settings.json.
  printf '%s\n' \
    "local path = vim.env.HOME .. '/.gemini/settings.json'" \
    "local s = vim.json.decode(table.concat(vim.fn.readfile(path), '\\n'))" \
    "s.hooks = require('claude-ide.hooks.settings').hooksFor('gemini')" \
    "vim.fn.writefile({ vim.json.encode(s) }, path)" > "$WORK/gemini-pair-hooks.lua"
  nv_ex pair "luafile $WORK/gemini-pair-hooks.lua"
  nv_ex pair "ClaudeCode"
  check "gemini pair: the first CLI connects in IDE mode" wait_for 60 pair_connected 1
  nv_ex pair "ClaudeCodeNew"
  check "gemini pair: the second CLI connects too" wait_for 60 pair_connected 2
  wait_for 90 pair_has "gemini://gemini" "Type your message" || true
  wait_for 90 pair_has "gemini://gemini-2" "Type your message" || true
  pair_type "gemini://gemini" "make beta loud"
  check "gemini pair: the first CLI's edit opens the review in Neovim" wait_for 30 has_diff_tab pair
  # While that review is open, the second CLI proposes an edit to the same file.
  pair_type "gemini://gemini-2" "make gamma loud"
  check "gemini pair: the second CLI asks in its own terminal too" \
    wait_for 30 pair_has "gemini://gemini-2" "Apply this change?"
  pair_told() { [[ "$(nv pair 'execute("messages")')" == *"waits for this review (shown if you reject this one)"* ]]; }
  check "gemini pair: Neovim tells the user the second proposal waits" wait_for 10 pair_told
  check "gemini pair: still one review in Neovim (the first one's)" test "$(nv pair "$DIFF_TABS")" == 1
  check "gemini pair: the second CLI opened no Debug Console" bash -c "! [[ \"\$1\" == *'Debug Console'* ]]" _ \
    "$(pair_screen "gemini://gemini-2")"
  nv_ex pair "ClaudeCodeDiffAccept"
  check "gemini pair: the first review accepted, its CLI writes the file" \
    wait_for 20 file_is "$PAIR_PROJECT/notes.txt" $'alpha\nBETA\ngamma'
  check "gemini pair: the first CLI's model gets the tool's answer" wait_for 20 pair_answered "make beta loud"
  # The waiting proposal was made against the file before BETA: rejected unseen, its CLI's dialog goes.
  pair_dropped() { [[ "$(nv pair 'execute("messages")')" == *"proposal for notes.txt was not shown: another session"* ]]; }
  check "gemini pair: the waiting proposal is rejected unseen, and Neovim says why" wait_for 20 pair_dropped
  check "gemini pair: no review of the waiting proposal opened" test "$(nv pair "$DIFF_TABS")" == 0
  check "gemini pair: the first CLI's change is kept" file_is "$PAIR_PROJECT/notes.txt" $'alpha\nBETA\ngamma'
  check "gemini pair: still no Debug Console in the second CLI" bash -c "! [[ \"\$1\" == *'Debug Console'* ]]" _ \
    "$(pair_screen "gemini://gemini-2")"
  # Not stuck: asked again now that the first review is decided, its edit is reviewed in Neovim; refused with a
  # reason, the reason goes with that CLI's next prompt, not with the other CLI's.
  wait_for 20 pair_has "gemini://gemini-2" "Type your message" || true
  pair_prompt "gemini://gemini-2" "make gamma loud again"
  pair_not_shown_told() { pair_request "make gamma loud again" | grep -qF 'was not shown in Neovim'; }
  check "gemini pair: that prompt tells the second CLI's model why its proposal was not shown" \
    wait_for 30 pair_not_shown_told
  check "gemini pair: the second CLI's next proposal opens its review in Neovim" wait_for 30 has_diff_tab pair
  nv_ex pair "ClaudeCodeDiffDeny use tabs please"
  check "gemini pair: refused with a reason, the review closes" wait_for 10 no_diff_tab pair
  wait_for 20 pair_has "gemini://gemini" "Type your message" || true
  pair_prompt "gemini://gemini" "say hello one"
  check "gemini pair: the first CLI's next prompt reached the model" wait_for 30 pair_request "say hello one"
  check "gemini pair: ... without the other CLI's refusal reason" bash -c "! grep -F 'say hello one' '$WORK/gemini-pair-api.jsonl' | grep -qF 'use tabs please'"
  wait_for 20 pair_has "gemini://gemini-2" "Type your message" || true
  pair_prompt "gemini://gemini-2" "make gamma loud at last"
  pair_reason_sent() { pair_request "make gamma loud at last" | grep -qF 'Their reason: use tabs please'; }
  check "gemini pair: the second CLI's next prompt carries its refusal's reason to the model" wait_for 30 pair_reason_sent
  check "gemini pair: that prompt's edit opens its review" wait_for 30 has_diff_tab pair
  nv_ex pair "ClaudeCodeDiffAccept"
  check "gemini pair: accepted, the second CLI writes its edit on top of the first's" \
    wait_for 20 file_is "$PAIR_PROJECT/notes.txt" $'alpha\nBETA\nGAMMA'
  check "gemini pair: no review is left open" wait_for 10 no_diff_tab pair
  # The first CLI quits (Gemini CLI sends no DELETE): only the live one is listed, and its session ends.
  pair_type "gemini://gemini" "/quit"
  pair_listed() { # one session, the live one (as :ClaudeCodeSessions lists them), and one companion client
    [[ "$(nv pair 'luaeval("#require([[claude-ide]]).sessions()")')" == 1 ]] &&
      [[ "$(nv pair 'luaeval("require([[claude-ide]]).describe_session(require([[claude-ide]]).sessions()[1])")')" \
        == *"gemini 2 [Gemini CLI]"*"connected via the companion"* ]] && [[ "$(pair_clients)" == 1 ]]
  }
  check "gemini pair: the first CLI quit, only the live one is listed as connected" wait_for 30 pair_listed
  pair_sessions_one() { [[ "$(pair_companion_sessions)" == 1 ]]; }
  check "gemini pair: the quit CLI's companion session ends (no DELETE needed)" wait_for 40 pair_sessions_one
  if ((failed > section_failed_before)); then
    echo "--- pair Neovim screen ---"; pane pair
    echo "--- sessions ---"; nv pair 'luaeval("vim.inspect(vim.tbl_map(require([[claude-ide]]).describe_session, require([[claude-ide]]).sessions()))")'
    echo "companion clients: $(pair_clients), companion sessions: $(pair_companion_sessions)"
    echo "--- gemini://gemini ---"; pair_screen "gemini://gemini" | tail -30
    echo "--- gemini://gemini-2 ---"; pair_screen "gemini://gemini-2" | tail -30
    tail -c 3000 "$WORK/gemini-pair-api.jsonl" 2>/dev/null
  fi
  kill "$PAIR_API_PID" 2>/dev/null
fi
