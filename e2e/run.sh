#!/usr/bin/env bash
# End to end with the REAL Claude Code CLI driving a real Neovim running this plugin.
#
#   bash e2e/run.sh [0.10|0.12]        (make e2e)
#
# The CLI (npm @anthropic-ai/claude-code, installed into .deps/claude-cli) runs interactively in tmux, started
# the way :ClaudeCode starts it (CLAUDE_CODE_SSE_PORT, default permission mode). Its model is a scripted
# stand-in for the Messages API on 127.0.0.1 (e2e/fake-anthropic.mjs): no network. The Neovim of sections 1-6
# runs headless; those of 7-10 have a UI, each in its own tmux window (start_ui_nvim); all are driven over their
# RPC sockets (--listen) and by keys. Checked:
#   1. the CLI connects by itself (ide_connected) and reads the lock file's workspace;
#   2. an Edit proposed by the model opens the diff in Neovim; accepting with <CR> lets the CLI write the file;
#   3. a second Edit rejected with q leaves the file untouched and the CLI is told;
#   4. a visual selection in Neovim reaches the model with the next prompt ("selected lines");
#   5. :ClaudeCodeAdd puts an @-mention in the CLI's input, and the file content reaches the model;
#   6. answering a proposal in the terminal closes the diff in Neovim;
#   7. the agent endpoint (mcp__nvim__* through :ClaudeCode, no `claude mcp add`); 8. the LSP tools;
#   9. two Claude sessions in one Neovim, each edit reviewed and landing in its own file;
#  10. quitting Neovim (:qa!) sends a connected CLI a close frame 1001 that the CLI answers: a clean close, not 1006.
# and the sections in e2e/sections/ (one file per feature, run after 9; E2E_ONLY=<name> runs just one of them).
# Prints one line per check and a closing "N passed, N failed" line.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
VERSION="${1:-0.12}"
NVIM="$ROOT/.deps/bin/nvim-$VERSION"

bash "$ROOT/scripts/deps.sh" --quiet
# tmux from .deps (scripts/deps.sh installs bookworm's), else one on PATH.
[[ -x "$ROOT/.deps/tmux/bin/tmux" ]] && export PATH="$ROOT/.deps/tmux/bin:$PATH"
command -v tmux >/dev/null || { echo "e2e needs tmux: scripts/deps.sh installs it on Debian" >&2; exit 2; }
# The pinned CLI (its version is in scripts/claude-cli.sh, shared with `make run`).
CLAUDE="$(bash "$ROOT/scripts/claude-cli.sh")" || { echo "the Claude Code CLI could not be installed" >&2; exit 2; }

WORK="$(mktemp -d /tmp/claude-ide-e2e.XXXXXX)"
# Everything the run makes stays under $WORK: HOME (~/.claude, lock files) and TMPDIR too (each claude keeps a
# folder per project under $TMPDIR/claude-<uid>/, Neovim its tempname() folder: in /tmp they outlived the run).
export HOME="$WORK/home" TMPDIR="$WORK/tmp"
PROJECT="$WORK/project"
mkdir -p "$HOME" "$TMPDIR" "$PROJECT"
TMUX_SOCK="$WORK/tmux.sock"
# The scripted models and relays take the ports from PORT_BASE on, one each. Below the kernel's ephemeral range:
# every Neovim here listens on 127.0.0.1:0 and every connection takes a port from that range, and a fixed port
# chosen inside it was once already taken (EADDRINUSE: the goodbye relay never listened).
EPHEMERAL_LOW="$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)"
# Runs at once (scripts/test.sh runs both versions together) split the 10000 ports: E2E_SLOT of E2E_SLOTS.
slot_size=$((10000 / ${E2E_SLOTS:-1}))
PORT_BASE=$((EPHEMERAL_LOW - 12000 + ${E2E_SLOT:-0} * slot_size + RANDOM % (slot_size - 100)))
ports_taken=0
passed=0
failed=0
# Sections this machine cannot run (they say why): counted apart, never as passed.
skipped=0
# Commands a section adds to be run first when the run ends, however it ends (its containers removed: they are not
# this run's processes, and their mounts would keep $WORK from being removed).
E2E_TEARDOWN=()

# Every process this run started still alive: they all have HOME=$WORK/home (tmux, the CLI and what it spawned,
# every Neovim, the API stand-ins), this shell and its subshells excepted.
run_pids() {
  local p pid
  for p in /proc/[0-9]*; do
    pid=${p#/proc/}
    [[ $pid == "$$" || $pid == "$BASHPID" ]] && continue
    grep -qzxF "HOME=$HOME" "$p/environ" 2>/dev/null && echo "$pid"
  done
}
# Stops everything, waits until nothing writes into $WORK any more (the CLI keeps writing ~/.claude while it
# exits: removing the folder under it failed with "Directory not empty"), then removes it. A failed run keeps
# it and says where, for its logs (nvim.out, <name>-api.jsonl and <name>-api.out of each scripted model,
# bye-tap.jsonl).
cleanup() {
  local status=$? pids deadline teardown
  for teardown in "${E2E_TEARDOWN[@]}"; do eval "$teardown" >/dev/null 2>&1; done
  tmux -S "$TMUX_SOCK" kill-server 2>/dev/null
  pids="$(run_pids)"
  [[ -n "$pids" ]] && kill $pids 2>/dev/null
  deadline=$((SECONDS + 10))
  while [[ -n "$(run_pids)" ]] && ((SECONDS < deadline)); do sleep 0.1; done
  pids="$(run_pids)"
  [[ -n "$pids" ]] && kill -KILL $pids 2>/dev/null && sleep 0.2
  wait 2>/dev/null
  if [[ "${KEEP:-}" == 1 || $status != 0 ]]; then
    echo "e2e: logs kept in $WORK (nvim.out, *-api.jsonl, *-api.out, bye-tap.jsonl); remove it with: rm -rf $WORK"
  else
    rm -rf "$WORK" || echo "e2e: could not remove $WORK"
  fi
}
trap cleanup EXIT
# Interrupted or killed, the run counts as failed (the EXIT trap would otherwise see status 0 and remove the logs).
trap 'exit 130' INT
trap 'exit 143' TERM

# --- Small helpers, shared by every section.
check() { # check <name> <command...>: records pass/fail
  local name="$1"; shift
  if "$@"; then echo "ok   $name"; passed=$((passed + 1)); else echo "FAIL $name"; failed=$((failed + 1)); fi
}
wait_for() { # wait_for <seconds> <command...>
  local deadline=$((SECONDS + $1)); shift
  until "$@" >/dev/null 2>&1; do
    ((SECONDS >= deadline)) && return 1
    sleep 0.2
  done
}
file_is() { [[ "$(cat "$1")" == "$2" ]]; } # file_is <path> <content>

# Each Neovim of the run has a name and listens on $WORK/nvim-<name>.sock: "main" (headless, sections 1-6) and
# one per section with a UI (start_ui_nvim).
nvim_sock() { echo "$WORK/nvim-$1.sock"; }
nv() { timeout 20 "$NVIM" --clean --headless --server "$(nvim_sock "$1")" --remote-expr "$2" 2>/dev/null; } # nv <name> <expr>
nv_ex() { nv "$1" "execute('$2')" >/dev/null; } # nv_ex <name> <Ex command>
nv_keys() { timeout 20 "$NVIM" --clean --headless --server "$(nvim_sock "$1")" --remote-send "$2" 2>/dev/null; }
DIFF_TABS="len(filter(gettabinfo(), {_, t -> has_key(t.variables, 'claude_ide_diff')}))"
has_diff_tab() { [[ "$(nv "$1" "$DIFF_TABS")" -ge 1 ]]; } # has_diff_tab <name>
no_diff_tab() { [[ "$(nv "$1" "$DIFF_TABS")" == 0 ]]; }
clis_announced() { [[ "$(nv "$1" 'luaeval("#require([[claude-ide]]).status().cliPids")')" -ge "$2" ]]; } # <name> <n>: n CLIs sent ide_connected
# A check looks only at its own processes (another run, another user's session on this machine can neither fail
# nor pass it): tree_pids <pid>... prints those pids and every process below them; tree_args <pid>... their
# command lines, one a line (NULs as spaces); section_pids <name> the tree of that section's Neovim (its terminal's
# shell, the CLI and all they started).
tree_pids() {
  local -A below=()
  local p stat ppid pid
  for p in /proc/[0-9]*; do
    stat="$(cat "$p/stat" 2>/dev/null)" || continue
    stat="${stat##*) }"
    read -r _ ppid _ <<< "$stat"
    below[$ppid]+="${p#/proc/} "
  done
  local -a todo=("$@")
  while ((${#todo[@]} > 0)); do
    pid="${todo[0]}"
    todo=("${todo[@]:1}")
    echo "$pid"
    for p in ${below[$pid]:-}; do todo+=("$p"); done
  done
}
tree_args() {
  local pid
  for pid in $(tree_pids "$@"); do
    { tr '\0' ' ' < "/proc/$pid/cmdline"; } 2>/dev/null && echo
  done
}
section_pids() { tree_pids "$(nv "$1" 'getpid()')"; }
# A Neovim with a UI driven as a user drives it: ui_keys <name> <keys...> types into its tmux window (tmux's key
# names; -l for literal text); ui_in_review <name>: its current tab page is a review; ui_mode <name>: its mode(1);
# ui_in_terminal <name>: its current window is a terminal, in Terminal mode (where a prompt to the agent is typed).
ui_keys() { local name="$1"; shift; tmux -S "$TMUX_SOCK" send-keys -t "$name" "$@"; }
ui_in_review() { [[ "$(nv "$1" 'exists("t:claude_ide_diff")')" == 1 ]]; }
ui_mode() { nv "$1" 'mode(1)'; }
ui_in_terminal() { [[ "$(ui_mode "$1")" == t && "$(nv "$1" '&buftype')" == terminal ]]; }
winbar_has() { [[ "$(nv "$1" 'luaeval("vim.inspect(vim.tbl_map(function(w) return vim.wo[w].winbar end, vim.api.nvim_tabpage_list_wins(0)))")')" == *"$2"* ]]; }

# tmux windows: "cli" and "bye-cli" (CLIs in their own terminal, sections 1-6 and 99-bye) and one per Neovim with a
# UI, named after it.
pane() { tmux -S "$TMUX_SOCK" capture-pane -p -t "$1"; }
pane_has() { pane "$1" | grep -qF -- "$2"; } # pane_has <window> <text>
# type_into <window> <text>: types <text> and Enter as a user does. When <window> is a Neovim whose current window is
# a terminal, first waits (at most 10 s) for Terminal mode: a review that closes gives the agent's terminal the
# focus back and then enters Terminal mode, and a prompt typed in between lands in Normal mode (seen under CI load,
# where the notes section's next `:w` then went to the CLI as its prompt).
type_into() {
  local into="$1"
  if [[ -S "$(nvim_sock "$into")" && "$(nv "$into" '&buftype')" == terminal ]]; then
    wait_for 10 ui_in_terminal "$into" || echo "type_into $into: the terminal is not in Terminal mode (typing \"$2\" anyway)" >&2
  fi
  tmux -S "$TMUX_SOCK" send-keys -t "$into" -l "$2"; sleep 0.3; tmux -S "$TMUX_SOCK" send-keys -t "$into" Enter
}

# The scripted models: one per section, named like it, answering from $WORK/<name>-scenario.json and logging
# every request to $WORK/<name>-api.jsonl.
declare -A API_PORT API_PID
start_model() { # start_model <name>
  API_PORT[$1]=$((PORT_BASE + ports_taken++))
  node "$ROOT/e2e/fake-anthropic.mjs" "${API_PORT[$1]}" "$WORK/$1-scenario.json" "$WORK/$1-api.jsonl" > "$WORK/$1-api.out" 2>&1 &
  API_PID[$1]=$!
}
api_log_has() { grep -qF -- "$2" "$WORK/$1-api.jsonl" 2>/dev/null; } # api_log_has <name> <text>
# api_request <log> <prompt>: the text of the first conversation request in a scripted model's log (that of
# fake-anthropic.mjs or fake-gemini.mjs; not a token count, not one of Gemini's side questions) whose conversation
# holds <prompt>: each of its strings, one after the other. Fails when there is none.
api_request() {
  node -e '
    const [log, prompt] = process.argv.slice(1);
    const lines = require("fs").readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const first = lines.find((e) => e.all && e.all.includes(prompt) && !/count_?tokens|countTokens|:generateContent/i.test(e.path));
    if (!first) process.exit(1);
    const texts = [];
    const walk = (v) => {
      if (typeof v === "string") texts.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    try { walk(JSON.parse(first.all)); } catch { texts.push(first.all); }
    process.stdout.write(texts.join("\n"));' "$1" "$2" 2>/dev/null
}
# api_once <log> <prompt> <text>: that request carries <text> exactly once.
api_once() {
  local all rest
  all="$(api_request "$1" "$2")" || return 1
  rest="${all//"$3"/}"
  (((${#all} - ${#rest}) == ${#3}))
}
# note_for_model <where> <line> <note>: one note on one line as the notes message gives it to the model (the
# quoted line in a fenced block).
note_for_model() { printf '%s:\n```\n%s\n```\nNote: %s' "$1" "$2" "$3"; }
# notes_list <name>: the notes of that Neovim as :ClaudeCodeNotes lists them ("[answered] text" and the like).
notes_list() {
  nv "$1" 'luaeval("vim.inspect(vim.tbl_map(function(i) return i.text end, require([[claude-ide]]).server():lineNotes():quickfixItems()))")'
}
# note_by_keys <window> <text>: types a note as a user does in a review: `gn`, the note's text at its prompt, Enter.
note_by_keys() {
  local win="$1"
  tmux -S "$TMUX_SOCK" send-keys -t "$1" 'gn'
  wait_for 10 eval '[[ "$(nv "$win" "mode(1)")" == c ]]'
  tmux -S "$TMUX_SOCK" send-keys -t "$1" -l "$2"
  tmux -S "$TMUX_SOCK" send-keys -t "$1" Enter
}
# The environment of a claude talking to the scripted model <name>, with no network.
model_env() {
  echo "NO_PROXY=127.0.0.1,localhost,::1 ANTHROPIC_API_KEY=sk-ant-e2e-fake ANTHROPIC_BASE_URL=http://127.0.0.1:${API_PORT[$1]}" \
    "DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1"
}

# start_cli <window> <folder> <port> <model>: a CLI in its own terminal (tmux window), started the way
# :ClaudeCode starts it, for the IDE on <port> and the scripted model <model>.
start_cli() {
  tmux -S "$TMUX_SOCK" new-session -d -s "$1" -x 160 -y 50 -c "$2" \
    "env CLAUDE_CODE_SSE_PORT=$3 ENABLE_IDE_INTEGRATION=true FORCE_CODE_TERMINAL=true $(model_env "$4") \
     $CLAUDE --permission-mode default; sleep 600"
}

# start_ui_nvim <name> <folder> <nvim args...>: the scripted model <name>, and a Neovim with a UI and this
# plugin in tmux window <name>, started in <folder> (its :ClaudeCode's claude talks to that model).
# end_ui_section <name>: if the section failed, shows that Neovim's screen and the model's last requests;
# stops the model.
# The sections drive reviews with keys sent to Neovim while the CLI is elsewhere: reviews take the focus
# (diff.focus = 'always'); the lazyvim section checks the default focus rule and uses WITH_CLAUDE_DEFAULTS.
WITH_CLAUDE="lua require('claude-ide').setup({ diff = { focus = 'always' }, terminal = { command = '$CLAUDE --permission-mode default' } })"
WITH_CLAUDE_DEFAULTS="lua require('claude-ide').setup({ terminal = { command = '$CLAUDE --permission-mode default' } })"
start_ui_nvim() {
  local name="$1" folder="$2" nvim_cmd
  shift 2
  section_failed_before=$failed
  start_model "$name"
  printf -v nvim_cmd '%q ' "$NVIM" --clean --listen "$(nvim_sock "$name")" --cmd "set rtp^=$ROOT" "$@"
  tmux -S "$TMUX_SOCK" new-session -d -s "$name" -x 200 -y 50 -c "$folder" "env $(model_env "$name") $nvim_cmd; sleep 600"
  wait_for 10 test -S "$(nvim_sock "$name")" || echo "the $name Neovim did not start"
}
end_ui_section() {
  if ((failed > section_failed_before)); then
    echo "--- $1 Neovim screen ---"; pane "$1"
    [[ -f "$WORK/$1-api.jsonl" ]] && tail -c 3000 "$WORK/$1-api.jsonl"
  fi
  kill "${API_PID[$1]}" 2>/dev/null
}

# Further sections live in e2e/sections/<NN>-<name>.sh, one file per feature, sourced in name order after
# section 9 (99-bye quits its Neovim, so it stays last). Each may use every helper above; its project
# folder "$WORK/<name>-project" is trusted below like the built-in ones.
SECTION_FILES=("$ROOT"/e2e/sections/*.sh)
[[ -e "${SECTION_FILES[0]}" ]] || SECTION_FILES=()
SECTION_TRUST=""
for f in "${SECTION_FILES[@]}"; do
  n="$(basename "$f" .sh)"
  SECTION_TRUST+=",
              \"$WORK/${n#*-}-project\": {\"hasTrustDialogAccepted\": true, \"allowedTools\": []}"
done

# The first-run screens of every claude are answered in its config, as a user who has used it before would
# have. Every project folder is trusted here, once: the running CLI rewrites this file.
cat > "$HOME/.claude.json" <<EOF
{"hasCompletedOnboarding": true, "theme": "dark", "autoConnectIde": false,
 "customApiKeyResponses": {"approved": ["sk-ant-e2e-fake"], "rejected": []},
 "projects": {"$PROJECT": {"hasTrustDialogAccepted": true, "allowedTools": []},
              "$WORK/agent-project": {"hasTrustDialogAccepted": true, "allowedTools": []},
              "$WORK/lsp-project": {"hasTrustDialogAccepted": true, "allowedTools": []},
              "$WORK/two-project": {"hasTrustDialogAccepted": true, "allowedTools": []}$SECTION_TRUST}}
EOF

# E2E_ONLY=<name> runs only e2e/sections/*-<name>.sh (a quick iteration on one section; make test runs all).
if [[ -n "${E2E_ONLY:-}" ]]; then
  for f in "${SECTION_FILES[@]}"; do
    # shellcheck source=/dev/null
    [[ "$(basename "$f" .sh)" == *-"$E2E_ONLY" ]] && source "$f"
  done
  echo "$passed passed, $failed failed, $skipped skipped"
  ((failed == 0 && passed > 0))
  exit
fi

# 1. The project and the scripted model: Read then Edit (accepted), Edit (rejected), then plain answers.
printf 'alpha\nbeta\ngamma\n' > "$PROJECT/hello.txt"
printf 'one\ntwo\nthree\n' > "$PROJECT/notes.txt"
cat > "$WORK/main-scenario.json" <<EOF
[
  {"tool": "Read", "input": {"file_path": "$PROJECT/hello.txt"}},
  {"tool": "Edit", "input": {"file_path": "$PROJECT/hello.txt", "old_string": "beta", "new_string": "BETA"}},
  {"text": "Edited."},
  {"tool": "Edit", "input": {"file_path": "$PROJECT/hello.txt", "old_string": "gamma", "new_string": "GAMMA"}},
  {"text": "I see your selection."},
  {"text": "I see the mention."},
  {"tool": "Read", "input": {"file_path": "$PROJECT/notes.txt"}},
  {"tool": "Edit", "input": {"file_path": "$PROJECT/notes.txt", "old_string": "two", "new_string": "TWO"}},
  {"text": "Edited in the terminal."}
]
EOF
start_model main

# Neovim with the plugin, as `make run` starts it, but headless and listening for the driver.
(cd "$PROJECT" && exec "$NVIM" --clean --headless --listen "$(nvim_sock main)" --cmd "set rtp^=$ROOT" \
  -c "lua require('claude-ide').setup({ log_level = 'info', diff = { focus = 'always' } })") > "$WORK/nvim.out" 2>&1 &
wait_for 10 test -S "$(nvim_sock main)" || { echo "Neovim did not start"; cat "$WORK/nvim.out"; exit 1; }
PORT="$(nv main "luaeval('require(\"claude-ide\").status().port')")"
check "lock file written for port $PORT" test -f "$HOME/.claude/ide/$PORT.lock"

start_cli cli "$PROJECT" "$PORT" main

connected() { [[ "$(nv main "luaeval('require(\"claude-ide\").status().clients')")" -ge 1 ]]; }
check "the CLI connects by itself" wait_for 30 connected
check "the CLI announced its pid (ide_connected)" wait_for 10 clis_announced main 1
wait_for 20 pane_has cli "❯"

# 2. Accept in Neovim.
type_into cli "Please change beta to BETA in hello.txt"
check "an Edit opens the diff in Neovim" wait_for 30 has_diff_tab main
check "the file is untouched while the review is open" file_is "$PROJECT/hello.txt" $'alpha\nbeta\ngamma'
nv_keys main ":w<CR>"
check "accepting writes the file (by the CLI)" wait_for 20 file_is "$PROJECT/hello.txt" $'alpha\nBETA\ngamma'
check "the diff tab is gone after accept" wait_for 10 no_diff_tab main
check "the model got the successful edit" wait_for 20 api_log_has main "has been updated"
wait_for 20 pane_has cli "Edited."

# 3. Reject in Neovim.
type_into cli "Now change gamma to GAMMA"
check "a second Edit opens the diff" wait_for 30 has_diff_tab main
nv_keys main "q"
check "the diff tab is gone after reject" wait_for 10 no_diff_tab main
sleep 2
check "rejecting leaves the file untouched" file_is "$PROJECT/hello.txt" $'alpha\nBETA\ngamma'
# A rejection interrupts the turn: the model hears of it with the next prompt.

# 4. A selection in Neovim reaches the model.
nv_keys main "<Esc>:edit $PROJECT/hello.txt<CR>ggVj<Esc>"
sleep 1
type_into cli "What did I select?"
check "the selection reaches the model" wait_for 20 api_log_has main "lines 1 to 2 from"
check "the model was told the previous edit was rejected" api_log_has main "The user doesn't want to proceed"
wait_for 20 pane_has cli "I see your selection."

# 5. An @-mention from Neovim.
nv_keys main ":ClaudeCodeAdd notes.txt 2 3<CR>"
check "the @-mention appears in the CLI's input" wait_for 10 pane_has cli "@notes.txt#L2-3"
tmux -S "$TMUX_SOCK" send-keys -t cli Enter
check "the mentioned lines reach the model" wait_for 20 api_log_has main "three"
wait_for 20 pane_has cli "I see the mention."

# 6. Answer in the terminal: the diff in Neovim closes by itself.
type_into cli "Change two to TWO in notes.txt"
check "the diff opens for notes.txt" wait_for 30 has_diff_tab main
wait_for 20 pane_has cli "Do you want to make this edit"
sleep 1 # the prompt takes keys a moment after it is drawn
tmux -S "$TMUX_SOCK" send-keys -t cli Enter # "1. Yes" is the default choice
check "answering in the terminal closes the diff" wait_for 10 no_diff_tab main
check "the CLI wrote the accepted edit" wait_for 20 file_is "$PROJECT/notes.txt" $'one\nTWO\nthree'
if ((failed > 0)); then
  echo "--- CLI screen ---"; pane cli
  echo "--- Neovim messages ---"; nv main "execute('messages')"
fi

# 7. The agent endpoint, with no `claude mcp add`: a Neovim (with a UI, in tmux) runs :ClaudeCode, whose claude
# gets the bridge through --mcp-config. The model loads the tools with ToolSearch, reads the editor state and a
# buffer's UNSAVED text, and proposes an edit that is accepted in Neovim's review.
AGENT_PROJECT="$WORK/agent-project"
mkdir -p "$AGENT_PROJECT"
printf 'one\ntwo\nthree\n' > "$AGENT_PROJECT/main.txt"
cat > "$WORK/agent-scenario.json" <<EOF
[
  {"tool": "ToolSearch", "input": {"query": "select:mcp__nvim__editor_state,mcp__nvim__read_buffer,mcp__nvim__edit", "max_results": 5}},
  {"tool": "mcp__nvim__editor_state", "input": {}},
  {"tool": "mcp__nvim__read_buffer", "input": {"path": "main.txt"}},
  {"tool": "mcp__nvim__edit", "input": {"path": "main.txt", "edits": [{"old_text": "two", "new_text": "TWO"}]}},
  {"text": "Agent edit done."}
]
EOF
line2_is() { [[ "$(nv agent "getbufline(bufnr('$AGENT_PROJECT/main.txt'), 2)[0]")" == "$1" ]]; }
start_ui_nvim agent "$AGENT_PROJECT" -c "$WITH_CLAUDE" main.txt
nv_ex agent 'call setline(1, "one (unsaved)")' # an unsaved change the model must see (it is not on disk)
nv_ex agent ClaudeCode
wait_for 30 pane_has agent "? for shortcuts"
type_into agent "Look at my editor and change two to TWO in main.txt"
check "agent: the model is offered the mcp__nvim__ tools (no claude mcp add)" wait_for 30 api_log_has agent "mcp__nvim__editor_state"
check "agent: editor_state reaches the model" wait_for 30 api_log_has agent "editing: main.txt:"
check "agent: read_buffer gives the model the unsaved text" wait_for 30 api_log_has agent "one (unsaved)"
check "agent: the edit opens Neovim's review" wait_for 30 has_diff_tab agent
check "agent: nothing changed while the review is open" line2_is "two"
nv_ex agent ClaudeCodeDiffAccept
check "agent: accepted, the buffer has the edit" wait_for 10 line2_is "TWO"
check "agent: the file with the user's unsaved change is not written" file_is "$AGENT_PROJECT/main.txt" $'one\ntwo\nthree'
check "agent: the model is told the edit was applied" wait_for 20 api_log_has agent "OK: applied 1 edit to main.txt"
end_ui_section agent

# 8. The LSP tools: a Neovim whose user config attaches typescript-language-server (npm dev dependency) runs
# :ClaudeCode; the model waits for the server, finds the references of a function (compact text reaching the
# API) and renames it across files, accepted in Neovim's one review for all the files.
LSP_PROJECT="$WORK/lsp-project"
mkdir -p "$LSP_PROJECT/src"
printf '{ "compilerOptions": { "strict": true, "target": "ES2020", "module": "commonjs" }, "include": ["src"] }\n' > "$LSP_PROJECT/tsconfig.json"
printf 'export function double(x: number): number {\n  return x * 2;\n}\n' > "$LSP_PROJECT/src/shape.ts"
printf 'import { double } from "./shape";\n\nexport const four = double(2);\nexport const eight = double(four);\n' > "$LSP_PROJECT/src/main.ts"
cat > "$WORK/lsp-init.lua" <<LUA
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'typescript',
  callback = function(ev)
    if vim.bo[ev.buf].buftype ~= '' then return end
    vim.lsp.start({ name = 'ts_ls', cmd = { '$ROOT/node_modules/.bin/typescript-language-server', '--stdio' }, root_dir = '$LSP_PROJECT',
      init_options = { tsserver = { path = '$ROOT/node_modules/typescript-lsp/lib/tsserver.js' } } }, { bufnr = ev.buf })
  end,
})
require('claude-ide').setup({ diff = { focus = 'always' }, terminal = { command = '$CLAUDE --permission-mode default' }, agent = { lsp_timeout_ms = 20000 } })
-- -c runs after src/main.ts was loaded: its FileType came before this config.
vim.cmd('doautocmd FileType')
LUA
cat > "$WORK/lsp-scenario.json" <<JSON
[
  {"tool": "ToolSearch", "input": {"query": "select:mcp__nvim__wait_for_lsp_ready,mcp__nvim__lsp_references,mcp__nvim__lsp_rename", "max_results": 5}},
  {"tool": "mcp__nvim__wait_for_lsp_ready", "input": {"path": "src/main.ts", "timeout_ms": 30000}},
  {"tool": "mcp__nvim__lsp_references", "input": {"path": "src/shape.ts", "line": 1, "symbol": "double"}},
  {"tool": "mcp__nvim__lsp_rename", "input": {"path": "src/shape.ts", "line": 1, "symbol": "double", "new_name": "twice"}},
  {"text": "Rename done."}
]
JSON
start_ui_nvim lsp "$LSP_PROJECT" -c "luafile $WORK/lsp-init.lua" src/main.ts
nv_ex lsp ClaudeCode
wait_for 30 pane_has lsp "? for shortcuts"
type_into lsp "Rename double to twice everywhere"
check "lsp: wait_for_lsp_ready reaches the model" wait_for 60 api_log_has lsp "OK: ready for src/main.ts"
check "lsp: lsp_references reaches the model as grouped text" wait_for 30 api_log_has lsp "4 references in 2 files"
check "lsp: lsp_rename opens Neovim's review" wait_for 30 has_diff_tab lsp
check "lsp: nothing renamed while the review is open" grep -q "function double" "$LSP_PROJECT/src/shape.ts"
nv_ex lsp ClaudeCodeDiffAccept
check "lsp: accepted, both files renamed on disk" wait_for 20 grep -q "export const eight = twice(four);" "$LSP_PROJECT/src/main.ts"
check "lsp: the model is told the rename was applied" wait_for 20 api_log_has lsp "OK: applied rename of"
end_ui_section lsp

# 9. Two Claude sessions in one Neovim (:ClaudeCode, then :ClaudeCodeNew): both CLIs connected at once, each
# one's edit reviewed (the review names its session) and accepted, each landing in its own file.
TWO_PROJECT="$WORK/two-project"
mkdir -p "$TWO_PROJECT"
printf 'first\n' > "$TWO_PROJECT/a.txt"
printf 'second\n' > "$TWO_PROJECT/b.txt"
# One scripted model for both CLIs, asked one after the other: session 1's turn, then session 2's.
cat > "$WORK/two-scenario.json" <<EOF
[
  {"tool": "Edit", "input": {"file_path": "$TWO_PROJECT/a.txt", "old_string": "first", "new_string": "FIRST"}},
  {"text": "Session one done."},
  {"tool": "Edit", "input": {"file_path": "$TWO_PROJECT/b.txt", "old_string": "second", "new_string": "SECOND"}},
  {"text": "Session two done."}
]
EOF
start_ui_nvim two "$TWO_PROJECT" -c "$WITH_CLAUDE"
nv_ex two ClaudeCode
check "sessions: the first CLI connects" wait_for 30 clis_announced two 1
wait_for 30 pane_has two "? for shortcuts"
type_into two "Change first to FIRST in a.txt"
check "sessions: the first session's edit opens a review" wait_for 30 has_diff_tab two
check "sessions: the review names the first session ([claude])" winbar_has two "[claude]"
nv_ex two ClaudeCodeDiffAccept
check "sessions: the first CLI writes a.txt" wait_for 20 file_is "$TWO_PROJECT/a.txt" FIRST
wait_for 20 pane_has two "Session one done."
nv_ex two ClaudeCodeNew
check "sessions: both CLIs are connected at once" wait_for 30 clis_announced two 2
wait_for 30 no_diff_tab two
sleep 3 # the new claude draws its prompt a moment after it connects
type_into two "Change second to SECOND in b.txt"
check "sessions: the second session's edit opens a review" wait_for 30 has_diff_tab two
check "sessions: the review names the second session ([claude 2])" winbar_has two "[claude 2]"
nv_ex two ClaudeCodeDiffAccept
check "sessions: the second CLI writes b.txt" wait_for 20 file_is "$TWO_PROJECT/b.txt" SECOND
check "sessions: a.txt kept the first session's edit" file_is "$TWO_PROJECT/a.txt" FIRST
end_ui_section two

for f in "${SECTION_FILES[@]}"; do
  # shellcheck source=/dev/null
  source "$f"
done

echo "$passed passed, $failed failed, $skipped skipped"
((failed == 0))
