#!/usr/bin/env bash
# "The far side" for the end-to-end run: a second machine, reached over SSH, on which the agent (the real Claude
# Code CLI) runs while Neovim stays here. Built from real parts that scripts/deps.sh installs into .deps (no
# root, nothing in the system): bookworm's OpenSSH (.deps/openssh) and bubblewrap (.deps/bubblewrap).
#
#   e2e/far/far.sh start DIR PROJECT   make DIR, start the far side; prints (and writes to DIR/env, for `source`)
#                                      FAR_PORT, FAR_SSH (a bash array: the ssh command prefix) and the rest below
#   e2e/far/far.sh stop DIR            stop what `start DIR` started (removes nothing; DIR stays for its logs)
#   e2e/far/far.sh ssh DIR [ARGS...]   run "${FAR_SSH[@]}" ARGS... (e.g. -R 4567:127.0.0.1:4567 -- 'cmd')
#   e2e/far/far.sh check               exit 0 when this machine can run the far side, else say why and exit 1
#                                      (the e2e section then counts as skipped, never as passed)
#
# What the far side is: one long-lived bubblewrap sandbox, "the machine", with its own user, mount, network,
# pid, ipc and uts namespaces (hostname "far"). Inside it:
#   /workspace            PROJECT, read-write (the same files: a path map far /workspace <-> local PROJECT)
#   /home/far             HOME of the far user, read-write; locally DIR/home (so ~/.claude/ide/*.lock written
#                         on the far side can be checked here); the rest of /home is an empty tmpfs
#   /opt/claude-cli       <repo>/.deps/claude-cli, read-only (the pinned CLI: /opt/claude-cli/node_modules/.bin/claude)
#   /opt/node             the prefix of the `node` found on PATH, read-only, only when it is not under /usr
#   /opt/openssh          <repo>/.deps/openssh (sshd), read-only
#   /opt/far              DIR/far: sshd_config, host key, authorized_keys, the forced command `session`, read-only
#   /usr, /etc            the host's, read-only (/bin, /lib... as on the host); /etc/passwd and /etc/group are
#                         DIR/far/passwd and group: far (uid 1000, HOME /home/far, /bin/bash), root, nobody
#   /tmp, /run, /var/tmp  empty tmpfs; /proc of its own pid namespace
#   /dev                  as root, bubblewrap's minimal one with a devpts of its own; as an ordinary user, the
#                         host's (see system_args for why)
# PROJECT's own path does not exist inside (nothing of /work, /root, /home, /tmp... is bound): a path that was not
# mapped fails instead of working by accident. (A PROJECT under /usr, /etc or /var is covered by a tmpfs.)
# The far user is uid 1000 inside whoever runs this (root or not): files it writes in /workspace belong to the
# local user; and the CLI does not run as root there.
#
# Its own network namespace (only `lo`) matters: `ssh -R P:127.0.0.1:P` must be able to listen on the far
# 127.0.0.1:P while the local IDE server already listens on the local 127.0.0.1:P, as on two real machines.
# The far side reaches nothing of the local network but what an `ssh -R` forwards (a scripted model's API too).
# Its own pid namespace too: a local pid is not alive there. (The CLI 2.1.330 deletes as stale an IDE lock file
# whose "pid" is not alive; without a pid it keeps the file if its port answers.)
#
# How a connection gets in: sshd cannot listen in that network namespace and be reached from here, so it runs in
# inetd mode: e2e/far/inetd.mjs (node) listens on a free 127.0.0.1 port here, and for each connection runs
# `nsenter` into the machine's namespaces (user, mount, net, pid, ipc, uts; root and cwd of the machine) and there
# `sshd -i` as the far user (not root: no privilege-separation user `sshd`, no /run/sshd, no host change needed).
# sshd authenticates the client key (DIR/client/id_ed25519; the host key is pinned in DIR/client/known_hosts),
# allows remote forwarding (AllowTcpForwarding remote) and TTYs, and runs every session through
# `ForceCommand /opt/far/session`, which sets PATH (/opt/claude-cli/node_modules/.bin, /opt/node/bin, /usr/bin...)
# and LANG, then runs $SSH_ORIGINAL_COMMAND with bash -c (or an interactive bash). The session starts in /home/far,
# as ssh sessions do: cd /workspace yourself.
#
# Output of start (also DIR/env), e.g.:
#   FAR_PORT=40123  FAR_USER=far  FAR_HOME=/home/far  FAR_HOME_LOCAL=DIR/home  FAR_WORKSPACE=/workspace
#   FAR_PROJECT=PROJECT  FAR_CLI=/opt/claude-cli/node_modules/.bin/claude
#   FAR_SSH=(.deps/openssh/bin/ssh -F none -p 40123 -i DIR/client/id_ed25519 -o IdentitiesOnly=yes
#            -o StrictHostKeyChecking=yes -o UserKnownHostsFile=DIR/client/known_hosts -o BatchMode=yes
#            -o ExitOnForwardFailure=yes -o LogLevel=ERROR far@127.0.0.1)
# Add -t for a TTY, -R for forwards, then `--` and the remote command (one string, run by bash -c). The same
# prefix one argument a line: DIR/ssh-argv. Only LANG and LC_* cross from the client's environment: give the far
# command its variables in the command itself ('cd /workspace && CLAUDE_CODE_SSE_PORT=P claude').
# Logs: DIR/log/inetd.log (each connection; sshd's own log, -e, lands there too), DIR/log/machine.log.
#
# Needs: Linux user namespaces for an ordinary user as for root (bwrap --unshare-user; `check` says when the
# kernel, a sysctl or AppArmor forbids them), nsenter (util-linux), node, and .deps from scripts/deps.sh.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
DEPS="$ROOT/.deps"
BWRAP="$DEPS/bubblewrap/bin/bwrap"
SSHD="$DEPS/openssh/bin/sshd"
SSH="$DEPS/openssh/bin/ssh"
SSH_KEYGEN="$DEPS/openssh/bin/ssh-keygen"
FAR_UID=1000
FAR_GID=1000

die() {
  echo "far.sh: $*" >&2
  exit 1
}

# What is missing to run the far side at all (one line), or nothing.
missing_parts() {
  local f
  for f in "$BWRAP" "$SSHD" "$SSH" "$SSH_KEYGEN"; do
    [[ -x "$f" ]] || { echo "$f is missing (run scripts/deps.sh: it installs OpenSSH and bubblewrap into .deps)"; return 0; }
  done
  command -v nsenter > /dev/null || { echo "nsenter (util-linux) is not on PATH"; return 0; }
  command -v node > /dev/null || { echo "node is not on PATH"; return 0; }
  [[ "$(uname -s)" == Linux ]] || echo "the far side needs Linux namespaces; this is $(uname -s)"
}

# The host's /usr, read-only, and /bin, /lib... as the host has them: symlinks into /usr (merged /usr) or
# folders of their own (read-only too).
#
# /dev: as root, bwrap's own (--dev: a tmpfs with the usual nodes and a devpts instance of its own, as Claude Code's
# sandbox has it). As an ordinary user, the host's /dev: with --dev, bwrap mounts its devpts as uid 0 of a first
# user namespace and then nests a second one for the far uid, and nsenter cannot join the machine's other
# namespaces from a nested one without privileges (they belong to the outer one); without a devpts of its own,
# a TTY can only come from the host's, through the host's /dev/ptmx, whose devpts must sit next to it (a bind of
# /dev/ptmx alone fails with ENOENT, and /dev/pts/ptmx is often mode 000). The ordinary user's own rights apply
# there, so this shows nothing they could not open anyway; as root (the far uid then maps to root) it would.
system_args() {
  local d
  if [[ "$(id -u)" == 0 ]]; then
    DEV_ARGS=(--dev /dev)
  else
    DEV_ARGS=(--dev-bind /dev /dev)
  fi
  SYS_ARGS=(--ro-bind /usr /usr)
  for d in /bin /sbin /lib /lib32 /lib64 /libx32; do
    if [[ -L "$d" ]]; then
      SYS_ARGS+=(--symlink "$(readlink "$d")" "$d")
    elif [[ -d "$d" ]]; then
      SYS_ARGS+=(--ro-bind "$d" "$d")
    fi
  done
}

# Why bubblewrap cannot make the namespaces here (one line), or nothing.
namespace_problem() {
  local out
  system_args
  if out="$("$BWRAP" --unshare-user --uid "$FAR_UID" --gid "$FAR_GID" --unshare-net --unshare-pid --unshare-ipc \
    --unshare-uts "${SYS_ARGS[@]}" --proc /proc "${DEV_ARGS[@]}" --tmpfs /tmp -- /bin/sh -c : 2>&1)"; then
    return 0
  fi
  local why="bubblewrap cannot create the far side's namespaces: ${out//$'\n'/ }"
  if [[ "$(cat /proc/sys/kernel/unprivileged_userns_clone 2> /dev/null)" == 0 ]]; then
    why+=" (kernel.unprivileged_userns_clone is 0)"
  elif [[ "$(cat /proc/sys/user/max_user_namespaces 2> /dev/null)" == 0 ]]; then
    why+=" (user.max_user_namespaces is 0)"
  elif [[ "$(cat /proc/sys/kernel/apparmor_restrict_unprivileged_userns 2> /dev/null)" == 1 ]]; then
    why+=" (AppArmor restricts unprivileged user namespaces: kernel.apparmor_restrict_unprivileged_userns=1)"
  elif [[ -f /.dockerenv || -f /run/.containerenv ]]; then
    why+=" (in a container: its seccomp profile may forbid unshare/clone of namespaces)"
  fi
  echo "$why"
}

# The value of NAME in DIR/env (written by start).
env_value() { # DIR NAME
  sed -n "s/^$2=//p" "$1/env" | head -n 1
}

# A pid from DIR/run/<name>.pid if that process is still the one we started (its command line names DIR).
live_pid() { # DIR NAME
  local pid
  pid="$(cat "$1/run/$2.pid" 2> /dev/null)" || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  { tr '\0' ' ' < "/proc/$pid/cmdline"; } 2> /dev/null | grep -qF "$1" || return 1
  echo "$pid"
}

# True while PID runs (a zombie does not count: bwrap's monitor outlives this script and waits for a reaper).
alive() { # PID
  local stat
  stat="$(cat "/proc/$1/stat" 2> /dev/null)" || return 1
  stat="${stat##*) }"
  [[ "${stat%% *}" != Z ]]
}

cmd_stop() { # DIR
  local dir="$1" name pid deadline
  [[ -d "$dir" ]] || return 0
  dir="$(cd "$dir" && pwd -P)"
  # pid 1 of a pid namespace takes only SIGKILL from outside; its death ends every process in it, and bwrap's
  # monitor (machine) exits with it.
  for name in inetd machine-child machine; do
    pid="$(live_pid "$dir" "$name")" || continue
    if [[ "$name" == machine-child ]]; then kill -KILL "$pid" 2> /dev/null || true; else kill -TERM "$pid" 2> /dev/null || true; fi
    deadline=$((SECONDS + 5))
    while alive "$pid" && ((SECONDS < deadline)); do sleep 0.05; done
    alive "$pid" && kill -KILL "$pid" 2> /dev/null
    rm -f "$dir/run/$name.pid"
  done
  return 0
}

# Bubblewrap's arguments for the machine (see the header for the layout).
machine_args() { # DIR PROJECT NODE_PREFIX
  local dir="$1" project="$2" node_prefix="$3"
  system_args
  ARGS=(--unshare-user --uid "$FAR_UID" --gid "$FAR_GID" --unshare-net --unshare-pid --unshare-ipc --unshare-uts
    --hostname far --new-session "${SYS_ARGS[@]}"
    --ro-bind /etc /etc --ro-bind "$dir/far/passwd" /etc/passwd --ro-bind "$dir/far/group" /etc/group
    --ro-bind /var /var --tmpfs /var/tmp
    --proc /proc "${DEV_ARGS[@]}" --tmpfs /tmp --tmpfs /run
    --tmpfs /home --bind "$dir/home" /home/far
    --bind "$project" /workspace
    --tmpfs /opt --ro-bind "$DEPS/openssh" /opt/openssh --ro-bind "$dir/far" /opt/far)
  [[ -d "$DEPS/claude-cli" ]] && ARGS+=(--ro-bind "$DEPS/claude-cli" /opt/claude-cli)
  [[ -n "$node_prefix" ]] && ARGS+=(--ro-bind "$node_prefix" /opt/node)
  case "$project/" in
    /usr/* | /etc/* | /var/*) ARGS+=(--tmpfs "$project") ;;
  esac
  ARGS+=(--chdir /home/far --setenv HOME /home/far --setenv USER far)
}

cmd_start() { # DIR PROJECT
  local dir="$1" project="$2" problem
  problem="$(missing_parts)"
  [[ -z "$problem" ]] || die "$problem"
  [[ -d "$project" ]] || die "PROJECT $project is not a folder"
  project="$(cd "$project" && pwd -P)"
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd -P)"
  live_pid "$dir" machine > /dev/null && die "$dir already has a far side running (far.sh stop $dir first)"
  mkdir -p "$dir/far" "$dir/client" "$dir/home" "$dir/log" "$dir/run"
  rm -f "$dir/run/"* "$dir/env"

  # Node on the far side: the one on PATH here, its prefix shown at /opt/node unless it lives under /usr.
  local node node_prefix="" node_path=""
  node="$(readlink -f "$(command -v node)")"
  case "$node" in
    /usr/*) ;;
    *)
      node_prefix="$(dirname "$(dirname "$node")")"
      node_path="/opt/node/bin:"
      ;;
  esac

  # Keys: a host key for sshd (pinned in the client's known_hosts once the port is known) and a client key.
  [[ -f "$dir/far/host_ed25519" ]] || "$SSH_KEYGEN" -q -t ed25519 -N '' -C far-host -f "$dir/far/host_ed25519"
  [[ -f "$dir/client/id_ed25519" ]] || "$SSH_KEYGEN" -q -t ed25519 -N '' -C far-client -f "$dir/client/id_ed25519"
  cp "$dir/client/id_ed25519.pub" "$dir/far/authorized_keys"

  cat > "$dir/far/passwd" << EOF
far:x:$FAR_UID:$FAR_GID:far side:/home/far:/bin/bash
root:x:0:0:root:/root:/bin/bash
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
EOF
  cat > "$dir/far/group" << EOF
far:x:$FAR_GID:
root:x:0:
nogroup:x:65534:
EOF

  cat > "$dir/far/session" << EOF
#!/bin/bash
# ForceCommand of the far side's sshd (written by e2e/far/far.sh): every session comes through here.
export PATH="/opt/claude-cli/node_modules/.bin:$node_path/usr/local/bin:/usr/bin:/bin"
export LANG="\${LANG:-C.UTF-8}"
if [ -n "\${SSH_ORIGINAL_COMMAND:-}" ]; then
  exec /bin/bash -c "\$SSH_ORIGINAL_COMMAND"
fi
exec /bin/bash -i
EOF
  chmod 755 "$dir/far/session"

  # Paths as the far side sees them. sshd runs as the far user: no privilege separation, no PAM.
  cat > "$dir/far/sshd_config" << 'EOF'
# Written by e2e/far/far.sh; sshd runs in inetd mode (-i) inside the far side's namespaces.
HostKey /opt/far/host_ed25519
AuthorizedKeysFile /opt/far/authorized_keys
PidFile none
StrictModes no
UsePAM no
UseDNS no
AllowUsers far
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitTTY yes
AllowTcpForwarding remote
AllowAgentForwarding no
AllowStreamLocalForwarding no
X11Forwarding no
PrintMotd no
PrintLastLog no
AcceptEnv LANG LC_*
ForceCommand /opt/far/session
LogLevel VERBOSE
EOF
  chmod 600 "$dir/far/host_ed25519" "$dir/client/id_ed25519"

  local started=$SECONDS
  machine_args "$dir" "$project" "$node_prefix"
  # The machine: bwrap stays outside as its monitor; the pid of its first process inside (pid 1 of the machine's
  # pid namespace) comes on --info-fd: nsenter joins it, and stop kills it, which ends every process of the far
  # side at once. (No --die-with-parent: bwrap's parent is this script, which exits now.)
  setsid "$BWRAP" "${ARGS[@]}" --info-fd 3 -- /bin/sleep infinity \
    3> "$dir/run/machine.json" < /dev/null > "$dir/log/machine.log" 2>&1 &
  echo $! > "$dir/run/machine.pid"
  local child="" deadline=$((SECONDS + 10))
  while [[ -z "$child" ]] && ((SECONDS < deadline)); do
    # (|| true: the background job may not have created the file yet, and set -e would end this script)
    child="$(sed -n 's/.*"child-pid": *\([0-9]*\).*/\1/p' "$dir/run/machine.json" 2> /dev/null)" || true
    [[ -n "$child" ]] || { kill -0 "$(cat "$dir/run/machine.pid")" 2> /dev/null || break; sleep 0.05; }
  done
  if [[ -z "$child" ]]; then
    cmd_stop "$dir"
    die "the far machine (bwrap) did not start: $(tr '\n' ' ' < "$dir/log/machine.log")"
  fi
  echo "$child" > "$dir/run/machine-child.pid"

  # -U first with --preserve-credentials: we enter as ourselves, which the machine's user namespace maps to the
  # far user; -r/-w: the machine's root and working folder.
  setsid node "$ROOT/e2e/far/inetd.mjs" 0 "$dir/run/port" -- \
    nsenter -t "$child" -U -m -n -p -i -u --preserve-credentials -r -w \
    /opt/openssh/bin/sshd -i -e -f /opt/far/sshd_config \
    < /dev/null > "$dir/log/inetd.log" 2>&1 &
  echo $! > "$dir/run/inetd.pid"
  local port=""
  deadline=$((SECONDS + 10))
  while [[ -z "$port" ]] && ((SECONDS < deadline)); do
    port="$(cat "$dir/run/port" 2> /dev/null)" || true
    [[ -n "$port" ]] || { kill -0 "$(cat "$dir/run/inetd.pid")" 2> /dev/null || break; sleep 0.05; }
  done
  if [[ -z "$port" ]]; then
    cmd_stop "$dir"
    die "the inetd did not listen: $(tr '\n' ' ' < "$dir/log/inetd.log")"
  fi

  echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$dir/far/host_ed25519.pub")" > "$dir/client/known_hosts"
  local -a far_ssh=("$SSH" -F none -p "$port" -i "$dir/client/id_ed25519" -o IdentitiesOnly=yes
    -o StrictHostKeyChecking=yes -o "UserKnownHostsFile=$dir/client/known_hosts" -o GlobalKnownHostsFile=/dev/null
    -o BatchMode=yes -o ExitOnForwardFailure=yes -o LogLevel=ERROR far@127.0.0.1)
  {
    echo "FAR_DIR=$(printf '%q' "$dir")"
    echo "FAR_PORT=$port"
    echo "FAR_USER=far"
    echo "FAR_HOME=/home/far"
    echo "FAR_HOME_LOCAL=$(printf '%q' "$dir/home")"
    echo "FAR_WORKSPACE=/workspace"
    echo "FAR_PROJECT=$(printf '%q' "$project")"
    echo "FAR_CLI=/opt/claude-cli/node_modules/.bin/claude"
    echo "FAR_SSH=($(printf '%q ' "${far_ssh[@]}"))"
  } > "$dir/env.tmp"
  # The same prefix one argument a line, for a reader that is not bash (a spec: vim.fn.readfile).
  printf '%s\n' "${far_ssh[@]}" > "$dir/ssh-argv"

  # Ready when a session answers (the first one also proves keys, config and the forced command).
  local out
  if ! out="$("${far_ssh[@]}" -- 'echo far-ready' 2>&1)" || [[ "$out" != *far-ready* ]]; then
    cmd_stop "$dir"
    die "the far side does not answer over ssh: $out (see $dir/log/inetd.log)"
  fi
  mv "$dir/env.tmp" "$dir/env"
  echo "far.sh: far side up in $((SECONDS - started))s (or less) on 127.0.0.1:$port, logs in $dir/log" >&2
  cat "$dir/env"
}

cmd_check() {
  local problem
  problem="$(missing_parts)"
  [[ -z "$problem" ]] || { echo "far side unavailable: $problem"; return 1; }
  problem="$(namespace_problem)"
  [[ -z "$problem" ]] || { echo "far side unavailable: $problem"; return 1; }
  # The whole thing once, on an empty project.
  local tmp out status=0
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/far-check.XXXXXX")"
  mkdir -p "$tmp/project"
  if out="$(cmd_start "$tmp/far" "$tmp/project" 2>&1 > /dev/null)"; then
    # shellcheck disable=SC1091
    source "$tmp/far/env"
    out="$("${FAR_SSH[@]}" -- 'test -d /workspace && test "$HOME" = /home/far && echo ok' 2>&1)" || true
    [[ "$out" == ok ]] || { out="far side unavailable: a session does not see /workspace or HOME: $out"; status=1; }
  else
    out="far side unavailable: ${out//$'\n'/ }"
    status=1
  fi
  cmd_stop "$tmp/far"
  rm -rf "$tmp"
  if ((status == 0)); then
    echo "far side available: sshd $("$SSH" -V 2>&1 | cut -d, -f1) in a bubblewrap sandbox ($("$BWRAP" --version)), user namespaces allowed"
  else
    echo "$out"
  fi
  return "$status"
}

case "${1:-}" in
  start)
    [[ $# -eq 3 ]] || die "usage: far.sh start DIR PROJECT"
    cmd_start "$2" "$3"
    ;;
  stop)
    [[ $# -eq 2 ]] || die "usage: far.sh stop DIR"
    cmd_stop "$2"
    ;;
  ssh)
    [[ $# -ge 2 ]] || die "usage: far.sh ssh DIR [SSH ARGS...]"
    [[ -f "$2/env" ]] || die "$2/env is missing: far.sh start $2 PROJECT first"
    # shellcheck disable=SC1091
    source "$2/env"
    shift 2
    exec "${FAR_SSH[@]}" "$@"
    ;;
  check)
    cmd_check
    ;;
  *)
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
