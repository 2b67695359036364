#!/usr/bin/env bash
# Runs the busted specs under every supported Neovim (0.10 and 0.12), each in an isolated environment.
#
#   scripts/test.sh [busted args]        e.g. scripts/test.sh spec/smoke_spec.lua
#   E2E=0 scripts/test.sh                 skip the end-to-end run with the real Claude CLI (e2e/run.sh)
#
# Installs the test dependencies first (scripts/deps.sh; about one line of output when already there).
# Does NOT build the TypeScript: the Makefile does that before calling this script.
#
# Output: busted's output per version under a header, then, as the very last line, the sum over all versions:
#   N passed, N failed, N skipped
# Exit status: non-zero if any version had a failing/erroring spec, exited non-zero, or printed no summary
# line (crashed). Such a version adds 1 to "failed" in the last line if its own line did not count a
# failure, so the closing line never reads "0 failed" for a run that failed.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$REPO"

VERSIONS=(0.10 0.12)

bash "$REPO/scripts/deps.sh" --quiet

WORK="$(mktemp -d "${TMPDIR:-/tmp}/claude-ide-test.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

total_passed=0
total_failed=0
total_skipped=0
status=0
summary_re='^([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$'

# Isolation: nothing of the caller's Neovim (env vars, config, plugins, shada) or Lua setup may leak in.
# HOME stays as is; the plugin's Claude config dir is private.
# One busted run of version $version (uses $nvim, $sandbox, $log; sets $rc). No re-runs: a test Neovim that
# dies is a failure. (It once died now and then of "Caught deadly signal 'SIGHUP'" after the terminal specs:
# the forkpty race in src/claude-ide/editor/pty.ts, which the plugin and spec/tools/helpers.lua now avoid.)
run_version() {
  set +e
  env -u VIMRUNTIME -u VIM -u NVIM -u NVIM_APPNAME -u MYVIMRC -u NVIM_LOG_FILE \
    -u LUA_PATH -u LUA_CPATH -u LUA_INIT -u LUA_PATH_5_1 -u LUA_CPATH_5_1 -u LUA_INIT_5_1 \
    XDG_CONFIG_HOME="$sandbox/config" \
    XDG_DATA_HOME="$sandbox/data" \
    XDG_STATE_HOME="$sandbox/state" \
    XDG_CACHE_HOME="$sandbox/cache" \
    CLAUDE_CONFIG_DIR="$sandbox/claude" \
    TMPDIR="$sandbox/tmp" \
    "$nvim" -l spec/runner.lua "$@" < /dev/null 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  set -e
}

for version in "${VERSIONS[@]}"; do
  nvim="$REPO/.deps/bin/nvim-$version"
  sandbox="$WORK/nvim-$version"
  mkdir -p "$sandbox"/{config,data,state,cache,claude,tmp}
  log="$sandbox/output.log"

  echo
  echo "==================== Neovim $version: $("$nvim" --clean --headless --version | head -n 1) ===================="

  run_version "$@"
  line="$(grep -E "$summary_re" "$log" | tail -n 1 || true)"
  if [[ -z "$line" ]]; then
    echo "!! Neovim $version: no summary line (exit code $rc): the run crashed or busted did not start"
    total_failed=$((total_failed + 1))
    status=1
    continue
  fi
  [[ "$line" =~ $summary_re ]]
  passed=${BASH_REMATCH[1]} failed=${BASH_REMATCH[2]} skipped=${BASH_REMATCH[3]}
  total_passed=$((total_passed + passed))
  total_skipped=$((total_skipped + skipped))
  total_failed=$((total_failed + failed))
  if ((rc != 0 || failed != 0)); then
    status=1
    if ((failed == 0)); then
      echo "!! Neovim $version: exit code $rc although no spec failed"
      total_failed=$((total_failed + 1))
    fi
  fi
  echo "-- Neovim $version: exit code $rc"
done

# End to end with the real Claude Code CLI (e2e/run.sh), on each version, unless E2E=0 or busted was given
# specific spec files (a quick iteration). Its checks count in the closing line like specs do.
if [[ "${E2E:-1}" != 0 && $# -eq 0 ]]; then
  for version in "${VERSIONS[@]}"; do
    echo
    echo "==================== e2e with the real Claude Code CLI, Neovim $version ===================="
    log="$WORK/e2e-$version.log"
    set +e
    bash "$REPO/e2e/run.sh" "$version" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    set -e
    line="$(grep -E '^([0-9]+) passed, ([0-9]+) failed$' "$log" | tail -n 1 || true)"
    if [[ "$line" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
      total_passed=$((total_passed + BASH_REMATCH[1]))
      total_failed=$((total_failed + BASH_REMATCH[2]))
    fi
    if ((rc != 0)); then
      status=1
      [[ -z "$line" || "${BASH_REMATCH[2]:-0}" == 0 ]] && total_failed=$((total_failed + 1))
    fi
  done
fi

echo
if ((status == 0)); then
  echo "All versions passed (${VERSIONS[*]})."
else
  echo "FAILED on at least one version (${VERSIONS[*]})."
fi
echo "$total_passed passed, $total_failed failed, $total_skipped skipped"
exit "$status"
