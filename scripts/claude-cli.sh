#!/usr/bin/env bash
# The Claude Code CLI this project tests against (and `make run` uses when no `claude` is on PATH), installed
# from npm into .deps/claude-cli, never into the system. Prints the path of its `claude` executable.
#
#   scripts/claude-cli.sh            install when missing or another version, then print the path
#   scripts/claude-cli.sh --check    print the path only when that version is installed (exit 1 otherwise)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
CLI_VERSION="2.1.330"
CLI_DIR="${CLAUDE_CLI_DIR:-$ROOT/.deps/claude-cli}"
CLAUDE="$CLI_DIR/node_modules/.bin/claude"

installed() { [[ -x "$CLAUDE" ]] && [[ "$("$CLAUDE" --version 2>/dev/null)" == "$CLI_VERSION"* ]]; }

if ! installed; then
  [[ "${1:-}" == "--check" ]] && exit 1
  echo "installing @anthropic-ai/claude-code@$CLI_VERSION into ${CLI_DIR#"$ROOT"/}" >&2
  mkdir -p "$CLI_DIR"
  npm install --prefix "$CLI_DIR" --no-audit --no-fund --loglevel=error "@anthropic-ai/claude-code@$CLI_VERSION" >&2
  installed || { echo "claude-cli.sh: $CLAUDE does not run after the install" >&2; exit 1; }
fi
echo "$CLAUDE"
