# 99. Quitting Neovim says goodbye (the last section: it quits its Neovim). A CLI in its own terminal is connected to
# a Neovim with a UI, and the user quits Neovim with :qa!. Before the connection ends the CLI must get a close frame
# 1001 (going away), and it answers with its own close frame: a clean close, not a connection lost without one (1006,
# which is what the CLI sees when Neovim exits without the goodbye). The CLI keeps the close code to itself
# (e2e/ws-tap.mjs says where it was looked for), so this CLI's connection runs through ws-tap: a relay that forwards
# every byte unchanged and records the close frames going each way. The CLI finds the relay's port as it finds
# Neovim's: CLAUDE_CODE_SSE_PORT and a lock file of that name (a copy of Neovim's: same token, pid and workspace).
BYE_PROJECT="$WORK/bye-project"
mkdir -p "$BYE_PROJECT"
echo '[]' > "$WORK/bye-scenario.json" # no turns: the CLI is only connected
start_ui_nvim bye "$BYE_PROJECT" -c "lua require('claude-ide').setup({ diff = { focus = 'always' } })"
BYE_PORT="$(nv bye "luaeval('require(\"claude-ide\").status().port')")"
TAP_PORT=$((PORT_BASE + ports_taken++))
node "$ROOT/e2e/ws-tap.mjs" "$TAP_PORT" "$BYE_PORT" "$WORK/bye-tap.jsonl" > "$WORK/bye-tap.out" 2>&1 &
wait_for 10 grep -q listening "$WORK/bye-tap.out" || echo "the relay did not start"
cp -p "$HOME/.claude/ide/$BYE_PORT.lock" "$HOME/.claude/ide/$TAP_PORT.lock"
start_cli bye-cli "$BYE_PROJECT" "$TAP_PORT" bye
tap_has() { grep -qF -- "$1" "$WORK/bye-tap.jsonl" 2>/dev/null; } # tap_has <text>: a line of the relay's log
check "goodbye: the CLI connects (through the relay)" wait_for 30 clis_announced bye 1
tmux -S "$TMUX_SOCK" send-keys -t bye Escape
type_into bye ":qa!"
check "goodbye: :qa! quits Neovim" wait_for 10 bash -c "! test -S '$(nvim_sock bye)'"
# bye_closed <from>: the number of a connection on which <from> sent a close frame 1001 (none: fails). The one to
# follow is the connection still open when Neovim quit: under load the CLI once dropped its first connection (a FIN
# of its own, no close frame, before :qa!) and opened another, so it is not always connection 1; a connection the
# relay opens after Neovim has gone only sees a reset.
bye_closed() { grep -F "\"from\":\"$1\",\"close\":1001," "$WORK/bye-tap.jsonl" 2>/dev/null | sed -n '1s/.*"conn":\([0-9]*\),.*/\1/p' | grep .; }
check "goodbye: Neovim sends the CLI a close frame 1001 (going away) before the connection ends" \
  wait_for 5 bye_closed ide
check "goodbye: the CLI answers with its own close frame 1001 on that connection: it saw a clean close, not 1006" \
  wait_for 5 eval 'tap_has "{\"conn\":$(bye_closed ide),\"from\":\"cli\",\"close\":1001,"'
if ((failed > section_failed_before)); then
  echo "--- relay log ---"; cat "$WORK/bye-tap.jsonl"
  echo "--- goodbye CLI screen ---"; pane bye-cli
fi
end_ui_section bye
