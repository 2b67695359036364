#!/usr/bin/env bash
# make run: Neovim (0.10 from .deps unless NVIM is set) with this checkout on the runtimepath and the server
# started, as a user's config would (scripts/run.lua). Extra arguments go to Neovim.
#
# :ClaudeCode needs a `claude`: the one on PATH when there is one, else the CLI the end-to-end run tests with,
# installed into .deps/claude-cli on first use (scripts/claude-cli.sh). Its path reaches scripts/run.lua in
# CLAUDE_IDE_RUN_CLAUDE (the plugin itself never reads that variable nor knows about .deps).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
NVIM="${NVIM:-$ROOT/.deps/bin/nvim-0.10}"

if ! command -v claude > /dev/null 2>&1; then
  if CLAUDE="$(bash "$ROOT/scripts/claude-cli.sh")"; then
    export CLAUDE_IDE_RUN_CLAUDE="$CLAUDE"
  else
    echo "run.sh: no claude on PATH and the CLI could not be installed: :ClaudeCode will say so" >&2
  fi
fi
exec "$NVIM" --clean --cmd "set rtp^=$ROOT" -c "luafile $ROOT/scripts/run.lua" "$@"
