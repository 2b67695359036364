# 15. Gemini CLI in IDE mode: the real CLI (npm @google/gemini-cli, pinned in scripts/gemini-cli.sh) runs in
# the terminal :ClaudeCode starts (terminal.command = gemini; the companion turns itself on and the terminal
# inherits GEMINI_CLI_IDE_*), against a scripted stand-in for the Gemini API (e2e/fake-gemini.mjs). Checked:
# it connects to this Neovim in IDE mode; an edit it proposes opens the review in Neovim; the first is accepted
# (the CLI writes the file and tells the model), the second rejected (the file stays, the model is told); the
# session is listed connected under the CLI's name (sessions, :checkhealth), the review names the CLI, and
# :ClaudeCodeAdd's @path reaches the prompt and a selection made before going to the terminal the model's request.
GEMINI="$(bash "$ROOT/scripts/gemini-cli.sh")" || { echo "the Gemini CLI could not be installed" >&2; GEMINI=""; }
# The project installs the CLI itself: one that is missing is a failure, never a silent skip.
check "gemini: the CLI is installed (scripts/gemini-cli.sh)" test -n "$GEMINI"
if [[ -n "$GEMINI" ]]; then
  GEM_PROJECT="$WORK/gemini-project"
  mkdir -p "$GEM_PROJECT" "$HOME/.gemini"
  printf 'alpha\nbeta\ngamma\n' > "$GEM_PROJECT/notes.txt"
  printf 'added-file-4242\n' > "$GEM_PROJECT/added.txt"
  printf 'first line\nselected-words-7731\nlast line\n' > "$GEM_PROJECT/pick.txt"
  # API-key auth (GOOGLE_GEMINI_BASE_URL alone selects "gateway" auth, which 0.61 rejects), IDE mode on.
  cat > "$HOME/.gemini/settings.json" <<JSON
{"security": {"auth": {"selectedType": "gemini-api-key"}}, "ide": {"enabled": true, "hasSeenNudge": true},
 "general": {"disableAutoUpdate": true, "disableUpdateNag": true}, "privacy": {"usageStatisticsEnabled": false},
 "telemetry": {"enabled": false}}
JSON
  cat > "$WORK/gemini-scenario.json" <<JSON
[
  {"when": "functionResponse", "reply": {"text": "GEMINI-TOOL-ANSWERED"}},
  {"when": "make beta loud", "reply": {"call": {"name": "replace", "args": {"file_path": "$GEM_PROJECT/notes.txt",
    "instruction": "Uppercase beta", "old_string": "alpha\nbeta\ngamma", "new_string": "alpha\nBETA\ngamma"}}}},
  {"when": "make gamma loud", "reply": {"call": {"name": "replace", "args": {"file_path": "$GEM_PROJECT/notes.txt",
    "instruction": "Uppercase gamma", "old_string": "BETA\ngamma", "new_string": "BETA\nGAMMA"}}}}
]
JSON
  GEM_PORT=$((PORT_BASE + ports_taken++))
  node "$ROOT/e2e/fake-gemini.mjs" "$GEM_PORT" "$WORK/gemini-scenario.json" "$WORK/gemini-api.jsonl" > "$WORK/gemini-api.out" 2>&1 &
  GEM_API_PID=$!
  section_failed_before=$failed
  gem_env="GEMINI_API_KEY=dummy GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:$GEM_PORT GEMINI_CLI_TRUST_WORKSPACE=true GEMINI_CLI_NO_RELAUNCH=true NO_PROXY=127.0.0.1,localhost"
  printf -v gem_nvim '%q ' "$NVIM" --clean --listen "$(nvim_sock gemini)" --cmd "set rtp^=$ROOT" notes.txt \
    -c "lua require('claude-ide').setup({ terminal = { command = '$GEMINI' } })"
  # Without CI in its environment: Gemini CLI takes CI=true (set by .ci/run) for a non-interactive run and
  # leaves its prompt at once (the edits below were then typed into Neovim's buffer instead).
  tmux -S "$TMUX_SOCK" new-session -d -s gemini -x 200 -y 50 -c "$GEM_PROJECT" \
    "env -u CI -u CONTINUOUS_INTEGRATION $gem_env $gem_nvim; sleep 600"
  wait_for 10 test -S "$(nvim_sock gemini)" || echo "the gemini Neovim did not start"
  gem_file_written() { compgen -G "$TMPDIR/gemini/ide/gemini-ide-server-*.json" >/dev/null; }
  check "gemini: the companion wrote its discovery file" wait_for 10 gem_file_written
  nv_ex gemini "ClaudeCode"
  gem_connected() { [[ "$(nv gemini 'luaeval("#require([[claude-ide]]).server():companion():clients()")')" -ge 1 ]]; }
  check "gemini: the CLI in :ClaudeCode's terminal connected in IDE mode" wait_for 60 gem_connected
  gem_session() { nv gemini 'luaeval("require([[claude-ide]]).describe_session(require([[claude-ide]]).sessions()[1])")'; }
  gem_session_connected() { [[ "$(gem_session)" == *"gemini [Gemini CLI]"*"connected via the companion"* ]]; }
  check "gemini: the session is listed connected under the CLI's name" wait_for 10 gem_session_connected
  check "gemini: its terminal is gemini://gemini" test "$(nv gemini 'bufname(bufnr("gemini://gemini"))')" == "gemini://gemini"
  check "gemini: the CLI shows its prompt" wait_for 90 pane_has gemini "Type your message"
  type_into gemini "make beta loud"
  check "gemini: its proposed edit opens the review in Neovim" wait_for 60 has_diff_tab gemini
  gem_review_named() { [[ "$(nv gemini 'luaeval("vim.inspect(vim.tbl_map(function(r) return r.tabName end, require([[claude-ide.editor.state]]).pendingReviews()))")')" == *"[Gemini CLI] notes.txt"* ]]; }
  check "gemini: the review is titled with the CLI's name" wait_for 5 gem_review_named
  check "gemini: the review's winbar names the CLI" winbar_has gemini "Gemini CLI's proposal"
  nv_ex gemini "ClaudeCodeDiffAccept"
  check "gemini: accepted, the CLI wrote the file" wait_for 20 file_is "$GEM_PROJECT/notes.txt" $'alpha\nBETA\ngamma'
  check "gemini: the model got the tool's answer" wait_for 20 api_log_has gemini "functionResponse"
  check "gemini: the CLI reported the outcome" wait_for 20 pane_has gemini "GEMINI-TOOL-ANSWERED"
  type_into gemini "make gamma loud"
  check "gemini: the second edit opens a review" wait_for 60 has_diff_tab gemini
  nv_ex gemini "ClaudeCodeDiffDeny"
  check "gemini: rejected, the review closes" wait_for 10 no_diff_tab gemini
  sleep 2
  check "gemini: rejected, the file is unchanged" file_is "$GEM_PROJECT/notes.txt" $'alpha\nBETA\ngamma'
  check "gemini: the CLI reports the rejection" wait_for 20 pane_has gemini "Rejected"
  # :ClaudeCodeAdd types @path into the CLI's prompt; sent, the file's content reaches the model.
  nv_ex gemini "ClaudeCodeAdd added.txt"
  check "gemini: :ClaudeCodeAdd typed @added.txt into the prompt" wait_for 10 pane_has gemini "@added.txt"
  # Enter sends the prompt; when Gemini CLI's @-completion list is still open under it, that first Enter only
  # accepts the completion (the same text) and a user presses Enter again: so does this run when nothing was sent.
  tmux -S "$TMUX_SOCK" send-keys -t gemini Enter
  wait_for 5 api_log_has gemini "added-file-4242" || tmux -S "$TMUX_SOCK" send-keys -t gemini Enter
  check "gemini: the added file reached the model's request" wait_for 30 api_log_has gemini "added-file-4242"
  # A selection made in the editor, then over to the terminal to ask: it reaches the model's request.
  nv_keys gemini '<C-\><C-n>'
  nv_ex gemini "wincmd p"
  nv_ex gemini "edit pick.txt"
  nv_keys gemini "2GV<Esc>"
  nv_ex gemini "wincmd p"
  nv_ex gemini "startinsert"
  sleep 1
  type_into gemini "what did I select"
  check "gemini: the selection made before going to the terminal reached the model" wait_for 30 api_log_has gemini "selected-words-7731"
  nv_ex gemini "checkhealth claude-ide"
  gem_health() { [[ "$(nv gemini 'join(getline(1, "$"), "\n")')" == *"session * gemini [Gemini CLI]"*"connected via the companion"* ]]; }
  check "gemini: :checkhealth shows the session connected under the CLI's name" wait_for 10 gem_health
  if ((failed > section_failed_before)); then
    echo "--- gemini Neovim screen ---"; pane gemini
    tail -c 3000 "$WORK/gemini-api.jsonl" 2>/dev/null
  fi
  kill "$GEM_API_PID" 2>/dev/null
fi
