#!/usr/bin/env bash
# The Gemini CLI the companion's end-to-end section tests against, installed from npm into .deps/gemini-cli,
# never into the system. Prints the path of its `gemini` executable.
#
#   scripts/gemini-cli.sh            install when missing or another version, then print the path
#   scripts/gemini-cli.sh --check    print the path only when that version is installed (exit 1 otherwise)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
CLI_VERSION="0.61.0"
CLI_DIR="${GEMINI_CLI_DIR:-$ROOT/.deps/gemini-cli}"
GEMINI="$CLI_DIR/node_modules/.bin/gemini"

installed() { [[ -x "$GEMINI" ]] && [[ "$(cat "$CLI_DIR/node_modules/@google/gemini-cli/package.json" 2>/dev/null)" == *"\"version\": \"$CLI_VERSION\""* ]]; }

if ! installed; then
  [[ "${1:-}" == "--check" ]] && exit 1
  echo "installing @google/gemini-cli@$CLI_VERSION into ${CLI_DIR#"$ROOT"/}" >&2
  mkdir -p "$CLI_DIR"
  npm install --prefix "$CLI_DIR" --no-audit --no-fund --loglevel=error "@google/gemini-cli@$CLI_VERSION" >&2
  installed || { echo "gemini-cli.sh: $GEMINI is not version $CLI_VERSION after the install" >&2; exit 1; }
fi
echo "$GEMINI"
