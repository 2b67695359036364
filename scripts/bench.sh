#!/usr/bin/env bash
# Runs every benchmark in bench/ and prints its figures, each beside its goal (never a pass/fail on timings).
#
#   scripts/bench.sh [bench/NAME.lua ...]      default: every bench/*.lua
#   BENCH_NVIM="0.10 0.12" scripts/bench.sh   Neovim versions to run them under (default: both)
#   BENCH_SMOKE=1 scripts/bench.sh            tiny sizes, figures not judged: does every bench still run?
#                                             (spec/project/bench_smoke_spec.lua runs each so in `make test`)
#
# Each bench/*.lua is an entry point run with `nvim --clean --headless -l FILE` from the repo root, in an
# isolated environment (private XDG dirs and Claude config dir). Helpers it starts (bench/*.mjs) are not
# entry points. Does not build: `make bench` builds first.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$REPO"

read -r -a versions <<<"${BENCH_NVIM:-0.10 0.12}"
if (($# > 0)); then
  files=("$@")
else
  files=(bench/*.lua)
fi

bash "$REPO/scripts/deps.sh" --quiet

WORK="$(mktemp -d "${TMPDIR:-/tmp}/claude-ide-bench.XXXXXX")"
# What a bench left running in it (a snapshot worker at a low CPU priority, still finishing) is stopped first:
# removing the folder under it would fail ("Directory not empty") and fail the run.
trap 'pkill -9 -f -- "$WORK/" 2>/dev/null || true; rm -rf "$WORK" 2>/dev/null || { sleep 0.2 && rm -rf "$WORK"; } || true' EXIT

status=0
for version in "${versions[@]}"; do
  nvim="$REPO/.deps/bin/nvim-$version"
  sandbox="$WORK/nvim-$version"
  mkdir -p "$sandbox"/{config,data,state,cache,claude,tmp}
  echo
  echo "==================== Neovim $version: $("$nvim" --clean --headless --version | head -n 1) ===================="
  for file in "${files[@]}"; do
    echo
    echo "--- $file"
    if ! env -u VIMRUNTIME -u VIM -u NVIM -u NVIM_APPNAME -u MYVIMRC -u NVIM_LOG_FILE \
      XDG_CONFIG_HOME="$sandbox/config" \
      XDG_DATA_HOME="$sandbox/data" \
      XDG_STATE_HOME="$sandbox/state" \
      XDG_CACHE_HOME="$sandbox/cache" \
      CLAUDE_CONFIG_DIR="$sandbox/claude" \
      TMPDIR="$sandbox/tmp" \
      "$nvim" --clean --headless -l "$file" </dev/null 2>&1; then
      echo "!! $file failed on Neovim $version"
      status=1
    fi
  done
done
exit "$status"
