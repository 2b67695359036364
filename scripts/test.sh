#!/usr/bin/env bash
# Runs the busted specs under every supported Neovim (0.10 and 0.12), each spec file in its own Neovim with its
# own isolated environment, several at once; then the end-to-end run with the real CLIs.
#
#   scripts/test.sh                       every spec on both versions, then e2e/run.sh on both
#   scripts/test.sh spec/agent            only these spec files or folders (no e2e run)
#   scripts/test.sh -- --filter=rename    extra busted arguments after --, for every file (no e2e run)
#   FAST=1 scripts/test.sh                skip the specs tagged #slow (real language servers, the conformance
#                                         suites, floods, many child processes) and the e2e run: `make test-fast`
#   E2E=0 scripts/test.sh                 skip the end-to-end run
#   JOBS=N scripts/test.sh                how many spec Neovims run at once (default: 2 per core)
#   V=0.12 scripts/test.sh spec/x_spec.lua   one spec file on one Neovim version (make test-fast SPEC=... V=0.12)
#
# Installs the test dependencies first (scripts/deps.sh; about one line of output when already there).
# Does NOT build the TypeScript: the Makefile does that before calling this script.
#
# Why one Neovim per file: a spec file cannot leak process-wide state (LSP clients, autocmds, timers) into the
# next, and the files run in parallel: most of a spec's time is waiting on sockets and child processes, not CPU.
#
# Output: one line per spec file and version as it finishes (its counts, seconds and CPU seconds); then the whole busted
# output of any file that failed and the totals per version; then, as the very last line, the sum over all
# versions and the e2e checks:
#   N passed, N failed, N skipped
# Exit status: non-zero if any file had a failing/erroring spec, exited non-zero, or printed no summary line
# (crashed). Such a file adds 1 to "failed" if its own line did not count a failure, so the closing line never
# reads "0 failed" for a run that failed.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$REPO"

# V=0.12 (or V=0.10) runs one version only: a quick iteration (make test and CI run both).
read -r -a VERSIONS <<< "${V:-0.10 0.12}"
for v in "${VERSIONS[@]}"; do
  [[ "$v" == 0.10 || "$v" == 0.12 ]] || { echo "test.sh: V=$v: the versions are 0.10 and 0.12" >&2; exit 2; }
done

bash "$REPO/scripts/deps.sh" --quiet

WORK="$(mktemp -d "${TMPDIR:-/tmp}/claude-ide-test.XXXXXX")"

# Removes a sandbox: first the processes a spec left running in it (a snapshot worker finishing its housekeeping
# after the spec's Neovim exited, at a low CPU priority: it would still be writing while the folder is removed),
# found by the sandbox's path in their command line.
remove_sandbox() {
  pkill -9 -f -- "$1/" 2>/dev/null || true
  rm -rf "$1" 2>/dev/null || { sleep 0.2 && rm -rf "$1"; } || true
}
trap 'remove_sandbox "$WORK"' EXIT

# Arguments: paths select spec files; anything after -- goes to busted for every file.
paths=()
busted_args=()
while (($# > 0)); do
  if [[ "$1" == -- ]]; then
    shift
    busted_args=("$@")
    break
  fi
  paths+=("$1")
  shift
done
selected=0
((${#paths[@]} > 0 || ${#busted_args[@]} > 0)) && selected=1
((${#paths[@]} == 0)) && paths=(spec)
if [[ "${FAST:-0}" == 1 ]]; then
  busted_args+=(--exclude-tags=slow)
fi

# The spec files, those tagged #slow first: the longest ones start early and the pool ends evenly.
mapfile -t all_files < <(find "${paths[@]}" -name '*_spec.lua' -type f | sort -u)
if ((${#all_files[@]} == 0)); then
  echo "no spec files under: ${paths[*]}" >&2
  exit 2
fi
mapfile -t slow_files < <(grep -l -- '#slow' "${all_files[@]}" || true)
mapfile -t files < <(
  printf '%s\n' "${slow_files[@]}" | sed '/^$/d'
  printf '%s\n' "${all_files[@]}" | grep -vxF -f <(printf '%s\n' "${slow_files[@]}" | sed '/^$/d') || true
)
# Longest first, by how long each file took last time here (.deps/spec-times, written after every run; FAST runs
# keep their own, as they skip the #slow cases): the pool then ends evenly instead of waiting on one long file
# started last. A file never timed goes first (it may be long); without the record, the order above stays.
TIMES="$REPO/.deps/spec-times${FAST:+-fast}"
if [[ -f "$TIMES" ]]; then
  mapfile -t files < <(
    awk -F'\t' 'NR == FNR { ms[$1] = $2; next } { print (($0 in ms) ? ms[$0] : 999999) "\t" FNR "\t" $0 }' \
      "$TIMES" <(printf '%s\n' "${files[@]}") | sort -t$'\t' -k1,1nr -k2,2n | cut -f3-
  )
fi

# The official MCP conformance suites (spec/conformance/official_spec.lua, #slow), installed once before the pool:
# two spec Neovims installing into the same .deps folder would wait on each other.
if [[ "${FAST:-0}" != 1 ]] && printf '%s\n' "${files[@]}" | grep -q 'conformance/official_spec.lua'; then
  bash "$REPO/scripts/conformance.sh" > /dev/null || echo "!! the MCP conformance suites could not be installed"
fi

cores="$(nproc 2>/dev/null || echo 2)"
JOBS="${JOBS:-$((cores * 2))}"

# One spec file on one version, in a sandbox of its own. Isolation: nothing of the caller's Neovim (env vars,
# config, plugins, shada) or Lua setup may leak in; HOME stays as is; the plugin's Claude config dir is private.
# Writes $WORK/<version>/<n>.log (busted's output) and .verdict (its counts), and prints its line.
run_one() {
  local version="$1" n="$2" file="$3" extra=()
  # The busted arguments for every file, one per line ($BUSTED_ARGS: xargs puts its own after ours).
  [[ -n "$BUSTED_ARGS" ]] && mapfile -t extra <<< "$BUSTED_ARGS"
  local out="$WORK/$version/$n" sandbox="$WORK/$version/$n.d" start end rc
  mkdir -p "$sandbox"/{config,data,state,cache,claude,tmp}
  start="$(date +%s%N)"
  env -u VIMRUNTIME -u VIM -u NVIM -u NVIM_APPNAME -u MYVIMRC -u NVIM_LOG_FILE \
    -u LUA_PATH -u LUA_CPATH -u LUA_INIT -u LUA_PATH_5_1 -u LUA_CPATH_5_1 -u LUA_INIT_5_1 \
    XDG_CONFIG_HOME="$sandbox/config" \
    XDG_DATA_HOME="$sandbox/data" \
    XDG_STATE_HOME="$sandbox/state" \
    XDG_CACHE_HOME="$sandbox/cache" \
    CLAUDE_CONFIG_DIR="$sandbox/claude" \
    TMPDIR="$sandbox/tmp" \
    "$REPO/.deps/bin/nvim-$version" -l spec/runner.lua "${extra[@]}" "$file" < /dev/null > "$out.log" 2>&1
  rc=$?
  end="$(date +%s%N)"
  # The CPU time of the file's Neovim and every child it waited for (user + system, from bash's `times`: this
  # shell runs one file): what a file costs the machine, which its wall time hides when the pool is full.
  local cpu
  times > "$out.times"
  cpu="$(tail -n 1 "$out.times" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.1f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')"
  remove_sandbox "$sandbox"
  # The verdict, kept for the totals ($out.verdict: bad passed failed skipped, then the line) and printed now,
  # as the file finishes (the pool's progress).
  local ms=$(((end - start) / 1000000)) line passed failed skipped bad=0
  line="$(grep -E "$SUMMARY_RE" "$out.log" | tail -n 1)"
  if [[ "$line" =~ $SUMMARY_RE ]]; then
    passed=${BASH_REMATCH[1]} failed=${BASH_REMATCH[2]} skipped=${BASH_REMATCH[3]}
    ((rc != 0 || failed != 0)) && bad=1
    ((bad && failed == 0)) && failed=1 line="$line (exit code $rc although no spec failed)"
  else
    passed=0 failed=1 skipped=0 bad=1 line="no summary line (exit code $rc): the file crashed or busted did not start"
  fi
  printf '%s %s %s %s\n%s\n' "$bad" "$passed" "$failed" "$skipped" "$line" > "$out.verdict"
  echo "$ms" > "$out.ms"
  printf '%s %-5s %-46s %s  (%d.%01d s, cpu %s s)\n' "$( ((bad)) && echo 'FAIL' || echo ' ok ')" "$version" "$file" \
    "$line" $((ms / 1000)) $((ms % 1000 / 100)) "$cpu"
}
export -f run_one remove_sandbox
BUSTED_ARGS="$( ((${#busted_args[@]} > 0)) && printf '%s\n' "${busted_args[@]}")" || true
SUMMARY_RE='^([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$'
export WORK REPO BUSTED_ARGS SUMMARY_RE

for version in "${VERSIONS[@]}"; do
  mkdir -p "$WORK/$version"
done

# The pool: every (file, version) pair, the two versions interleaved.
echo "specs: ${#files[@]} files x ${#VERSIONS[@]} versions (${VERSIONS[*]}), $JOBS at once"
started="$(date +%s)"
{
  n=0
  for file in "${files[@]}"; do
    for version in "${VERSIONS[@]}"; do
      printf '%s\0%s\0%s\0' "$version" "$n" "$file"
    done
    n=$((n + 1))
  done
} | xargs -0 -n 3 -P "$JOBS" bash -c 'run_one "$1" "$2" "$3"' _ || true
spec_secs=$(($(date +%s) - started))
# Each file's time, the longer of its versions, kept for the next run's order (entries of files not run stay).
{
  for ((n = 0; n < ${#files[@]}; n++)); do
    ms=0
    for version in "${VERSIONS[@]}"; do
      if [[ -f "$WORK/$version/$n.ms" ]]; then
        v=$(< "$WORK/$version/$n.ms")
        ((v > ms)) && ms=$v
      fi
    done
    printf '%s\t%s\n' "${files[$n]}" "$ms"
  done
  if [[ -f "$TIMES" ]]; then
    awk -F'\t' 'NR == FNR { ran[$0] = 1; next } !($1 in ran)' <(printf '%s\n' "${files[@]}") "$TIMES"
  fi
} > "$TIMES.new" 2>/dev/null || true
mv "$TIMES.new" "$TIMES" 2>/dev/null || true

total_passed=0
total_failed=0
total_skipped=0
status=0

# The totals per version, in file order, with the whole busted output of every file that failed.
for version in "${VERSIONS[@]}"; do
  v_passed=0 v_failed=0 v_skipped=0
  for ((n = 0; n < ${#files[@]}; n++)); do
    file="${files[$n]}" out="$WORK/$version/$n"
    if [[ -f "$out.verdict" ]]; then
      { read -r bad passed failed skipped && read -r line; } < "$out.verdict"
    else
      bad=1 passed=0 failed=1 skipped=0 line="never ran"
    fi
    v_passed=$((v_passed + passed)) v_failed=$((v_failed + failed)) v_skipped=$((v_skipped + skipped))
    if ((bad)); then
      status=1
      echo
      echo "---------- $file on Neovim $version: $line ----------"
      cat "$out.log" 2>/dev/null
      echo "---------- end of $file on Neovim $version ----------"
    fi
  done
  echo "-- Neovim $version ($("$REPO/.deps/bin/nvim-$version" --clean --headless --version | head -n 1)): $v_passed passed, $v_failed failed, $v_skipped skipped"
  total_passed=$((total_passed + v_passed))
  total_failed=$((total_failed + v_failed))
  total_skipped=$((total_skipped + v_skipped))
done
echo "specs: ${#files[@]} files x ${#VERSIONS[@]} versions in ${spec_secs} s"

# End to end with the real CLIs (e2e/run.sh), both versions at once (most of a run is waiting on the CLIs and
# the scripted models), unless E2E=0, FAST=1 or spec files/busted arguments were given (a quick iteration). The
# CLIs are installed first, once: two runs installing into the same .deps folder would trip over each other.
# Each run takes its ports from its own slot. Its checks count in the closing line like specs do.
if [[ "${E2E:-1}" != 0 && "${FAST:-0}" != 1 && $selected == 0 ]]; then
  bash "$REPO/scripts/claude-cli.sh" > /dev/null || echo "!! the Claude Code CLI could not be installed"
  bash "$REPO/scripts/gemini-cli.sh" > /dev/null || echo "!! the Gemini CLI could not be installed"
  bash "$REPO/scripts/qwen-code.sh" > /dev/null || echo "!! the Qwen Code CLI could not be installed"
  started="$(date +%s)"
  pids=()
  for i in "${!VERSIONS[@]}"; do
    E2E_SLOT=$i E2E_SLOTS=${#VERSIONS[@]} bash "$REPO/e2e/run.sh" "${VERSIONS[$i]}" > "$WORK/e2e-${VERSIONS[$i]}.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!VERSIONS[@]}"; do
    version="${VERSIONS[$i]}" log="$WORK/e2e-${VERSIONS[$i]}.log"
    set +e
    wait "${pids[$i]}"
    rc=$?
    set -e
    echo
    echo "==================== e2e with the real CLIs, Neovim $version ===================="
    cat "$log"
    line="$(grep -E '^([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$' "$log" | tail -n 1 || true)"
    if [[ "$line" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]]; then
      total_passed=$((total_passed + BASH_REMATCH[1]))
      total_failed=$((total_failed + BASH_REMATCH[2]))
      total_skipped=$((total_skipped + BASH_REMATCH[3]))
    fi
    if ((rc != 0)); then
      status=1
      [[ -z "$line" || "${BASH_REMATCH[2]:-0}" == 0 ]] && total_failed=$((total_failed + 1))
    fi
  done
  echo
  echo "e2e: ${#VERSIONS[@]} versions at once in $(($(date +%s) - started)) s"
fi

# A short recap of what failed, last, where a reader of only the end of a long log (a CI page) sees it: each
# failing spec's heading and first lines from busted, and each failing e2e check. The whole output is above.
if ((status != 0)); then
  echo
  echo "==================== what failed (the whole output is above) ===================="
  for version in "${VERSIONS[@]}"; do
    for ((n = 0; n < ${#files[@]}; n++)); do
      out="$WORK/$version/$n"
      [[ -f "$out.verdict" ]] && [[ "$(head -c 1 "$out.verdict")" == 0 ]] && continue
      echo "$version ${files[$n]}:"
      # busted's "Failure -> file @ line" / "Error -> ..." blocks, 8 lines of each.
      awk '/^(Failure|Error) -> /{left=8} left>0{print "    " $0; left--}' "$out.log" 2>/dev/null | head -n 40
    done
  done
  for log in "$WORK"/e2e-*.log; do
    [[ -f "$log" ]] || continue
    grep -E '^FAIL ' "$log" | sed "s|^|    $(basename "$log" .log): |" | head -n 40 || true
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
