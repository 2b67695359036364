#!/usr/bin/env bash
# The README's pictures, rendered from the real plugin (`make pictures`), never drawn by hand.
#
#   bash scripts/pictures/run.sh [--smoke] [scenario ...]
#
# Each scenario (scripts/pictures/scenarios/<NN>-<name>.sh, run in name order; naming some runs only those)
# starts Neovim 0.12 with this checkout in a tmux terminal of a fixed size (COLS x ROWS, the default colour
# scheme, 'termguicolors'), drives what a user meets (a scripted stand-in for the `claude` CLI speaks the real
# protocol: stand-in-cli.mjs), waits until the screen shows the texts that mark it, captures the screen with its
# colours (tmux capture-pane -e) and renders it to doc/pictures/<name>.svg (render-svg.mjs).
# --smoke writes no image: it checks that every scenario still reaches its screen (spec/project/pictures_spec.lua)
# and, with the Neovim the pictures are made with (0.12: 0.10 draws diff fillers and :checkhealth otherwise), that
# doc/pictures still shows that screen's text (stale.mjs).
# Prints one line per picture ("ok <name>" or "FAIL <name>: ..." followed by the screen it saw) and exits non-zero
# when any failed. PICTURES_NVIM=<nvim> runs another Neovim (the smoke spec runs its own version),
# PICTURES_SCENARIOS=<folder> other scenarios, PICTURES_WAIT=<seconds> how long a screen may take (default 30).
#
# A new scenario is one file in scenarios/: set up its folder, plan what the stand-in CLI does (plan <file>
# <json>), start_nvim <folder> [nvim args], drive it (keys, ex, nv), then shoot <name> <marker text>... .
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
HERE="$ROOT/scripts/pictures"
SMOKE=0
[[ "${1:-}" == --smoke ]] && SMOKE=1 && shift
PICTURES_BIN="$ROOT/.deps/bin/nvim-0.12" # the Neovim the README's pictures are made with
NVIM_BIN="${PICTURES_NVIM:-$PICTURES_BIN}"
SAME_NVIM=0
[[ "$(readlink -f "$NVIM_BIN")" == "$(readlink -f "$PICTURES_BIN")" ]] && SAME_NVIM=1
# The terminal's size: the same for every picture, unless a scenario sets its own (before start_nvim).
DEFAULT_COLS=140
DEFAULT_ROWS=30
OUT="${PICTURES_OUT:-$ROOT/doc/pictures}" # PICTURES_OUT=<folder>: elsewhere (a spec's)

[[ -x "$ROOT/.deps/tmux/bin/tmux" ]] && export PATH="$ROOT/.deps/tmux/bin:$PATH"
command -v tmux >/dev/null || { echo "pictures: needs tmux (make deps installs it)" >&2; exit 2; }
[[ -x "$NVIM_BIN" ]] || { echo "pictures: no Neovim at $NVIM_BIN (make deps installs it)" >&2; exit 2; }
[[ -d "$ROOT/node_modules/ws" ]] || { echo "pictures: run make build first (node_modules)" >&2; exit 2; }

# Everything the run makes stays in $WORK; HOME is there so that paths show as ~/project in every picture. The
# pictures are made in a fixed folder (paths the health check prints stay the same from one run to the next), and
# the plugin is loaded through a link where lazy.nvim would have installed it; a smoke run, or one drawing elsewhere
# (PICTURES_OUT, a spec's), takes a folder of its own.
if ((SMOKE)) || [[ -n "${PICTURES_OUT:-}" ]]; then
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/claude-ide-pictures.XXXXXX")"
else
  WORK=/tmp/claude-ide-pictures
  if [[ -e "$WORK" ]]; then
    [[ -f "$WORK/.made-by-pictures" ]] || { echo "pictures: $WORK exists and is not ours: remove it first" >&2; exit 2; }
    rm -rf "$WORK"
  fi
  mkdir -p "$WORK"
  touch "$WORK/.made-by-pictures"
fi
export HOME="$WORK/home" TMPDIR="$WORK/tmp" LANG=C.UTF-8 LC_ALL=C.UTF-8
# The XDG folders where they are on a user's machine (the paths the pictures show read ~/.local/state/...).
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share" XDG_STATE_HOME="$HOME/.local/state" \
  XDG_CACHE_HOME="$HOME/.cache"
# ~/.local/bin on PATH, with ripgrep in it, as most users have it (make deps installs it); start_nvim links nvim there.
mkdir -p "$HOME/.local/bin"
RG_BIN="$(find "$ROOT/.deps/ripgrep" -path '*/bin/rg' -type f 2>/dev/null | head -1)"
[[ -n "$RG_BIN" ]] && ln -s "$RG_BIN" "$HOME/.local/bin/rg"
export PATH="$HOME/.local/bin:$PATH"
unset CLAUDE_CONFIG_DIR NVIM NVIM_APPNAME MYVIMRC VIM TMUX TMUX_PANE
PLUGIN="$HOME/.local/share/nvim/lazy/claude-ide.nvim"
mkdir -p "$TMPDIR" "$(dirname "$PLUGIN")"
ln -s "$ROOT" "$PLUGIN"
TMUX_SOCK="$WORK/tmux.sock"
NVIM_SOCK="$WORK/nvim.sock"
passed=0
failed=0

# Every process of the run still alive (they all have this HOME), this shell and its subshells excepted.
run_pids() {
  local f pid
  for f in $(grep -lzxF "HOME=$HOME" /proc/[0-9]*/environ 2>/dev/null); do
    pid=${f#/proc/}
    pid=${pid%/environ}
    [[ $pid == "$$" || $pid == "$BASHPID" ]] || echo "$pid"
  done
}
stop_all() {
  local pids deadline
  tmux -S "$TMUX_SOCK" kill-server 2>/dev/null
  pids="$(run_pids)"
  [[ -n "$pids" ]] && kill $pids 2>/dev/null
  deadline=$((SECONDS + 5))
  while [[ -n "$(run_pids)" ]] && ((SECONDS < deadline)); do sleep 0.1; done
  pids="$(run_pids)"
  [[ -n "$pids" ]] && kill -KILL $pids 2>/dev/null
  rm -f "$NVIM_SOCK"
}
cleanup() {
  stop_all
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- What scenarios use.
wait_for() { # wait_for <seconds> <command...>
  local deadline=$((SECONDS + $1))
  shift
  until "$@" >/dev/null 2>&1; do
    ((SECONDS >= deadline)) && return 1
    sleep 0.2
  done
}
nv() { "$NVIM_BIN" --clean --headless --server "$NVIM_SOCK" --remote-expr "$1" 2>/dev/null; } # nv <Vim expression>
ex() { nv "execute('$1')" >/dev/null; }                                                   # ex <Ex command>
keys() { tmux -S "$TMUX_SOCK" send-keys -t pic "$@"; }                                    # keys <tmux key>...
pane() { tmux -S "$TMUX_SOCK" capture-pane -p -t pic "$@"; }

# plan <file> <json>: what the stand-in CLI of a :ClaudeCode started with `terminal.command` = `stand-in <file>`
# says and calls (stand-in-cli.mjs).
plan() { printf '%s\n' "$2" > "$WORK/$1"; }

# start_nvim <folder> [nvim args]: a Neovim with a UI, this plugin and nothing of the user's, in the tmux
# terminal, started in <folder>; its :ClaudeCode runs `node stand-in-cli.mjs $WORK/<plan>` (plan file given as
# PLAN=<file>, default plan.json; SETUP=<Lua> adds fields to setup()'s table, e.g. SETUP='diff = { layout = "unified" }';
# INIT=<Lua> is run after setup()). Returns when its RPC socket answers and the plugin's server listens.
start_nvim() {
  local folder="$1"
  shift
  cat > "$WORK/init.lua" <<LUA
vim.opt.rtp:prepend('$PLUGIN')
vim.o.termguicolors = true
vim.o.swapfile = false
-- As on a user's machine, this Neovim is the \`nvim\` on PATH (the health check then prints commands with \`nvim\`).
vim.uv.fs_unlink('$HOME/.local/bin/nvim')
vim.uv.fs_symlink(vim.v.progpath, '$HOME/.local/bin/nvim')
require('claude-ide').setup({ terminal = { command = 'node $HERE/stand-in-cli.mjs $WORK/${PLAN:-plan.json}' }, ${SETUP:-} })
${INIT:-}
LUA
  tmux -S "$TMUX_SOCK" -f "$HERE/tmux.conf" new-session -d -s pic -x "$COLS" -y "$ROWS" -c "$folder" \
    "env TERM=tmux-256color COLORTERM=truecolor $NVIM_BIN -u $WORK/init.lua -i NONE --listen $NVIM_SOCK $*"
  wait_for 20 server_running
}
server_running() { [[ "$(nv 'luaeval("require([[claude-ide]]).status().running")')" == true ]]; }
# connected <n>: n CLIs announced themselves (ide_connected).
connected() { [[ "$(nv 'luaeval("#require([[claude-ide]]).status().cliPids")')" -ge "$1" ]]; }
has_review() { [[ "$(nv "len(filter(gettabinfo(), {_, t -> has_key(t.variables, 'claude_ide_diff')}))")" -ge 1 ]]; }
# The screen shows every one of these texts.
screen_has() {
  local text
  text="$(pane)"
  for m in "$@"; do [[ "$text" == *"$m"* ]] || return 1; done
}
# Two captures a moment apart are the same: Neovim finished drawing.
screen_still() {
  local a b
  a="$(pane -e)"
  sleep 0.4
  b="$(pane -e)"
  [[ -n "$a" && "$a" == "$b" ]]
}

# shoot <name> <marker>...: waits until the screen shows every marker and stops changing, then renders it to
# doc/pictures/<name>.svg (in smoke mode only says it got there).
shoot() {
  local name="$1"
  shift
  if ! wait_for "${PICTURES_WAIT:-30}" screen_has "$@"; then
    echo "FAIL $name: the screen never showed: $*"
    pane | sed 's/^/  | /'
    failed=$((failed + 1))
    return 1
  fi
  wait_for 10 screen_still
  if ((SMOKE)); then
    # The README's picture of that screen is still what it shows (stale.mjs: the words, not the ports or timings).
    local stale
    if ((SAME_NVIM)) && ! stale="$(pane | node "$HERE/stale.mjs" "$OUT/$name.svg")"; then
      echo "FAIL $name: ${OUT#"$ROOT"/}/$name.svg no longer shows this screen (make pictures draws it again):"
      printf '%s\n' "$stale"
      failed=$((failed + 1))
      return 1
    fi
    echo "ok   $name (reached its screen: $*$( ((SAME_NVIM)) && echo "; ${OUT#"$ROOT"/}/$name.svg shows it"))"
  else
    local cursor
    cursor="$(tmux -S "$TMUX_SOCK" display -p -t pic '#{?cursor_flag,#{cursor_x}#,#{cursor_y},}')"
    mkdir -p "$OUT"
    if pane -e -N | node "$HERE/render-svg.mjs" --cols "$COLS" --rows "$ROWS" ${cursor:+--cursor "$cursor"} > "$OUT/$name.svg.tmp"; then
      mv "$OUT/$name.svg.tmp" "$OUT/$name.svg"
      echo "ok   $name -> doc/pictures/$name.svg"
    else
      rm -f "$OUT/$name.svg.tmp"
      echo "FAIL $name: render-svg.mjs failed"
      failed=$((failed + 1))
      return 1
    fi
  fi
  passed=$((passed + 1))
}

# --- The scenarios.
mapfile -t scenarios < <(find "${PICTURES_SCENARIOS:-$HERE/scenarios}" -name '*.sh' | sort)
for file in "${scenarios[@]}"; do
  base="$(basename "$file" .sh)"
  if (($# > 0)); then
    wanted=0
    for n in "$@"; do [[ "$base" == "$n" || "${base#*-}" == "$n" ]] && wanted=1; done
    ((wanted)) || continue
  fi
  PLAN=plan.json SETUP= INIT= COLS=$DEFAULT_COLS ROWS=$DEFAULT_ROWS
  # shellcheck source=/dev/null
  source "$file"
  stop_all
done
echo "$passed passed, $failed failed"
((failed == 0))
