# 20. The agent on another machine, the review in this Neovim (issue 44). The far side is e2e/far/far.sh: an
# sshd run as the user (bookworm's OpenSSH from .deps), whose every session runs in a bubblewrap sandbox with its
# own mount, network and pid namespaces, showing the project at /workspace (its local path does not exist there)
# and its own HOME. The real Claude Code CLI runs there, started by `:ClaudeCode @box`: remote.targets.box's
# command is that ssh (the plugin adds -R for the far session's door; the scripted model's port is the target's
# own -R), its folders map /workspace to the local project. Nothing over there is Neovim: the lock file is written
# by the far script, hooks and agent tools are HTTP entries to the door. Checked, all with far paths on the wire:
#   - the far lock file (0600, the door's port, /workspace) and the settings and MCP config files beside it (0600,
#     given to the far claude as paths), the CLI connected through the door, :checkhealth;
#   - no process of the session, here or over there, has the door's token on its command line;
#   - an Edit of /workspace/a.txt reviewed on the local a.txt and accepted by :w: the CLI writes it over there;
#   - a selection and an @-mention reaching the model as /workspace paths;
#   - an agent tool (mcp__nvim__read_buffer over HTTP MCP) reading the local unsaved buffer by its far path;
#   - a note on a proposal's line and `gQ` (request changes): the next prompt gives the model the note as the
#     reason, by the far path (/workspace/a.txt);
#   - a second session in acceptEdits mode: an Edit and a `sed -i` over there, the turn review here (HTTP hooks)
#     lists both, one hunk reverted by keys, a note (`gn`) on the other file's line: the next prompt's hook gives
#     the model that note with its far path (/workspace/c.txt), the quoted line and the note, once;
#   - closing the terminal removes the far lock file;
#   - a dropped connection (the session's ssh killed with a review pending): the review stays open and writes
#     here, the door closes, the far lock file goes, :ClaudeCode @box starts again through a new door.
# Where this machine forbids the namespaces or the server, the section says why and counts as skipped, never passed.
FAR_PROJECT="$WORK/far-project"
FAR_DIR="$WORK/far-machine"
mkdir -p "$FAR_PROJECT"
printf 'alpha\nbeta\ngamma\n' > "$FAR_PROJECT/a.txt"
printf 'saved text\n' > "$FAR_PROJECT/b.txt"
printf 'c1\nc2\n' > "$FAR_PROJECT/c.txt"
printf 'd1\nd2\n' > "$FAR_PROJECT/d.txt"
if ! far_why="$(bash "$ROOT/e2e/far/far.sh" check 2>&1)"; then
  echo "skip far: $far_why"
  skipped=$((skipped + 1))
elif ! bash "$ROOT/e2e/far/far.sh" start "$FAR_DIR" "$FAR_PROJECT" > "$WORK/far-start.out" 2>&1; then
  check "far: the far side starts ($(tail -n 3 "$WORK/far-start.out" | tr '\n' ' '))" false
else
  # shellcheck source=/dev/null
  source "$FAR_DIR/env"
  # shellcheck source=e2e/far/sections.sh
  source "$ROOT/e2e/far/sections.sh"
  FAR_STOP=(bash "$ROOT/e2e/far/far.sh" stop "$FAR_DIR")
  # The far CLI's first-run screens answered and /workspace trusted, in its own home (hooks run only there).
  remote_cli_home "$FAR_HOME_LOCAL"
  # setup(): the target's command is far.sh's ssh prefix with -t, and the scripted model's port forwarded.
  far_init() { # far_init <model>
    {
      echo "local ssh = vim.fn.readfile('$FAR_DIR/ssh-argv')"
      echo "local dest = table.remove(ssh)"
      echo "vim.list_extend(ssh, { '-t', '-R', '${API_PORT[$1]}:127.0.0.1:${API_PORT[$1]}', dest })"
      echo "require('claude-ide').setup({ diff = { focus = 'always' }, remote = { targets = { box = {"
      echo "  command = ssh, folders = { ['/workspace'] = '$FAR_PROJECT' }, cli = '$FAR_CLI',"
      echo "  env = { ANTHROPIC_API_KEY = 'sk-ant-e2e-fake', ANTHROPIC_BASE_URL = 'http://127.0.0.1:${API_PORT[$1]}',"
      echo "    DISABLE_TELEMETRY = '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC = '1' } } } } })"
    } > "$WORK/$1-init.lua"
  }
  # far_ui_nvim <name>: the scripted model <name> started, then a Neovim with far_init's setup in its own tmux
  # window, the way start_ui_nvim starts one; the section's failures are counted from here (end_ui_section).
  far_ui_nvim() {
    start_model "$1"
    far_init "$1"
    section_failed_before=$failed
    printf -v far_nvim '%q ' "$NVIM" --clean --listen "$(nvim_sock "$1")" --cmd "set rtp^=$ROOT" -c "luafile $WORK/$1-init.lua"
    tmux -S "$TMUX_SOCK" new-session -d -s "$1" -x 200 -y 50 -c "$FAR_PROJECT" "$far_nvim; sleep 600"
    wait_for 10 test -S "$(nvim_sock "$1")" || echo "the $1 Neovim did not start"
  }
  # The scripted model of the first session: Read and Edit a.txt (a proposal), answers to the selection and
  # the mention, then the agent tool (loaded through ToolSearch first).
  cat > "$WORK/far-scenario.json" <<EOF
[
  {"tool": "Read", "input": {"file_path": "/workspace/a.txt"}},
  {"tool": "Edit", "input": {"file_path": "/workspace/a.txt", "old_string": "beta", "new_string": "BETA"}},
  {"text": "FAR-EDIT-DONE"},
  {"text": "FAR-SELECTION-SEEN"},
  {"text": "FAR-MENTION-SEEN"},
  {"tool": "ToolSearch", "input": {"query": "select:mcp__nvim__read_buffer", "max_results": 5}},
  {"tool": "mcp__nvim__read_buffer", "input": {"path": "/workspace/b.txt"}},
  {"text": "FAR-TOOL-DONE"},
  {"tool": "Edit", "input": {"file_path": "/workspace/a.txt", "old_string": "gamma", "new_string": "GAMMA"}},
  {"text": "FAR-GQ-SEEN"}
]
EOF
  far_ui_nvim far
  fv() { nv far "$1"; }
  far_keys() { tmux -S "$TMUX_SOCK" send-keys -t far "$@"; }
  nv_ex far "ClaudeCode @box"
  check "far: the CLI over ssh connects through the far session's door" wait_for 45 remote_connected far
  FAR_DOOR="$(remote_door far)"
  FAR_LOCK="$FAR_HOME_LOCAL/.claude/ide/$FAR_DOOR.lock"
  far_lock_ok() {
    [[ "$(stat -c %a "$FAR_LOCK")" == 600 ]] &&
      node -e 'const l = JSON.parse(require("fs").readFileSync(process.argv[1])); process.exit(JSON.stringify(l.workspaceFolders) === "[\"/workspace\"]" && l.transport === "ws" && typeof l.authToken === "string" ? 0 : 1)' "$FAR_LOCK"
  }
  check "far: the far lock file names /workspace, mode 600, in the far home" far_lock_ok
  # The settings and MCP config beside it, 0600; the far claude was given their paths.
  far_files_ok() {
    local f
    for f in "$FAR_DOOR.settings.json" "$FAR_DOOR.mcp.json"; do
      [[ "$(stat -c %a "$FAR_HOME_LOCAL/.claude/ide/$f")" == 600 ]] || return 1
    done
    # (sshd comes in through inetd and nsenter: the far processes are in that tree.)
    tree_args "$(cat "$FAR_DIR/run/inetd.pid")" |
      grep -qF -- "--settings /home/far/.claude/ide/$FAR_DOOR.settings.json --mcp-config /home/far/.claude/ide/$FAR_DOOR.mcp.json"
  }
  check "far: the settings and MCP config are 0600 files over there, the far claude gets their paths" far_files_ok
  # Every process of the session, here (this Neovim's tree: its terminal's ssh) and over there (the inetd's tree:
  # nsenter, sshd, the far shell, claude; and the machine's own): neither the door's token nor the header that
  # carries it on any command line.
  FAR_TOKEN="$(remote_token far)"
  far_no_token() {
    local args
    args="$(tree_args "$(fv 'getpid()')" "$(cat "$FAR_DIR/run/inetd.pid")" "$(cat "$FAR_DIR/run/machine-child.pid")")"
    [[ ${#FAR_TOKEN} -ge 16 && "$args" == *ssh*"-R $FAR_DOOR:127.0.0.1:$FAR_DOOR"* && "$args" == *claude* ]] || return 1
    [[ "$args" != *"$FAR_TOKEN"* && "$args" != *X-Claude-Code-IDE-Authorization* ]]
  }
  check "far: no process of the session, on either side, shows the token in its command line" far_no_token
  check ":checkhealth measures a round trip through the forward" remote_health_trip far "$FAR_DOOR"
  leave_health far
  wait_for 30 pane_has far "? for shortcuts"
  type_into far "Change beta to BETA in a.txt"
  check "far: the Edit of /workspace/a.txt opens the review here" wait_for 45 ui_in_review far
  far_review_local() { [[ "$(fv 'luaeval("vim.inspect(vim.tbl_map(function(w) return vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(w), 0, -1, false) end, vim.api.nvim_tabpage_list_wins(0)))")')" == *'"alpha", "beta", "gamma"'*'"alpha", "BETA", "gamma"'* ]]; }
  check "far: the review shows the local a.txt beside the proposal" far_review_local
  far_keys ':w' Enter
  check "far: accepted with :w, the CLI over there writes a.txt" wait_for 30 file_is "$FAR_PROJECT/a.txt" $'alpha\nBETA\ngamma'
  check "far: the turn goes on" wait_for 30 pane_has far "FAR-EDIT-DONE"
  # A selection: a.txt's first two lines in Visual mode, then a prompt.
  nv_ex far "wincmd p"
  nv_ex far "edit a.txt"
  nv_keys far "ggVj"
  sleep 0.5
  nv_keys far "<Esc>"
  nv_ex far "ClaudeCodeFocus"
  type_into far "What did I select?"
  check "far: the selection reaches the model with its far path" \
    wait_for 30 eval 'api_log_has far "/workspace/a.txt" && api_log_has far "FAR-EDIT-DONE" && pane_has far "FAR-SELECTION-SEEN"'
  far_sel() { grep -F 'What did I select?' "$WORK/far-api.jsonl" | grep -qF 'lines 1 to 2 from /workspace/a.txt'; }
  check "far: ... as 'lines 1 to 2 from /workspace/a.txt'" far_sel
  # An @-mention of c.txt, sent from Neovim, then a prompt.
  nv_ex far "ClaudeCodeAdd $FAR_PROJECT/c.txt"
  sleep 1
  type_into far "Look at this"
  far_mention() { grep -F 'Look at this' "$WORK/far-api.jsonl" | grep -qF 'c.txt'; }
  check "far: the @-mention reaches the model (a far path the CLI reads over there)" \
    wait_for 30 eval 'far_mention && pane_has far "FAR-MENTION-SEEN"'
  # The agent tool over HTTP MCP: b.txt open here with an unsaved line the model can only see through Neovim.
  nv_ex far "wincmd p"
  nv_ex far "edit b.txt"
  nv_ex far 'call setline(1, "unsaved far-visible text")'
  nv_ex far "ClaudeCodeFocus"
  type_into far "Read b.txt from my editor"
  check "far: mcp__nvim__read_buffer by /workspace/b.txt reads the unsaved buffer here" \
    wait_for 45 eval 'api_log_has far "unsaved far-visible text" && pane_has far "FAR-TOOL-DONE"'
  # Request changes (issue 52): a note on the proposal's line, gQ; the next prompt gives the model the note as the
  # reason, by the far path.
  type_into far "Uppercase gamma"
  check "far: the Edit of gamma opens its review here" wait_for 45 ui_in_review far
  far_keys '3G'
  note_by_keys far 'FAR-GQ keep it lower case'
  far_keys 'gQ'
  far_gq() { ! ui_in_review far && file_is "$FAR_PROJECT/a.txt" $'alpha\nBETA\ngamma'; }
  check "far: a note and gQ reject the proposal (a.txt untouched)" wait_for 10 far_gq
  type_into far "Why not gamma?"
  check "far: the next request carries that note with the far path, once" \
    wait_for 30 api_once "$WORK/far-api.jsonl" "Why not gamma?" \
    "$(note_for_model "/workspace/a.txt line 3 (of your proposed change, not yet in the file)" 'GAMMA' 'FAR-GQ keep it lower case')"
  far_gq_far() {
    local t
    t="$(api_request "$WORK/far-api.jsonl" "Why not gamma?")" &&
      [[ "$t" == *"rejected your proposed change to /workspace/a.txt."* && "$t" != *"$FAR_PROJECT"* ]]
  }
  check "far: ... as the reason for the proposal of /workspace/a.txt, and no local path in that request" far_gq_far
  end_ui_section far

  # The second session, in acceptEdits mode: no proposal; the turn review at its end (HTTP hooks to the door).
  cat > "$WORK/farturn-scenario.json" <<EOF
[
  {"tool": "Read", "input": {"file_path": "/workspace/c.txt"}},
  {"tool": "Edit", "input": {"file_path": "/workspace/c.txt", "old_string": "c1", "new_string": "C1"}},
  {"tool": "Bash", "input": {"command": "sed -i 's/d1/D1/' d.txt", "description": "Uppercase d1 in d.txt"}},
  {"text": "FAR-TURN-DONE"},
  {"text": "FAR-NOTE-SEEN"}
]
EOF
  far_ui_nvim farturn
  ft() { nv farturn "$1"; }
  ft_keys() { tmux -S "$TMUX_SOCK" send-keys -t farturn "$@"; }
  nv_ex farturn "ClaudeCode @box --permission-mode acceptEdits --allowedTools Bash"
  wait_for 45 pane_has farturn "? for shortcuts"
  type_into farturn "Uppercase the first lines of c.txt and d.txt"
  check "farturn: the CLI over there ran the Edit and the sed" wait_for 60 file_is "$FAR_PROJECT/d.txt" $'D1\nd2'
  ft_lists_both() { [[ "$(remote_titles farturn)" == *"turn 1: 2 files, 1 by shell commands"* ]]; }
  check "farturn: the turn review opens here at the turn's end, listing both files" wait_for 30 ft_lists_both
  ft_line() { ft 'getline(".")'; }
  ft_on_d() { [[ "$(ft_line)" == "d.txt ("* ]]; }
  ft_dropped() { [[ "$(ft 'luaeval("table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, true), \"\\n\")")')" == *"1 of 1 hunk"* ]]; }
  # A note on c.txt's changed line (issue 52), sent with the next prompt once the review is applied.
  ft_keys -l '/^+C1'
  ft_keys Enter
  check "farturn: / to c.txt's changed line" wait_for 10 eval '[[ "$(ft_line)" == "+C1" ]]'
  note_by_keys farturn 'FAR-NOTE why upper case?'
  check "farturn: gn wrote the note" wait_for 10 eval '[[ "$(notes_list farturn)" == *"FAR-NOTE why upper case?"* ]]'
  ft_keys ']f'
  wait_for 10 ft_on_d || true
  ft_keys ']c' 'gH'
  check "farturn: gH typed on d.txt's hunk drops it" wait_for 10 ft_dropped
  ft_keys ':w' Enter
  check "farturn: d.txt's hunk reverted here, c.txt keeps the agent's change" \
    wait_for 20 eval 'file_is "$FAR_PROJECT/d.txt" $'"'"'d1\nd2'"'"' && file_is "$FAR_PROJECT/c.txt" $'"'"'C1\nc2'"'"''
  # The next prompt: its hook (an HTTP hook through the door) gives the model the note with the far path of c.txt,
  # the quoted line and the note, once; the local path goes nowhere near the model.
  type_into farturn "Answer my far note"
  check "farturn: the next request carries the note with the far path (/workspace/c.txt, line, quoted code, note), once" \
    wait_for 30 api_once "$WORK/farturn-api.jsonl" "Answer my far note" \
    "$(note_for_model "/workspace/c.txt line 1" 'C1' 'FAR-NOTE why upper case?')"
  ft_no_local() {
    local t
    t="$(api_request "$WORK/farturn-api.jsonl" "Answer my far note")" && [[ "$t" == *"/workspace/c.txt"* && "$t" != *"$FAR_PROJECT"* ]]
  }
  check "farturn: ... and no local path in that request" ft_no_local
  check "farturn: the model's answer shows" wait_for 30 pane_has farturn "FAR-NOTE-SEEN"
  FT_DOOR="$(remote_door farturn)"
  ft_lock_gone() { [[ ! -e "$FAR_HOME_LOCAL/.claude/ide/$FT_DOOR.lock" ]]; }
  check "farturn: the far lock file exists while the session runs" eval '! ft_lock_gone'
  nv_ex farturn 'lua for _, s in ipairs(require("claude-ide").sessions()) do if s.buf then vim.api.nvim_buf_delete(s.buf, { force = true }) end end'
  check "farturn: closing the terminal removes the far lock file" wait_for 20 ft_lock_gone
  ft_files_gone() { ! compgen -G "$FAR_HOME_LOCAL/.claude/ide/$FT_DOOR.*" > /dev/null; }
  check "farturn: ... and the settings and MCP config files over there" wait_for 20 ft_files_gone
  end_ui_section farturn

  # A dropped connection (issue 50): the ssh of a third session killed (as a network drop or a sleeping laptop
  # ends it) while its proposal waits in a review here. The review stays open and says its session is gone, the
  # door closes, the far shell hangs up and its lock file goes, :w writes the file here, and :ClaudeCode @box
  # starts again through a new door.
  printf 'e1\ne2\n' > "$FAR_PROJECT/e.txt"
  cat > "$WORK/fardrop-scenario.json" <<EOF
[
  {"tool": "Read", "input": {"file_path": "/workspace/e.txt"}},
  {"tool": "Edit", "input": {"file_path": "/workspace/e.txt", "old_string": "e1", "new_string": "E1"}},
  {"text": "FAR-DROP-DONE"},
  {"text": "FAR-AGAIN"}
]
EOF
  far_ui_nvim fardrop
  fdv() { nv fardrop "$1"; }
  nv_ex fardrop "ClaudeCode @box"
  wait_for 45 pane_has fardrop "? for shortcuts"
  type_into fardrop "Uppercase e1 in e.txt"
  check "fardrop: the Edit of /workspace/e.txt opens its review here" wait_for 45 ui_in_review fardrop
  FD_DOOR="$(remote_door fardrop)"
  # The session's ssh: the process of this Neovim's tree named ssh that forwards the door.
  FD_SSH=""
  for pid in $(tree_pids "$(fdv 'getpid()')"); do
    if [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == ssh ]] &&
      tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$FD_DOOR:127.0.0.1:$FD_DOOR"; then
      FD_SSH=$pid
    fi
  done
  check "fardrop: the session's ssh runs in this Neovim's tree" test -n "$FD_SSH"
  [[ -n "$FD_SSH" ]] && kill -9 "$FD_SSH"
  fd_door_closed() { [[ "$(remote_door fardrop)" == 0 && "$(fdv 'luaeval("#require([[claude-ide]]).sessions()")')" == 0 ]]; }
  check "fardrop: the ssh killed, the door closes and the session ends" wait_for 20 fd_door_closed
  fd_gone() { [[ "$(fdv 'luaeval("vim.inspect(vim.tbl_map(function(b) local v = vim.b[b].claude_ide_diff return type(v) == [[table]] and v.gone or false end, vim.api.nvim_list_bufs()))")')" == *"@box"*" is gone"* ]]; }
  check "fardrop: the review stays open and says its session is gone" wait_for 10 fd_gone
  fd_lock_gone() { [[ ! -e "$FAR_HOME_LOCAL/.claude/ide/$FD_DOOR.lock" ]]; }
  check "fardrop: the far shell hung up: its lock file over there is gone" wait_for 30 fd_lock_gone
  # Where the user is: the review took the focus when it opened (diff.focus = "always"), and the drop left it there.
  fd_in_proposal() { [[ "$(fdv 'luaeval("(vim.b.claude_ide_diff or {}).role or [[none]]")') $(fdv 'mode()')" == "proposal n" ]]; }
  check "fardrop: the orphaned review's proposal has the focus, in Normal mode" fd_in_proposal
  tmux -S "$TMUX_SOCK" send-keys -t fardrop ':w' Enter
  check "fardrop: :w in the orphaned review writes e.txt here" wait_for 20 file_is "$FAR_PROJECT/e.txt" $'E1\ne2'
  fd_told() { [[ "$(fdv 'execute("messages")')" == *"e.txt written here;"*"the agent will not hear of it"* ]]; }
  check "fardrop: ... and says the agent will not hear of it" wait_for 10 fd_told
  nv_ex fardrop "ClaudeCode @box"
  fd_again() {
    local d
    d="$(remote_door fardrop)"
    [[ "$d" != 0 && "$d" != "$FD_DOOR" ]] && remote_connected fardrop
  }
  check "fardrop: :ClaudeCode @box starts again, connected through a new door" wait_for 45 fd_again
  nv_ex fardrop 'lua for _, s in ipairs(require("claude-ide").sessions()) do if s.buf then vim.api.nvim_buf_delete(s.buf, { force = true }) end end'
  end_ui_section fardrop
  "${FAR_STOP[@]}" > /dev/null 2>&1
fi
