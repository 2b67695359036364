#!/usr/bin/env bash
# The Qwen Code CLI the companion's end-to-end section tests against, installed from npm into .deps/qwen-code
# (a folder of its own, stamped with the version), never into the system. Prints the path of its `qwen`.
#
#   scripts/qwen-code.sh            install when missing or another version, then print the path
#   scripts/qwen-code.sh --check    print the path only when that version is installed (exit 1 otherwise)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
CLI_VERSION="0.24.4"
CLI_DIR="${QWEN_CODE_DIR:-$ROOT/.deps/qwen-code}"
QWEN="$CLI_DIR/node_modules/.bin/qwen"

installed() { [[ -x "$QWEN" ]] && [[ "$(cat "$CLI_DIR/.stamp" 2>/dev/null)" == "@qwen-code/qwen-code $CLI_VERSION" ]]; }

if ! installed; then
  [[ "${1:-}" == "--check" ]] && exit 1
  echo "installing @qwen-code/qwen-code@$CLI_VERSION into ${CLI_DIR#"$ROOT"/}" >&2
  mkdir -p "$CLI_DIR"
  npm install --prefix "$CLI_DIR" --no-audit --no-fund --loglevel=error "@qwen-code/qwen-code@$CLI_VERSION" >&2
  [[ "$(cat "$CLI_DIR/node_modules/@qwen-code/qwen-code/package.json" 2>/dev/null)" == *"\"version\": \"$CLI_VERSION\""* ]] ||
    { echo "qwen-code.sh: $QWEN is not version $CLI_VERSION after the install" >&2; exit 1; }
  echo "@qwen-code/qwen-code $CLI_VERSION" > "$CLI_DIR/.stamp"
fi
echo "$QWEN"
