#!/usr/bin/env bash
# End to end with the REAL Claude Code CLI driving a real Neovim running this plugin.
#
#   bash e2e/run.sh [0.10|0.12]        (make e2e)
#
# The CLI (npm @anthropic-ai/claude-code, installed into .deps/claude-cli) runs interactively in tmux, started
# the way :ClaudeCode starts it (CLAUDE_CODE_SSE_PORT, default permission mode). Its model is a scripted
# stand-in for the Messages API on 127.0.0.1 (e2e/fake-anthropic.mjs): no network. Neovim runs headless with
# --listen, driven over its RPC socket. Checked:
#   1. the CLI connects by itself (ide_connected) and reads the lock file's workspace;
#   2. an Edit proposed by the model opens the diff in Neovim; accepting with <CR> lets the CLI write the file;
#   3. a second Edit rejected with q leaves the file untouched and the CLI is told;
#   4. a visual selection in Neovim reaches the model with the next prompt ("selected lines");
#   5. :ClaudeCodeAdd puts an @-mention in the CLI's input, and the file content reaches the model;
#   6. answering a proposal in the terminal closes the diff in Neovim;
#   7. the agent endpoint (mcp__nvim__* through :ClaudeCode, no `claude mcp add`); 8. the LSP tools;
#   9. two Claude sessions in one Neovim, each edit reviewed and landing in its own file.
# Prints one line per check and a closing "N passed, N failed" line.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
VERSION="${1:-0.12}"
NVIM="$ROOT/.deps/bin/nvim-$VERSION"

bash "$ROOT/scripts/deps.sh" --quiet
command -v tmux >/dev/null || { echo "e2e needs tmux (apt-get install tmux)" >&2; exit 2; }
# The pinned CLI (its version is in scripts/claude-cli.sh, shared with `make run`).
CLAUDE="$(bash "$ROOT/scripts/claude-cli.sh")" || { echo "the Claude Code CLI could not be installed" >&2; exit 2; }

WORK="$(mktemp -d /tmp/claude-ide-e2e.XXXXXX)"
export HOME="$WORK/home"
PROJECT="$WORK/project"
mkdir -p "$HOME" "$PROJECT"
SOCK="$WORK/nvim.sock"
TMUX_SOCK="$WORK/tmux.sock"
API_PORT=$((20000 + RANDOM % 20000))
passed=0
failed=0

# Every process this run started still alive: they all have HOME=$WORK/home (tmux, the CLI and what it spawned,
# both Neovims, the API stand-ins), this shell and its subshells excepted.
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
# it and says where, for its logs (nvim.out, api.jsonl, api.out, agent-api.jsonl).
cleanup() {
  local status=$? pids deadline
  tmux -S "$TMUX_SOCK" kill-server 2>/dev/null
  pids="$(run_pids)"
  [[ -n "$pids" ]] && kill $pids 2>/dev/null
  deadline=$((SECONDS + 10))
  while [[ -n "$(run_pids)" ]] && ((SECONDS < deadline)); do sleep 0.1; done
  pids="$(run_pids)"
  [[ -n "$pids" ]] && kill -KILL $pids 2>/dev/null && sleep 0.2
  wait 2>/dev/null
  if [[ "${KEEP:-}" == 1 || $status != 0 ]]; then
    echo "e2e: logs kept in $WORK (nvim.out, api.jsonl, api.out, agent-api.jsonl); remove it with: rm -rf $WORK"
  else
    rm -rf "$WORK" || echo "e2e: could not remove $WORK"
  fi
}
trap cleanup EXIT

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
nv() { "$NVIM" --clean --headless --server "$SOCK" --remote-expr "$1" 2>/dev/null; }
nv_lua() { nv "luaeval('$1')"; }
nv_keys() { "$NVIM" --clean --headless --server "$SOCK" --remote-send "$1" 2>/dev/null; }
screen() { tmux -S "$TMUX_SOCK" capture-pane -p -t cli; }
screen_has() { screen | grep -qF -- "$1"; }
log_has() { grep -qF -- "$1" "$WORK/api.jsonl" 2>/dev/null; }
type_prompt() { tmux -S "$TMUX_SOCK" send-keys -t cli -l "$1"; sleep 0.3; tmux -S "$TMUX_SOCK" send-keys -t cli Enter; }
diff_tabs() { nv "len(filter(gettabinfo(), {_, t -> has_key(t.variables, 'claude_ide_diff')}))"; }
has_diff_tab() { [[ "$(diff_tabs)" -ge 1 ]]; }
no_diff_tab() { [[ "$(diff_tabs)" == 0 ]]; }
file_is() { [[ "$(cat "$PROJECT/$1")" == "$2" ]]; }

# The project and the scripted model: Read then Edit (accepted), Edit (rejected), then plain answers.
printf 'alpha\nbeta\ngamma\n' > "$PROJECT/hello.txt"
printf 'one\ntwo\nthree\n' > "$PROJECT/notes.txt"
cat > "$WORK/scenario.json" <<EOF
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
node "$ROOT/e2e/fake-anthropic.mjs" "$API_PORT" "$WORK/scenario.json" "$WORK/api.jsonl" > "$WORK/api.out" 2>&1 &
API_PID=$!

# The CLI's first-run screens are answered in its config, as a user who has used it before would have.
cat > "$HOME/.claude.json" <<EOF
{"hasCompletedOnboarding": true, "theme": "dark", "autoConnectIde": false,
 "customApiKeyResponses": {"approved": ["sk-ant-e2e-fake"], "rejected": []},
 "projects": {"$PROJECT": {"hasTrustDialogAccepted": true, "allowedTools": []},
              "$WORK/agent-project": {"hasTrustDialogAccepted": true, "allowedTools": []},
              "$WORK/lsp-project": {"hasTrustDialogAccepted": true, "allowedTools": []},
              "$WORK/two-project": {"hasTrustDialogAccepted": true, "allowedTools": []}}}
EOF

# Neovim with the plugin, as `make run` starts it, but headless and listening for the driver.
(cd "$PROJECT" && exec "$NVIM" --clean --headless --listen "$SOCK" --cmd "set rtp^=$ROOT" \
  -c "lua require('claude-ide').setup({ log_level = 'info' })") > "$WORK/nvim.out" 2>&1 &
NVIM_PID=$!
wait_for 10 test -S "$SOCK" || { echo "Neovim did not start"; cat "$WORK/nvim.out"; exit 1; }
PORT="$(nv_lua 'require("claude-ide").status().port')"
check "lock file written for port $PORT" test -f "$HOME/.claude/ide/$PORT.lock"

tmux -S "$TMUX_SOCK" new-session -d -s cli -x 160 -y 50 -c "$PROJECT" \
  "env CLAUDE_CODE_SSE_PORT=$PORT ENABLE_IDE_INTEGRATION=true FORCE_CODE_TERMINAL=true \
   NO_PROXY=127.0.0.1,localhost,::1 ANTHROPIC_API_KEY=sk-ant-e2e-fake ANTHROPIC_BASE_URL=http://127.0.0.1:$API_PORT \
   DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
   $CLAUDE --permission-mode default; sleep 600"

connected() { [[ "$(nv_lua 'require("claude-ide").status().clients')" -ge 1 ]]; }
check "the CLI connects by itself" wait_for 30 connected
check "the CLI announced its pid (ide_connected)" wait_for 10 bash -c "[[ \$(\"$NVIM\" --clean --headless --server '$SOCK' --remote-expr 'luaeval(\"#require([[claude-ide]]).status().cliPids\")' 2>/dev/null) -ge 1 ]]"
wait_for 20 screen_has "❯"

# 2. Accept in Neovim.
type_prompt "Please change beta to BETA in hello.txt"
check "an Edit opens the diff in Neovim" wait_for 30 has_diff_tab
check "the file is untouched while the review is open" file_is hello.txt $'alpha\nbeta\ngamma'
nv_keys "<CR>"
check "accepting writes the file (by the CLI)" wait_for 20 file_is hello.txt $'alpha\nBETA\ngamma'
check "the diff tab is gone after accept" wait_for 10 no_diff_tab
check "the model got the successful edit" wait_for 20 log_has "has been updated"
wait_for 20 screen_has "Edited."

# 3. Reject in Neovim.
type_prompt "Now change gamma to GAMMA"
check "a second Edit opens the diff" wait_for 30 has_diff_tab
nv_keys "q"
check "the diff tab is gone after reject" wait_for 10 no_diff_tab
sleep 2
check "rejecting leaves the file untouched" file_is hello.txt $'alpha\nBETA\ngamma'
# A rejection interrupts the turn: the model hears of it with the next prompt.

# 4. A selection in Neovim reaches the model.
nv_keys "<Esc>:edit $PROJECT/hello.txt<CR>ggVj<Esc>"
sleep 1
type_prompt "What did I select?"
check "the selection reaches the model" wait_for 20 log_has "lines 1 to 2 from"
check "the model was told the previous edit was rejected" log_has "The user doesn't want to proceed"
wait_for 20 screen_has "I see your selection."

# 5. An @-mention from Neovim.
nv_keys ":ClaudeCodeAdd notes.txt 2 3<CR>"
check "the @-mention appears in the CLI's input" wait_for 10 screen_has "@notes.txt#L2-3"
tmux -S "$TMUX_SOCK" send-keys -t cli Enter
check "the mentioned lines reach the model" wait_for 20 log_has "three"
wait_for 20 screen_has "I see the mention."

# 6. Answer in the terminal: the diff in Neovim closes by itself.
type_prompt "Change two to TWO in notes.txt"
check "the diff opens for notes.txt" wait_for 30 has_diff_tab
wait_for 20 screen_has "Do you want to make this edit"
sleep 1 # the prompt takes keys a moment after it is drawn
tmux -S "$TMUX_SOCK" send-keys -t cli Enter # "1. Yes" is the default choice
check "answering in the terminal closes the diff" wait_for 10 no_diff_tab
check "the CLI wrote the accepted edit" wait_for 20 file_is notes.txt $'one\nTWO\nthree'

# 7. The agent endpoint, with no `claude mcp add`: a Neovim (with a UI, in tmux) runs :ClaudeCode, whose claude
# gets the bridge through --mcp-config. The model loads the tools with ToolSearch, reads the editor state and a
# buffer's UNSAVED text, and proposes an edit that is accepted in Neovim's review.
AGENT_PROJECT="$WORK/agent-project"
AGENT_SOCK="$WORK/nvim-agent.sock"
AGENT_PORT=$((API_PORT + 1))
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
node "$ROOT/e2e/fake-anthropic.mjs" "$AGENT_PORT" "$WORK/agent-scenario.json" "$WORK/agent-api.jsonl" > "$WORK/agent-api.out" 2>&1 &
AGENT_API_PID=$!
# (Its folder is trusted in the .claude.json written at the start: the running CLI rewrites that file.)
anv() { "$NVIM" --clean --headless --server "$AGENT_SOCK" --remote-expr "$1" 2>/dev/null; }
agent_log_has() { grep -qF -- "$1" "$WORK/agent-api.jsonl" 2>/dev/null; }
agent_screen_has() { tmux -S "$TMUX_SOCK" capture-pane -p -t ed | grep -qF -- "$1"; }
agent_diff_tabs() { anv "len(filter(gettabinfo(), {_, t -> has_key(t.variables, 'claude_ide_diff')}))"; }
agent_has_diff_tab() { [[ "$(agent_diff_tabs)" -ge 1 ]]; }
agent_line2_is() { [[ "$(anv "getbufline(bufnr('$AGENT_PROJECT/main.txt'), 2)[0]")" == "$1" ]]; }
tmux -S "$TMUX_SOCK" new-session -d -s ed -x 200 -y 50 -c "$AGENT_PROJECT" \
  "env NO_PROXY=127.0.0.1,localhost,::1 ANTHROPIC_API_KEY=sk-ant-e2e-fake ANTHROPIC_BASE_URL=http://127.0.0.1:$AGENT_PORT \
   DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
   $NVIM --clean --listen $AGENT_SOCK --cmd 'set rtp^=$ROOT' \
   -c \"lua require('claude-ide').setup({ terminal = { command = '$CLAUDE --permission-mode default' } })\" main.txt; sleep 600"
wait_for 10 test -S "$AGENT_SOCK" || echo "the agent Neovim did not start"
# An unsaved change the model must see (it is not on disk).
anv "execute('call setline(1, \"one (unsaved)\")')" >/dev/null
anv "execute('ClaudeCode')" >/dev/null
wait_for 30 agent_screen_has "? for shortcuts"
tmux -S "$TMUX_SOCK" send-keys -t ed -l "Look at my editor and change two to TWO in main.txt"; sleep 0.3
tmux -S "$TMUX_SOCK" send-keys -t ed Enter
check "agent: the model is offered the mcp__nvim__ tools (no claude mcp add)" wait_for 30 agent_log_has "mcp__nvim__editor_state"
check "agent: editor_state reaches the model" wait_for 30 agent_log_has "editing: main.txt:"
check "agent: read_buffer gives the model the unsaved text" wait_for 30 agent_log_has "one (unsaved)"
check "agent: the edit opens Neovim's review" wait_for 30 agent_has_diff_tab
check "agent: nothing changed while the review is open" agent_line2_is "two"
anv "execute('ClaudeCodeDiffAccept')" >/dev/null
check "agent: accepted, the buffer has the edit" wait_for 10 agent_line2_is "TWO"
check "agent: the file with the user's unsaved change is not written" test "$(cat "$AGENT_PROJECT/main.txt")" == $'one\ntwo\nthree'
check "agent: the model is told the edit was applied" wait_for 20 agent_log_has "OK: applied 1 edit to main.txt"
if ((failed > 0)); then
  echo "--- agent Neovim screen ---"; tmux -S "$TMUX_SOCK" capture-pane -p -t ed
  tail -c 3000 "$WORK/agent-api.jsonl"
fi
kill "$AGENT_API_PID" 2>/dev/null

# 8. The LSP tools: a Neovim whose user config attaches typescript-language-server (npm dev dependency) runs
# :ClaudeCode; the model waits for the server, finds the references of a function (compact text reaching the
# API) and renames it across files, accepted in Neovim's one review for all the files.
LSP_PROJECT="$WORK/lsp-project"
LSP_SOCK="$WORK/nvim-lsp.sock"
LSP_PORT=$((API_PORT + 2))
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
require('claude-ide').setup({ terminal = { command = '$CLAUDE --permission-mode default' }, agent = { lsp_timeout_ms = 20000 } })
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
node "$ROOT/e2e/fake-anthropic.mjs" "$LSP_PORT" "$WORK/lsp-scenario.json" "$WORK/lsp-api.jsonl" > "$WORK/lsp-api.out" 2>&1 &
LSP_API_PID=$!
lnv() { "$NVIM" --clean --headless --server "$LSP_SOCK" --remote-expr "$1" 2>/dev/null; }
lsp_log_has() { grep -qF -- "$1" "$WORK/lsp-api.jsonl" 2>/dev/null; }
lsp_screen_has() { tmux -S "$TMUX_SOCK" capture-pane -p -t lsp | grep -qF -- "$1"; }
lsp_has_diff_tab() { [[ "$(lnv "len(filter(gettabinfo(), {_, t -> has_key(t.variables, 'claude_ide_diff')}))")" -ge 1 ]]; }
tmux -S "$TMUX_SOCK" new-session -d -s lsp -x 200 -y 50 -c "$LSP_PROJECT" \
  "env NO_PROXY=127.0.0.1,localhost,::1 ANTHROPIC_API_KEY=sk-ant-e2e-fake ANTHROPIC_BASE_URL=http://127.0.0.1:$LSP_PORT \
   DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
   $NVIM --clean --listen $LSP_SOCK --cmd 'set rtp^=$ROOT' -c 'luafile $WORK/lsp-init.lua' src/main.ts; sleep 600"
wait_for 10 test -S "$LSP_SOCK" || echo "the LSP Neovim did not start"
lnv "execute('ClaudeCode')" >/dev/null
wait_for 30 lsp_screen_has "? for shortcuts"
tmux -S "$TMUX_SOCK" send-keys -t lsp -l "Rename double to twice everywhere"; sleep 0.3
tmux -S "$TMUX_SOCK" send-keys -t lsp Enter
check "lsp: wait_for_lsp_ready reaches the model" wait_for 60 lsp_log_has "OK: ready for src/main.ts"
check "lsp: lsp_references reaches the model as grouped text" wait_for 30 lsp_log_has "4 references in 2 files"
check "lsp: lsp_rename opens Neovim's review" wait_for 30 lsp_has_diff_tab
check "lsp: nothing renamed while the review is open" grep -q "function double" "$LSP_PROJECT/src/shape.ts"
lnv "execute('ClaudeCodeDiffAccept')" >/dev/null
check "lsp: accepted, both files renamed on disk" wait_for 20 grep -q "export const eight = twice(four);" "$LSP_PROJECT/src/main.ts"
check "lsp: the model is told the rename was applied" wait_for 20 lsp_log_has "OK: applied rename of"
if ((failed > 0)); then
  echo "--- LSP Neovim screen ---"; tmux -S "$TMUX_SOCK" capture-pane -p -t lsp
  tail -c 3000 "$WORK/lsp-api.jsonl"
fi
kill "$LSP_API_PID" 2>/dev/null

# 9. Two Claude sessions in one Neovim (:ClaudeCode, then :ClaudeCodeNew): both CLIs connected at once, each
# one's edit reviewed (the review names its session) and accepted, each landing in its own file.
TWO_PROJECT="$WORK/two-project"
TWO_SOCK="$WORK/nvim-two.sock"
TWO_PORT=$((API_PORT + 3))
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
node "$ROOT/e2e/fake-anthropic.mjs" "$TWO_PORT" "$WORK/two-scenario.json" "$WORK/two-api.jsonl" > "$WORK/two-api.out" 2>&1 &
TWO_API_PID=$!
tnv() { "$NVIM" --clean --headless --server "$TWO_SOCK" --remote-expr "$1" 2>/dev/null; }
two_screen_has() { tmux -S "$TMUX_SOCK" capture-pane -p -t two | grep -qF -- "$1"; }
two_has_diff_tab() { [[ "$(tnv "len(filter(gettabinfo(), {_, t -> has_key(t.variables, 'claude_ide_diff')}))")" -ge 1 ]]; }
two_no_diff_tab() { [[ "$(tnv "len(filter(gettabinfo(), {_, t -> has_key(t.variables, 'claude_ide_diff')}))")" == 0 ]]; }
two_connected() { [[ "$(tnv 'luaeval("#require([[claude-ide]]).status().cliPids")')" -ge "$1" ]]; }
two_type() { tmux -S "$TMUX_SOCK" send-keys -t two -l "$1"; sleep 0.3; tmux -S "$TMUX_SOCK" send-keys -t two Enter; }
tmux -S "$TMUX_SOCK" new-session -d -s two -x 200 -y 50 -c "$TWO_PROJECT" \
  "env NO_PROXY=127.0.0.1,localhost,::1 ANTHROPIC_API_KEY=sk-ant-e2e-fake ANTHROPIC_BASE_URL=http://127.0.0.1:$TWO_PORT \
   DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
   $NVIM --clean --listen $TWO_SOCK --cmd 'set rtp^=$ROOT' \
   -c \"lua require('claude-ide').setup({ terminal = { command = '$CLAUDE --permission-mode default' } })\"; sleep 600"
wait_for 10 test -S "$TWO_SOCK" || echo "the two-session Neovim did not start"
tnv "execute('ClaudeCode')" >/dev/null
check "sessions: the first CLI connects" wait_for 30 two_connected 1
wait_for 30 two_screen_has "? for shortcuts"
two_type "Change first to FIRST in a.txt"
check "sessions: the first session's edit opens a review" wait_for 30 two_has_diff_tab
check "sessions: the review names the first session ([claude])" bash -c "[[ \"\$(\"$NVIM\" --clean --headless --server '$TWO_SOCK' --remote-expr 'luaeval(\"vim.inspect(vim.tbl_map(function(w) return vim.wo[w].winbar end, vim.api.nvim_tabpage_list_wins(0)))\")' 2>/dev/null)\" == *'[claude]'* ]]"
tnv "execute('ClaudeCodeDiffAccept')" >/dev/null
check "sessions: the first CLI writes a.txt" wait_for 20 bash -c "[[ \"\$(cat '$TWO_PROJECT/a.txt')\" == FIRST ]]"
wait_for 20 two_screen_has "Session one done."
tnv "execute('ClaudeCodeNew')" >/dev/null
check "sessions: both CLIs are connected at once" wait_for 30 two_connected 2
wait_for 30 two_no_diff_tab
sleep 3 # the new claude draws its prompt a moment after it connects
two_type "Change second to SECOND in b.txt"
check "sessions: the second session's edit opens a review" wait_for 30 two_has_diff_tab
check "sessions: the review names the second session ([claude 2])" bash -c "[[ \"\$(\"$NVIM\" --clean --headless --server '$TWO_SOCK' --remote-expr 'luaeval(\"vim.inspect(vim.tbl_map(function(w) return vim.wo[w].winbar end, vim.api.nvim_tabpage_list_wins(0)))\")' 2>/dev/null)\" == *'[claude 2]'* ]]"
tnv "execute('ClaudeCodeDiffAccept')" >/dev/null
check "sessions: the second CLI writes b.txt" wait_for 20 bash -c "[[ \"\$(cat '$TWO_PROJECT/b.txt')\" == SECOND ]]"
check "sessions: a.txt kept the first session's edit" bash -c "[[ \"\$(cat '$TWO_PROJECT/a.txt')\" == FIRST ]]"
if ((failed > 0)); then
  echo "--- two-session Neovim screen ---"; tmux -S "$TMUX_SOCK" capture-pane -p -t two
  tail -c 2000 "$WORK/two-api.jsonl"
fi
kill "$TWO_API_PID" 2>/dev/null

if ((failed > 0)); then
  echo "--- CLI screen ---"; screen
  echo "--- Neovim messages ---"; nv "execute('messages')"
fi
echo "$passed passed, $failed failed"
((failed == 0))
