# 19. Neovim is the agent's editor (issue 43): in a :ClaudeCode terminal the user types half a prompt and presses
# Ctrl-G; Claude Code runs $VISUAL, which :ClaudeCode set to the plugin's editor command, and the prompt opens in a
# buffer of this same Neovim (no second nvim under the terminal). Text appended, :wq: the CLI's prompt holds the
# edited text, and after Enter the scripted model receives it. A second Ctrl-G closed with :cq leaves the prompt as
# it was. Keys are typed through tmux, as a user types them.
ED_PROJECT="$WORK/editor-project"
mkdir -p "$ED_PROJECT"
cat > "$WORK/editor-scenario.json" <<JSON
[
  {"text": "EDITOR-ONE-DONE"},
  {"text": "EDITOR-TWO-DONE"}
]
JSON
start_ui_nvim editor "$ED_PROJECT" -c "$WITH_CLAUDE"
ed_keys() { tmux -S "$TMUX_SOCK" send-keys -t editor "$@"; }
ed_md_buffer() { [[ "$(nv editor '&filetype')" == markdown && "$(nv editor '&buftype')" == "" ]]; }
# A nested editor would be a second Neovim drawing inside the terminal: an nvim below the CLI that is not an
# `nvim -l` script (the plugin's editor command is one: it only asks this Neovim and waits).
ed_no_nested_nvim() {
  local cli pid
  cli="$(nv editor 'luaeval("require([[claude-ide]]).status().cliPids[1]")')"
  [[ -n "$cli" ]] || return 1
  for pid in $(tree_pids "$cli"); do
    [[ "$pid" == "$cli" ]] && continue
    local -a argv=()
    mapfile -d "" argv 2>/dev/null < "/proc/$pid/cmdline" || continue
    ((${#argv[@]} > 0)) || continue
    [[ "${argv[0]}" =~ (^|/)nvim$ && " ${argv[*]} " != *" -l "* ]] && return 1
  done
  return 0
}
# ... and the plugin's editor command is what runs while the buffer is open (below this section's Neovim).
ed_editor_command_runs() { tree_args "$(nv editor 'getpid()')" | grep -qF -- "hook.lua claude editor"; }
nv_ex editor "ClaudeCode"
wait_for 30 pane_has editor "? for shortcuts"
ed_keys -l "Say hello to"
sleep 0.5
ed_keys C-g
check "editor: Ctrl-G opens the prompt in a buffer of this Neovim (markdown)" wait_for 20 ed_md_buffer
check "editor: the buffer holds the half-typed prompt" \
  wait_for 10 eval '[[ "$(nv editor "getline(1)")" == "Say hello to"* ]]'
check "editor: the CLI ran the plugin's editor command" ed_editor_command_runs
check "editor: no second Neovim drawing under the CLI" ed_no_nested_nvim
ed_keys 'A' ' the whole world' Escape
ed_keys ':wq' Enter
check "editor: after :wq the focus is back in the agent's terminal, in Terminal mode" wait_for 20 ui_in_terminal editor
check "editor: the CLI's prompt holds the edited text" wait_for 20 pane_has editor "Say hello to the whole world"
ed_keys Enter
check "editor: the model receives the edited prompt" wait_for 30 api_log_has editor "Say hello to the whole world"
wait_for 30 pane_has editor "EDITOR-ONE-DONE" || true
ed_keys -l "Keep this as typed"
sleep 0.5
ed_keys C-g
check "editor: a second Ctrl-G opens it again" wait_for 20 ed_md_buffer
ed_keys 'A' ' and this goes' Escape
ed_keys ':cq' Enter
check "editor: :cq goes back to the terminal, in Terminal mode" wait_for 20 ui_in_terminal editor
check "editor: :cq left the prompt as it was" wait_for 10 pane_has editor "Keep this as typed"
ed_not_changed() { ! pane_has editor "and this goes"; }
check "editor: ... without the text typed in the cancelled edit" ed_not_changed
end_ui_section editor

# The same with Gemini CLI's external editor key, offline against the scripted Gemini API: Ctrl-G in 0.61 (its
# Ctrl-X only says "Use Ctrl+G to open the external editor" now).
GEMINI_ED="$(bash "$ROOT/scripts/gemini-cli.sh")" || GEMINI_ED=""
check "editor (gemini): the CLI is installed (scripts/gemini-cli.sh)" test -n "$GEMINI_ED"
if [[ -n "$GEMINI_ED" ]]; then
  GE_PROJECT="$WORK/editor-project/gemini"
  mkdir -p "$GE_PROJECT" "$HOME/.gemini"
  [[ -f "$HOME/.gemini/settings.json" ]] || printf '%s\n' \
    '{"security": {"auth": {"selectedType": "gemini-api-key"}}, "ide": {"enabled": true, "hasSeenNudge": true},' \
    ' "general": {"disableAutoUpdate": true, "disableUpdateNag": true}, "privacy": {"usageStatisticsEnabled": false},' \
    ' "telemetry": {"enabled": false}}' > "$HOME/.gemini/settings.json"
  printf '%s\n' '[{"when": "Greet the gemini world", "reply": {"text": "GEMINI-EDITOR-DONE"}}]' > "$WORK/gedit-scenario.json"
  GE_PORT=$((PORT_BASE + ports_taken++))
  node "$ROOT/e2e/fake-gemini.mjs" "$GE_PORT" "$WORK/gedit-scenario.json" "$WORK/gedit-api.jsonl" > "$WORK/gedit-api.out" 2>&1 &
  GE_API_PID=$!
  section_failed_before=$failed
  ge_env="GEMINI_API_KEY=dummy GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:$GE_PORT GEMINI_CLI_TRUST_WORKSPACE=true GEMINI_CLI_NO_RELAUNCH=true NO_PROXY=127.0.0.1,localhost"
  printf -v ge_nvim '%q ' "$NVIM" --clean --listen "$(nvim_sock gedit)" --cmd "set rtp^=$ROOT" \
    -c "lua require('claude-ide').setup({ terminal = { command = '$GEMINI_ED' } })"
  tmux -S "$TMUX_SOCK" new-session -d -s gedit -x 200 -y 50 -c "$GE_PROJECT" \
    "env -u CI -u CONTINUOUS_INTEGRATION $ge_env $ge_nvim; sleep 600"
  wait_for 10 test -S "$(nvim_sock gedit)" || echo "the gedit Neovim did not start"
  ge_keys() { tmux -S "$TMUX_SOCK" send-keys -t gedit "$@"; }
  ge_md_buffer() { [[ "$(nv gedit '&filetype')" == markdown && "$(nv gedit '&buftype')" == "" ]]; }
  nv_ex gedit "ClaudeCode"
  wait_for 60 pane_has gedit "Type your message" || sleep 5
  ge_keys -l "Greet the"
  sleep 0.5
  ge_keys C-g
  check "editor (gemini): Ctrl-G opens the prompt in a buffer of this Neovim (markdown)" wait_for 20 ge_md_buffer
  check "editor (gemini): the buffer holds the half-typed prompt" \
    wait_for 10 eval '[[ "$(nv gedit "getline(1)")" == "Greet the"* ]]'
  ge_keys 'A' ' gemini world' Escape
  ge_keys ':wq' Enter
  check "editor (gemini): after :wq the terminal has the focus, in Terminal mode" wait_for 20 ui_in_terminal gedit
  check "editor (gemini): the CLI's prompt holds the edited text" wait_for 20 pane_has gedit "Greet the gemini world"
  ge_keys Enter
  ge_sent() { grep -qF "Greet the gemini world" "$WORK/gedit-api.jsonl" 2>/dev/null; }
  wait_for 10 ge_sent || ge_keys Enter
  check "editor (gemini): the model receives the edited prompt" wait_for 30 ge_sent
  if ((failed > section_failed_before)); then
    echo "--- gedit Neovim screen ---"; pane gedit
  fi
  kill "$GE_API_PID" 2>/dev/null
fi
