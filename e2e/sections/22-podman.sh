# 22. The README's podman recipes for real (issue 50; :help claude-ide-remote-recipes): the agent, the real Claude
# Code CLI, runs in a podman container and the review stays in this Neovim. The containers are e2e/far/podman.sh's:
# bookworm's podman and runc from .deps, a Debian minbase root filesystem made by debootstrap, the project at
# /workspace, the CLI of .deps/claude-cli read-only at /opt/claude-cli, their own /root. Two containers, one per recipe,
# each with its Neovim and scripted model:
#   host    `--network host`: remote.targets.box = { command = { "podman", "exec", "-it", NAME }, forward = "none" }
#   slirp   `--network slirp4netns:allow_host_loopback=true`: the same with host = "10.0.2.2" (this machine's
#           loopback as the container sees it; the model too is reached there)
# Each recipe, with far paths on the wire: the far lock file (mode 600 inside the container, /workspace, the token)
# and the settings and MCP config beside it (600, given to the far claude as paths); no process of the session, in
# this Neovim's tree or in the container (its processes are visible from here: its pid namespace, its conmons), has
# the token or its header on its command line; :checkhealth's round trip through the door; an openDiff proposal of
# /workspace/a.txt reviewed here and accepted with :w (the CLI over there writes it), then a `sed -i` over there whose
# turn review opens here and is kept with :w; /exit removes the files over there.
# Then, slirp only, a dropped connection: a second session's proposal is pending when the container stops. The
# review stays open and says its session is gone, :w writes the file here (the agent will not hear of it), the door
# closes (its port refuses connections), :checkhealth names the drop; the container started again, :ClaudeCode @box
# connects anew and removes the lock file the dead session left over there.
# Where podman cannot run here (not root, not Linux, not installed) the section says why and counts as skipped;
# a container that does not start is a failed check, with podman's error.
POD_DIR="$WORK/podman"
POD_CLI=/opt/claude-cli/node_modules/.bin/claude
if ! pod_why="$(bash "$ROOT/e2e/far/podman.sh" check 2>&1)"; then
  echo "skip podman: $pod_why"
  skipped=$((skipped + 1))
else
  # shellcheck source=e2e/far/sections.sh
  source "$ROOT/e2e/far/sections.sh"
  E2E_TEARDOWN+=("bash $(printf '%q' "$ROOT/e2e/far/podman.sh") stop $(printf '%q' "$POD_DIR")")
  # Where a podman of the system keeps its configuration and state: those absent now must be absent at the end
  # (those already there cannot be told apart from another podman's work, and are left out).
  pod_home="$(getent passwd "$(id -u)" | cut -d: -f6)"
  POD_ABSENT=()
  for d in /etc/containers /usr/share/containers /var/lib/containers /run/containers /run/libpod /run/runc /run/crun \
    "$HOME/.config/containers" "$HOME/.local/share/containers" "$pod_home/.config/containers" \
    "$pod_home/.local/share/containers"; do
    [[ -e "$d" ]] || POD_ABSENT+=("$d")
  done
  pod() { "$POD_DIR/bin/podman" "$@"; } # podman with this run's configuration (written by podman.sh start)
  pod_running() { [[ "$(pod inspect -f '{{.State.Running}}' "$1" 2>/dev/null)" == true ]]; }
  # The container's processes as this machine sees them: those in its pid namespace, and its conmons (one for the
  # container, one per exec session), which name its id.
  pod_far_pids() { # <name>
    local init ns id p
    init="$(pod inspect -f '{{.State.Pid}}' "$1")"
    id="$(pod inspect -f '{{.Id}}' "$1")"
    ns="$(readlink "/proc/$init/ns/pid")"
    for p in /proc/[0-9]*; do
      if [[ "$(readlink "$p/ns/pid" 2>/dev/null)" == "$ns" ]] || grep -qaF -- "$id" "$p/cmdline" 2>/dev/null; then
        echo "${p#/proc/}"
      fi
    done
  }
  # The far session's files, as a shell in the container sees them: "<mode> <name>" lines.
  pod_files() { pod exec "$1" sh -c "cd /root/.claude/ide 2>/dev/null && for f in $2.*; do [ -e \"\$f\" ] && stat -c '%a %n' \"\$f\"; done; true"; }

  # pod_recipe <recipe> <network> <host>: one recipe, start to end; <host> is where the container reaches this
  # machine's loopback (the target's host; the scripted model is reached there too).
  pod_recipe() {
    local recipe="$1" network="$2" host="$3" pn="pod-$1" project="$WORK/podman-project-$1" out
    mkdir -p "$project"
    printf 'alpha\nbeta\ngamma\n' > "$project/a.txt"
    printf 'saved text\n' > "$project/b.txt"
    printf 'd1\nd2\n' > "$project/d.txt"
    section_failed_before=$failed
    if ! out="$(bash "$ROOT/e2e/far/podman.sh" start "$POD_DIR" "$pn" "$network" "$project" 2>&1)"; then
      check "podman $recipe: the container starts with --network $network (podman: $(tail -n 3 <<< "$out" | tr '\n' ' '))" false
      return
    fi
    check "podman $recipe: the container runs (--network $network, runc, the project at /workspace)" pod_running "$pn"
    # The far CLI's first-run screens answered and /workspace trusted, in the container's /root.
    remote_cli_home "$POD_DIR/home-$pn"
    cat > "$WORK/$pn-scenario.json" <<EOF
[
  {"tool": "Read", "input": {"file_path": "/workspace/a.txt"}},
  {"tool": "Edit", "input": {"file_path": "/workspace/a.txt", "old_string": "beta", "new_string": "BETA"}},
  {"tool": "Bash", "input": {"command": "sed -i 's/d1/D1/' d.txt", "description": "Uppercase d1 in d.txt"}},
  {"text": "POD-TURN-DONE"},
  {"tool": "Read", "input": {"file_path": "/workspace/b.txt"}},
  {"tool": "Edit", "input": {"file_path": "/workspace/b.txt", "old_string": "saved", "new_string": "SAVED"}},
  {"text": "POD-NEVER-SEEN"}
]
EOF
    start_model "$pn"
    # The README's recipe, with the CLI's path and the scripted model's environment.
    {
      echo "require('claude-ide').setup({ diff = { focus = 'always' }, remote = { targets = { box = {"
      echo "  command = { 'podman', 'exec', '-it', '$pn' }, folders = { ['/workspace'] = '$project' },"
      echo "  forward = 'none',$([[ "$host" != 127.0.0.1 ]] && echo " host = '$host',") cli = '$POD_CLI',"
      echo "  env = { ANTHROPIC_API_KEY = 'sk-ant-e2e-fake', ANTHROPIC_BASE_URL = 'http://$host:${API_PORT[$pn]}',"
      echo "    DISABLE_TELEMETRY = '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC = '1' } } } } })"
    } > "$WORK/$pn-init.lua"
    # Neovim in its own tmux window, with this run's podman first on PATH (the target's command says `podman`).
    local nvim_cmd
    printf -v nvim_cmd '%q ' env "PATH=$POD_DIR/bin:$PATH" "$NVIM" --clean --listen "$(nvim_sock "$pn")" \
      --cmd "set rtp^=$ROOT" -c "luafile $WORK/$pn-init.lua"
    tmux -S "$TMUX_SOCK" new-session -d -s "$pn" -x 200 -y 50 -c "$project" "$nvim_cmd; sleep 600"
    wait_for 10 test -S "$(nvim_sock "$pn")" || echo "the $pn Neovim did not start"
    local keys=(tmux -S "$TMUX_SOCK" send-keys -t "$pn")

    nv_ex "$pn" "ClaudeCode @box --allowedTools Bash"
    check "podman $recipe: the CLI in the container connects through the session's door" wait_for 60 remote_connected "$pn"
    local door token
    door="$(remote_door "$pn")"
    token="$(remote_token "$pn")"
    pod_lock_ok() {
      local files
      files="$(pod_files "$pn" "$door")"
      [[ "$files" == *"600 $door.lock"* && "$files" == *"600 $door.settings.json"* && "$files" == *"600 $door.mcp.json"* ]] &&
        ! grep -qv '^600 ' <<< "$files" &&
        pod exec "$pn" cat "/root/.claude/ide/$door.lock" | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => { const l = JSON.parse(s); process.exit(JSON.stringify(l.workspaceFolders) === "[\"/workspace\"]" && l.transport === "ws" && l.authToken === process.argv[1] ? 0 : 1); })' "$token"
    }
    check "podman $recipe: inside the container, the lock file (/workspace, the door's token), settings and MCP config are mode 600" pod_lock_ok
    pod_no_token() {
      local args
      args="$(tree_args "$(nv "$pn" 'getpid()')" $(pod_far_pids "$pn"))"
      [[ ${#token} -ge 16 && "$args" == *"podman "*"exec -it $pn sh -c "* ]] || return 1
      [[ "$args" == *"--settings /root/.claude/ide/$door.settings.json --mcp-config /root/.claude/ide/$door.mcp.json"* ]] || return 1
      [[ "$args" != *"$token"* && "$args" != *X-Claude-Code-IDE-Authorization* ]]
    }
    check "podman $recipe: no process of the session, here or in the container, has the token on its command line (the far claude gets file paths)" pod_no_token
    check "podman $recipe: :checkhealth measures a round trip through the door" remote_health_trip "$pn" "$door"
    leave_health "$pn"
    wait_for 30 pane_has "$pn" "? for shortcuts"

    # A proposal reviewed here, then a shell change over there reviewed at the turn's end.
    type_into "$pn" "Change beta to BETA in a.txt and d1 to D1 in d.txt"
    check "podman $recipe: the Edit of /workspace/a.txt opens its review here" wait_for 45 ui_in_review "$pn"
    "${keys[@]}" ':w' Enter
    check "podman $recipe: accepted with :w, the CLI in the container writes a.txt" \
      wait_for 30 file_is "$project/a.txt" $'alpha\nBETA\ngamma'
    check "podman $recipe: the allowed sed -i ran in the container" wait_for 30 file_is "$project/d.txt" $'D1\nd2'
    pod_turn() { [[ "$(remote_titles "$pn")" == *"turn 1: 2 files, 1 by shell commands"* ]]; }
    check "podman $recipe: the turn review opens here, naming the shell-changed d.txt" wait_for 30 pod_turn
    "${keys[@]}" ':w' Enter
    check "podman $recipe: kept with :w, the review closes and d.txt stays as the agent left it" \
      wait_for 20 eval '! ui_in_review "$pn" && file_is "$project/d.txt" $'"'"'D1\nd2'"'"''
    check "podman $recipe: the turn ends" wait_for 30 pane_has "$pn" "POD-TURN-DONE"

    # /exit: the far shell removes the lock file, settings and MCP config over there.
    nv_ex "$pn" ClaudeCodeFocus
    type_into "$pn" "/exit"
    pod_files_gone() { [[ -z "$(pod_files "$pn" "$door")" ]]; }
    check "podman $recipe: after /exit the session's files are gone from the container" wait_for 30 pod_files_gone
    pod_session_over() { [[ "$(nv "$pn" 'luaeval("#vim.tbl_filter(function(s) return s.target ~= nil end, require([[claude-ide]]).sessions())")')" == 0 ]]; }
    check "podman $recipe: ... and the session is over here" wait_for 20 pod_session_over

    if [[ "$recipe" == slirp ]]; then
      # A dropped connection: the container stops while the second session's proposal is pending.
      nv_ex "$pn" "ClaudeCode @box"
      check "podman drop: :ClaudeCode @box starts a new session" wait_for 60 remote_connected "$pn"
      local door2
      door2="$(remote_door "$pn")"
      wait_for 30 pane_has "$pn" "? for shortcuts"
      type_into "$pn" "Change saved to SAVED in b.txt"
      check "podman drop: the Edit of /workspace/b.txt opens its review" wait_for 45 ui_in_review "$pn"
      pod stop -t 2 "$pn" >/dev/null 2>&1
      # Neovim says so at once, and that the review stays open: two wide messages, which end in a hit-enter prompt
      # (one or two, by version) the user answers; until then Neovim answers no remote request either.
      check "podman drop: stopping the container, Neovim says the connection dropped" \
        wait_for 30 pane_has "$pn" "@box (door $door2): the connection dropped"
      pod_answers() { [[ "$(timeout 3 "$NVIM" --clean --headless --server "$(nvim_sock "$pn")" --remote-expr 1 2>/dev/null)" == 1 ]]; }
      local prompts=0
      until pod_answers || ((prompts >= 4)); do
        "${keys[@]}" Enter
        prompts=$((prompts + 1))
      done
      # (In either order: the exec's end and the CLI's closed connection race.)
      pod_said() {
        local said
        said="$(nv "$pn" 'execute("messages")')"
        [[ "$said" == *"@box (door $door2): the connection dropped"* &&
          "$said" == *"the review of b.txt stays open; accepting it (:w) writes the file here, and the agent will not hear of it"* ]]
      }
      check "podman drop: ... and that the review stays open, :w writing here, the agent not hearing of it" pod_said
      pod_dropped() { [[ "$(nv "$pn" 'luaeval("#require([[claude-ide.far.session]]).farDrops()")')" -ge 1 ]]; }
      check "podman drop: the drop is remembered for :checkhealth" wait_for 10 pod_dropped
      check "podman drop: the review stays open" has_diff_tab "$pn"
      check "podman drop: its winbar says the session is gone and :w writes here" winbar_has "$pn" "is gone"
      pod_door_closed() {
        [[ "$(nv "$pn" 'luaeval("#require([[claude-ide]]).server():gateways()")')" == 0 ]] &&
          ! (exec 3<>"/dev/tcp/127.0.0.1/$door2") 2>/dev/null
      }
      check "podman drop: the door is closed (its port refuses a connection)" pod_door_closed
      nv_ex "$pn" "checkhealth claude-ide"
      pod_health_drop() { [[ "$(nv "$pn" 'join(getline(1, "$"), "\n")')" == *"dropped at"*"Its door closed"* ]]; }
      check "podman drop: :checkhealth names the drop" pod_health_drop
      # Back to the review as a user goes: `:tabclose`, then :ClaudeCodeFocus (the review waiting), typed.
      "${keys[@]}" Escape ':tabclose' Enter ':ClaudeCodeFocus' Enter
      check "podman drop: :ClaudeCodeFocus goes to the orphaned review" wait_for 10 ui_in_review "$pn"
      "${keys[@]}" ':w' Enter
      check "podman drop: :w on the orphaned review writes b.txt here" wait_for 20 file_is "$project/b.txt" "SAVED text"
      pod_told() { [[ "$(nv "$pn" 'execute("messages")')" == *"b.txt written here; claude@box 2 is gone"*"the agent will not hear of it"* ]]; }
      check "podman drop: ... and says the agent will not hear of it" pod_told
      # The dead session's lock file is still over there (its shell was killed with the container).
      pod start "$pn" >/dev/null 2>&1
      check "podman drop: the container starts again" wait_for 20 pod_running "$pn"
      check "podman drop: the dead session's lock file was left in the container" eval '[[ -n "$(pod_files "$pn" "$door2")" ]]'
      nv_ex "$pn" "ClaudeCode @box"
      check "podman drop: :ClaudeCode @box connects again" wait_for 60 remote_connected "$pn"
      check "podman drop: ... and the dead session's lock file is gone from the container" \
        wait_for 20 eval '[[ -z "$(pod_files "$pn" "$door2")" && -n "$(pod_files "$pn" "$(remote_door "$pn")")" ]]'
      nv_ex "$pn" 'lua for _, s in ipairs(require("claude-ide").sessions()) do if s.buf then vim.api.nvim_buf_delete(s.buf, { force = true }) end end'
    fi
    end_ui_section "$pn"
    pod rm -f -t 0 "$pn" >/dev/null 2>&1
  }
  pod_recipe host host 127.0.0.1
  pod_recipe slirp slirp4netns:allow_host_loopback=true 10.0.2.2
  bash "$ROOT/e2e/far/podman.sh" stop "$POD_DIR"
  pod_untouched() {
    local d
    for d in "${POD_ABSENT[@]}"; do
      if [[ -e "$d" ]]; then
        echo "podman made $d"
        return 1
      fi
    done
  }
  check "podman: none of the system's podman folders was made (${#POD_ABSENT[@]} absent before: ${POD_ABSENT[*]})" pod_untouched
fi
