#!/usr/bin/env bash
# Containers for the end-to-end run: the far side of a remote target reached with `podman exec -it NAME`, as the
# README's podman recipes have it (:help claude-ide-remote-recipes). Built from what scripts/deps.sh installs into
# .deps (as root): bookworm's podman, conmon, runc, slirp4netns and catatonit (.deps/podman), and a bookworm minbase
# root filesystem made by debootstrap (.deps/podman-rootfs/rootfs). No image is pulled or imported: each container
# starts from that folder as an overlay (`--rootfs DIR:O`), its changes gone with it. (`podman import` of its tarball
# took 13 s a run here, and podman 4.3 as root writes /var/lib/containers/cache/blob-info-cache-v1.boltdb on every
# import, whatever its configuration says.)
#
#   e2e/far/podman.sh check                          exit 0 when this machine can run them, else say why and exit 1
#   e2e/far/podman.sh start DIR NAME NETWORK PROJECT start container NAME (NETWORK: host, or slirp4netns:...) with
#                                                    PROJECT at /workspace, .deps/claude-cli read-only at
#                                                    /opt/claude-cli and DIR/home-NAME as /root; prints its id
#   e2e/far/podman.sh stop DIR                       remove every container of DIR (their mounts, their netns)
#   DIR/bin/podman ARGS...                           podman with DIR's configuration (written by start): put
#                                                    DIR/bin first on PATH and `podman exec -it NAME` reaches NAME
#
# Everything podman keeps is under DIR, and nothing of the host's configuration is read: DIR/bin/podman sets
# CONTAINERS_CONF (conmon, runc, slirp4netns and catatonit from .deps; cgroupfs; events in a file; libpod's
# database, volumes and temporary files under DIR), CONTAINERS_STORAGE_CONF (graphroot and runroot under DIR) and
# CONTAINERS_REGISTRIES_CONF, and gives runc `--root DIR/runc` (its state, otherwise in /run/runc). So
# /etc/containers, /usr/share/containers, /var/lib/containers, ~/.config/containers and
# ~/.local/share/containers are neither read nor written. What podman as root still does on the host: a slirp4netns
# container's network namespace is a file in /run/netns while it runs (podman makes /run/netns a mount point once).
#
# How a container is run, and why (on this kind of machine, shared TOOLCHAIN.md):
#   --runtime runc                          podman's default, crun, cannot start one (rlimits, a hybrid cgroup layout);
#                                           only runc is installed here anyway
#   --ulimit nofile=4096:4096 --ulimit nproc=4096:4096
#                                           runc otherwise sets podman's default nofile limit (1048576), above the
#                                           hard limit a process may raise here: "error setting rlimit type 7:
#                                           operation not permitted"
#   --init                                  catatonit as pid 1: `podman stop` ends the container at once (a bare
#                                           `sleep` as pid 1 ignores SIGTERM)
#   --network host | slirp4netns:allow_host_loopback=true
#                                           the README's two recipes: the host's loopback shared, or reached as 10.0.2.2
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
DEPS="$ROOT/.deps"
PODMAN_PREFIX="$DEPS/podman"
ROOTFS="$DEPS/podman-rootfs/rootfs"

die() {
  echo "podman.sh: $*" >&2
  exit 1
}

# Why the containers cannot run here (one line), or nothing.
missing_parts() {
  [[ "$(uname -s)" == Linux ]] || { echo "podman's containers need Linux; this is $(uname -s)"; return 0; }
  [[ "$(id -u)" == 0 ]] || {
    echo "the e2e runs podman as root (rootless podman needs setuid newuidmap and /etc/subuid entries); this is $(id -un)"
    return 0
  }
  [[ -x "$PODMAN_PREFIX/bin/podman" ]] || { echo "$PODMAN_PREFIX/bin/podman is missing (run scripts/deps.sh as root)"; return 0; }
  [[ -x "$ROOTFS/bin/sh" ]] || { echo "$ROOTFS is missing (run scripts/deps.sh as root: debootstrap makes it)"; return 0; }
  [[ -x "$DEPS/claude-cli/node_modules/.bin/claude" ]] || echo "$DEPS/claude-cli is missing (scripts/claude-cli.sh installs it)"
}

# DIR's configuration and DIR/bin/podman (once).
configure() { # DIR
  local dir="$1" real
  real="$(cd "$PODMAN_PREFIX" && pwd -P)"
  [[ -x "$dir/bin/podman" ]] && return 0
  mkdir -p "$dir/conf" "$dir/bin" "$dir/storage" "$dir/run" "$dir/libpod" "$dir/cni" "$dir/no-cni-plugins" "$dir/runc"
  : > "$dir/conf/mounts.conf"
  cat > "$dir/conf/containers.conf" << EOF
# Written by e2e/far/podman.sh: the only containers.conf this podman reads (CONTAINERS_CONF).
[containers]
default_mounts_file = "$dir/conf/mounts.conf"
seccomp_profile = "$real/usr/share/containers/seccomp.json"
init_path = "$real/usr/bin/catatonit"
log_driver = "k8s-file"

[network]
# Only --network host and slirp4netns are used: no bridge, no CNI plugin.
network_backend = "cni"
cni_plugin_dirs = ["$dir/no-cni-plugins"]
network_config_dir = "$dir/cni"

[engine]
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$dir/events.log"
conmon_path = ["$real/usr/bin/conmon"]
helper_binaries_dir = ["$real/usr/bin", "$real/usr/lib/podman"]
network_cmd_path = "$real/usr/bin/slirp4netns"
runtime = "runc"
tmp_dir = "$dir/libpod/tmp"
static_dir = "$dir/libpod/static"
volume_path = "$dir/libpod/volumes"

[engine.runtimes]
runc = ["$real/usr/sbin/runc"]
EOF
  cat > "$dir/conf/storage.conf" << EOF
# Written by e2e/far/podman.sh (CONTAINERS_STORAGE_CONF).
[storage]
driver = "overlay"
graphroot = "$dir/storage"
runroot = "$dir/run"
EOF
  echo 'unqualified-search-registries = []' > "$dir/conf/registries.conf"
  printf -v quoted_dir '%q' "$dir"
  cat > "$dir/bin/podman.tmp" << EOF
#!/bin/sh
# Written by e2e/far/podman.sh: bookworm's podman from .deps with the configuration of $dir only.
CONTAINERS_CONF=$quoted_dir/conf/containers.conf
CONTAINERS_STORAGE_CONF=$quoted_dir/conf/storage.conf
CONTAINERS_REGISTRIES_CONF=$quoted_dir/conf/registries.conf
export CONTAINERS_CONF CONTAINERS_STORAGE_CONF CONTAINERS_REGISTRIES_CONF
exec $(printf '%q' "$real/usr/bin/podman") --runtime-flag root=$quoted_dir/runc "\$@"
EOF
  chmod 755 "$dir/bin/podman.tmp"
  mv "$dir/bin/podman.tmp" "$dir/bin/podman"
}

cmd_start() { # DIR NAME NETWORK PROJECT
  local dir="$1" name="$2" network="$3" project="$4" problem
  problem="$(missing_parts)"
  [[ -z "$problem" ]] || die "$problem"
  [[ -d "$project" ]] || die "PROJECT $project is not a folder"
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd -P)"
  project="$(cd "$project" && pwd -P)"
  configure "$dir"
  mkdir -p "$dir/home-$name"
  "$dir/bin/podman" run -d --name "$name" --init --runtime runc \
    --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 --network "$network" \
    -v "$project:/workspace" -v "$DEPS/claude-cli:/opt/claude-cli:ro" -v "$dir/home-$name:/root" \
    -e LANG=C.UTF-8 -w /workspace --rootfs "$ROOTFS:O" sleep infinity
}

cmd_stop() { # DIR
  local dir="$1" m
  [[ -x "$dir/bin/podman" ]] || return 0
  "$dir/bin/podman" rm -a -f -t 0 > /dev/null 2>&1 || true
  # What a podman killed halfway left mounted under DIR (overlays, the runroot's shm).
  awk -v d="$(cd "$dir" && pwd -P)/" 'index($2, d) == 1 { print $2 }' /proc/self/mounts | sort -r | while read -r m; do
    umount -l "$m" 2> /dev/null || true
  done
}

cmd_check() {
  local problem
  problem="$(missing_parts)"
  [[ -z "$problem" ]] || { echo "podman unavailable: $problem"; return 1; }
  echo "podman available: $("$PODMAN_PREFIX/bin/podman" --version), runc $("$PODMAN_PREFIX/bin/runc" --version | awk 'NR == 1 { print $3 }'), root filesystem $ROOTFS"
}

case "${1:-}" in
  start)
    [[ $# -eq 5 ]] || die "usage: podman.sh start DIR NAME NETWORK PROJECT"
    cmd_start "$2" "$3" "$4" "$5"
    ;;
  stop)
    [[ $# -eq 2 ]] || die "usage: podman.sh stop DIR"
    cmd_stop "$2"
    ;;
  check)
    cmd_check
    ;;
  *)
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
