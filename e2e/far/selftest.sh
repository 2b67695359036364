#!/usr/bin/env bash
# Checks e2e/far/far.sh on this machine (a few seconds): starts a far side on a scratch project, and checks what
# the far-side e2e relies on. One line per check, then "N passed, N failed"; exit 1 when one failed.
# Skipped (exit 0, "skipped: why") when `far.sh check` says the machine cannot run a far side.
#
#   bash e2e/far/selftest.sh
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
FAR="$ROOT/e2e/far/far.sh"
TMUX="$ROOT/.deps/tmux/bin/tmux"
[[ -x "$TMUX" ]] || TMUX=tmux

if ! why="$(bash "$FAR" check)"; then
  echo "skipped: $why"
  exit 0
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/far-selftest.XXXXXX")"
PROJECT="$WORK/project"
mkdir -p "$PROJECT"
echo "local text" > "$PROJECT/a.txt"
passed=0
failed=0
pids=()
cleanup() {
  "$TMUX" -S "$WORK/tmux.sock" kill-server 2> /dev/null
  ((${#pids[@]})) && kill "${pids[@]}" 2> /dev/null
  bash "$FAR" stop "$WORK/far"
  rm -rf "$WORK"
}
trap cleanup EXIT

check() { # NAME CONDITION-STATUS [DETAIL]
  if [[ "$2" == 0 ]]; then
    passed=$((passed + 1))
    echo "ok    $1"
  else
    failed=$((failed + 1))
    echo "FAIL  $1${3:+: $3}"
  fi
}

started=$SECONDS
bash "$FAR" start "$WORK/far" "$PROJECT" > "$WORK/start.out" 2>&1
check "start ($((SECONDS - started))s)" $? "$(cat "$WORK/start.out")"
# shellcheck disable=SC1091
source "$WORK/far/env" || exit 1

out="$("${FAR_SSH[@]}" -- 'cat /workspace/a.txt; echo "$HOME"; id -un; hostname' 2>&1)"
[[ "$out" == $'local text\n/home/far\nfar\nfar' ]]
check "the far session sees the project at /workspace, HOME=/home/far, user far, host far" $? "$out"

out="$("${FAR_SSH[@]}" -- "test -e $(printf '%q' "$PROJECT") && echo visible; test -e $(printf '%q' "$WORK") && echo visible; grep -c ' /workspace ' /proc/self/mountinfo" 2>&1)"
[[ "$out" == 1 ]]
check "the local project path does not exist on the far side; /workspace is a mount" $? "$out"

"${FAR_SSH[@]}" -- 'echo far > /workspace/from-far.txt; mkdir -p ~/.claude/ide && echo "{}" > ~/.claude/ide/1.lock' 2>&1
[[ "$(cat "$PROJECT/from-far.txt" 2> /dev/null)" == far && -f "$FAR_HOME_LOCAL/.claude/ide/1.lock" &&
  "$(stat -c %u "$PROJECT/from-far.txt")" == "$(id -u)" ]]
check "files written far side land in the project and in FAR_HOME_LOCAL, owned by $(id -un)" $?

# ssh -R on the SAME port as a local server: the far side has its own network namespace.
port_file="$WORK/http.port"
node -e '
  const s = require("http").createServer((q, r) => r.end("served locally"));
  s.listen(0, "127.0.0.1", () => require("fs").writeFileSync(process.argv[1], String(s.address().port)));
' "$port_file" &
pids+=($!)
for _ in $(seq 100); do [[ -s "$port_file" ]] && break; sleep 0.05; done
P="$(cat "$port_file")"
out="$("${FAR_SSH[@]}" -R "$P:127.0.0.1:$P" -- "node -e 'fetch(\"http://127.0.0.1:$P/\").then(r => r.text()).then(t => console.log(t))'" 2>&1)"
[[ "$out" == "served locally" ]]
check "ssh -R $P:127.0.0.1:$P: node on the far side fetches the local server through the same port number" $? "$out"

out="$("${FAR_SSH[@]}" -- "node -e 'fetch(\"http://127.0.0.1:$P/\").then(() => console.log(\"reached\"), () => console.log(\"unreachable\"))'" 2>&1)"
[[ "$out" == unreachable ]]
check "without -R the far side cannot reach the local port" $? "$out"

out="$("${FAR_SSH[@]}" -- 'command -v claude; claude --version' 2>&1)"
[[ "$out" == /opt/claude-cli/node_modules/.bin/claude$'\n'[0-9]*"(Claude Code)" ]]
check "the pinned CLI runs on the far side (/opt/claude-cli)" $? "$out"

# A TTY: ssh -t from a tmux pane; the far side reads a typed line from its terminal.
"$TMUX" -S "$WORK/tmux.sock" new-session -d -x 80 -y 24 \
  "$(printf '%q ' "${FAR_SSH[@]}") -t -- 'tty; stty size; read -r x; echo \"typed:\$x\"; sleep 5'"
for _ in $(seq 100); do "$TMUX" -S "$WORK/tmux.sock" capture-pane -p | grep -q '^24 80' && break; sleep 0.05; done
"$TMUX" -S "$WORK/tmux.sock" send-keys 'hello' Enter
for _ in $(seq 100); do "$TMUX" -S "$WORK/tmux.sock" capture-pane -p | grep -q 'typed:hello' && break; sleep 0.05; done
out="$("$TMUX" -S "$WORK/tmux.sock" capture-pane -p | grep -v '^$')"
[[ "$out" == /dev/pts/*$'\n24 80\nhello\ntyped:hello' ]]
check "ssh -t gives the far command a terminal (tty, size, typed input)" $? "$out"
"$TMUX" -S "$WORK/tmux.sock" kill-server 2> /dev/null

bash "$FAR" stop "$WORK/far"
left=""
for p in /proc/[0-9]*; do
  { tr '\0' ' ' < "$p/cmdline"; } 2> /dev/null | grep -qF "$WORK/far" && left+=" ${p#/proc/}"
done
[[ -z "$left" ]]
check "stop leaves no process of the far side" $? "still running:$left"

echo "$passed passed, $failed failed"
((failed == 0))
