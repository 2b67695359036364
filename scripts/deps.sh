#!/usr/bin/env bash
# Installs the test dependencies of claude-ide.nvim into .deps/ (never into the system):
#
#   .deps/nvim-trixie   Neovim 0.10.x from Debian trixie, with its whole library closure
#   .deps/nvim-sid      Neovim 0.12.x from Debian sid, likewise
#   .deps/busted        bookworm's lua-busted 2.1.1 and its lua-* dependencies (pure files, no interpreter)
#   .deps/tools         bookworm's patchelf (used once, at install time)
#   .deps/ripgrep       bookworm's ripgrep (and its libpcre2), for the specs and benchmarks of the project search;
#                       .deps/ripgrep/bin holds only `rg`, for a spec to put on PATH (the plugin itself uses the
#                       user's `rg` when there is one)
#   .deps/tmux          bookworm's tmux (and its libevent-core, libutempter), for the end-to-end run;
#                       .deps/tmux/bin holds only `tmux`
#   .deps/openssh       bookworm's OpenSSH server and client (and libwrap0, libnsl2, libtirpc3, which sshd needs and a
#                       bare host may lack), for the far-side end-to-end run (e2e/far/far.sh); .deps/openssh/bin holds
#                       `sshd`, `ssh` and `ssh-keygen`
#   .deps/bubblewrap    bookworm's bubblewrap (and its libcap2): the namespaces of that far side; .deps/bubblewrap/bin
#                       holds only `bwrap`
#   .deps/socat         bookworm's socat (and its libwrap0): the forward of a container target in the far-session
#                       spec, as the README's recipe runs it; .deps/socat/bin holds only `socat`
#   .deps/fish          bookworm's fish (fish-common, libpcre2-32): a far login shell that is not POSIX, for the specs
#                       of a remote target's command line (spec/far/launch_spec.lua); .deps/fish/bin holds only `fish`
#   .deps/podman        bookworm's podman, conmon, runc, slirp4netns, catatonit and debootstrap (and the libraries a
#                       bare host may lack), for the container end-to-end section (e2e/far/podman.sh); only as root
#   .deps/podman-rootfs bookworm's minbase made by debootstrap: the root filesystem of those containers; only as root
#   .deps/luacheck      bookworm's lua-check (and its lua-* dependencies), the Lua linter of `make lint`, run by
#                       Neovim 0.10's LuaJIT: .deps/bin/luacheck
#   .deps/luarocks      bookworm's luarocks (and its lua-* dependencies), likewise: .deps/bin/luarocks, for the
#                       rockspec's spec and `luarocks lint`
#   .deps/apt/<suite>   private apt configuration, package lists and state, one per suite
#   .deps/bin/nvim-0.10, .deps/bin/nvim-0.12
#                       launchers (a contract: other tools call these two paths)
#
# Why it is done this way (see shared TOOLCHAIN.md):
#   * bookworm's own neovim is 0.7.2; trixie/sid binaries need glibc >= 2.38, bookworm has 2.36. So we take
#     the full dependency closure (libc6 included) of the newer suite, extract it into a prefix, and rewrite
#     the binary's ELF interpreter and RPATH to point into that prefix with patchelf. LD_LIBRARY_PATH is not
#     an option: every child process (shell, git) would then load the wrong libc.
#   * apt runs with a private configuration (APT_CONFIG) whose state lives under .deps/apt, so it neither
#     reads nor writes anything of the host's apt, and works without root.
#
# Usage: scripts/deps.sh [-q|--quiet]
#   -q  when everything is already installed, print one line instead of the full report.
#
# Elsewhere (macOS, arm64, another Linux) the Neovims come from the system, and busted from a LuaRocks tree;
# .deps/bin/nvim-0.10 and nvim-0.12 then start those:
#   NVIM_0_10=/path/to/nvim NVIM_0_12=/path/to/nvim   the binaries to use (these win on Debian too)
#   otherwise an `nvim` on PATH of the right minor version is used for that version
#   BUSTED_ROOT=DIR   a LuaRocks tree holding busted (share/lua/5.1/busted/, lib/lua/5.1/lfs.so ...)
# What is missing is listed, each with how to provide it.
# Runs as root or as an ordinary user. A second run is fast (stamp files). Moving the checkout triggers a
# reinstall (the patched binaries contain absolute paths).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
DEPS="$REPO/.deps"
MIRROR="http://deb.debian.org/debian"
KEYRING="/usr/share/keyrings/debian-archive-keyring.gpg"
ARCH="amd64"
MULTIARCH="x86_64-linux-gnu"

# What we want. A stamp records these keys; changing one here forces a reinstall of that component.
# The value is a shell glob the resolved neovim upstream version must match.
NVIM_TRIXIE_WANT="0.10.4*"
NVIM_SID_WANT="0.12.*"
BUSTED_WANT="2.1.1*"
RIPGREP_WANT="13.*"
TMUX_WANT="3.*"
OPENSSH_WANT="1:9.*"
BUBBLEWRAP_WANT="0.*"
SOCAT_WANT="1.7.*"
FISH_WANT="3.*"
LUACHECK_WANT="1.*"
LUAROCKS_WANT="3.*"
PODMAN_WANT="4.3.*"
# Bump to force every component to be reinstalled (e.g. after changing how they are built).
LAYOUT_VERSION=1

QUIET=0
case "${1:-}" in
  -q | --quiet) QUIET=1 ;;
  "") ;;
  *) echo "usage: $0 [-q|--quiet]" >&2; exit 2 ;;
esac

# ---------------------------------------------------------------------------------------------------------
# small helpers

die() {
  echo "deps.sh: ERROR: $*" >&2
  exit 1
}

log() {
  echo "deps.sh: $*" >&2
}

# Single-quote a string for a generated /bin/sh script.
sh_quote() {
  printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# Lines of the report printed at the end ("neovim 0.10.4-8 (trixie)" ...), and whether anything was installed.
REPORT=()
INSTALLED_SOMETHING=0

# Why Debian's packages cannot be installed here (one line), or nothing when they can.
debian_problem() {
  local tool
  for tool in apt-get dpkg-deb sed awk sha256sum; do
    if ! command -v "$tool" > /dev/null 2>&1; then
      echo "'$tool' is not on PATH (installing from Debian's packages needs a Debian-based host)"
      return 0
    fi
  done
  if [[ ! -r "$KEYRING" ]]; then
    echo "$KEYRING is missing or unreadable. It comes from the 'debian-archive-keyring' package (as root: apt-get install debian-archive-keyring); without it the Debian mirror's signatures cannot be checked."
    return 0
  fi
  if [[ "$(uname -m)" != "x86_64" ]]; then echo "the Debian Neovim builds used here are amd64, this host is $(uname -m)"; fi
}

# ---------------------------------------------------------------------------------------------------------
# private apt

# Prepare .deps/apt/<suite>: a config that redirects every directory apt reads or writes into that folder,
# an empty dpkg status (so that apt believes nothing is installed and resolves the FULL closure, libc6
# included), and one source line for <suite>. Prints the path of the config file.
apt_setup() {
  local suite="$1"
  local root="$DEPS/apt/$suite"
  mkdir -p "$root/etc/apt.conf.d" "$root/etc/sources.list.d" "$root/etc/preferences.d" \
    "$root/etc/trusted.gpg.d" "$root/state/lists/partial" "$root/cache/archives/partial" "$root/log"
  : > "$root/state/status"
  : > "$root/etc/apt.conf"
  : > "$root/etc/preferences"
  echo "deb [signed-by=$KEYRING] $MIRROR $suite main" > "$root/etc/sources.list"

  # As root, apt downloads as the '_apt' user, which may not be able to write into the checkout (e.g. under
  # /root): it then falls back with a warning. Naming the current user avoids that; as an ordinary user apt
  # cannot switch users anyway. Debug::NoLocking: an ordinary user may not take dpkg's lock (and there is no
  # dpkg database of ours to protect).
  local me
  me="$(id -un)"
  cat > "$root/apt.conf" << EOF
// Generated by scripts/deps.sh: a private apt that touches nothing of the host's.
Dir::Etc::main "$root/etc/apt.conf";
Dir::Etc::parts "$root/etc/apt.conf.d";
Dir::Etc::sourcelist "$root/etc/sources.list";
Dir::Etc::sourceparts "$root/etc/sources.list.d";
Dir::Etc::preferences "$root/etc/preferences";
Dir::Etc::preferencesparts "$root/etc/preferences.d";
Dir::Etc::trusted "$root/etc/trusted.gpg";
Dir::Etc::trustedparts "$root/etc/trusted.gpg.d";
Dir::State "$root/state";
Dir::State::lists "$root/state/lists";
Dir::State::status "$root/state/status";
Dir::Cache "$root/cache";
Dir::Log "$root/log";
APT::Architecture "$ARCH";
APT::Architectures { "$ARCH"; };
APT::Install-Recommends "false";
APT::Install-Suggests "false";
APT::Sandbox::User "$me";
Acquire::Languages "none";
// sid's Release file otherwise counts as expired on these machines; signatures are still checked.
Acquire::Check-Valid-Until "false";
Debug::NoLocking "true";
EOF
  printf '%s\n' "$root/apt.conf"
}

# Run apt-get with the private config of <suite>.
apt_run() {
  local suite="$1"
  shift
  APT_CONFIG="$DEPS/apt/$suite/apt.conf" apt-get -o Debug::NoLocking=1 "$@"
}

# Fetch the package lists of <suite> (once per deps.sh run).
declare -A APT_UPDATED=()
apt_update() {
  local suite="$1"
  [[ -n "${APT_UPDATED[$suite]:-}" ]] && return 0
  apt_setup "$suite" > /dev/null
  log "apt-get update ($suite)"
  local out
  if ! out="$(apt_run "$suite" -q update 2>&1)"; then
    printf '%s\n' "$out" >&2
    die "apt-get update failed for suite '$suite' (is $MIRROR reachable?)"
  fi
  # Show apt's warnings/errors. apt-get update exits 0 on some fetch failures: a missing Packages list is
  # the reliable signal.
  grep -E '^(W|E|Err):? ' <<< "$out" >&2 || true
  compgen -G "$DEPS/apt/$suite/state/lists/*_Packages*" > /dev/null ||
    die "apt-get update for '$suite' fetched no package list (see apt's messages above; is $MIRROR reachable?)"
  APT_UPDATED[$suite]=1
}

# Print "name version" for every package apt would install for <pkg>... on an empty system of <suite>.
apt_closure() {
  local suite="$1" out
  shift
  if ! out="$(apt_run "$suite" -s install "$@" 2>&1)"; then
    printf '%s\n' "$out" >&2
    die "apt could not resolve '$*' in $suite"
  fi
  # Lines look like: Inst libc6 (2.41-12 Debian:13.2/stable [amd64])
  awk '$1 == "Inst" { v = $3; sub(/^\(/, "", v); print $2, v }' <<< "$out"
}

# Download exact "name version" pairs (stdin) of <suite> into <dir> and extract them all into <prefix>.
apt_fetch_extract() {
  local suite="$1" dir="$2" prefix="$3"
  local -a specs=()
  local name version
  while read -r name version; do
    [[ -n "$name" ]] && specs+=("$name=$version")
  done
  ((${#specs[@]})) || die "nothing to download from $suite"
  mkdir -p "$dir" "$prefix"
  # apt-get download writes into the current directory.
  if ! (cd "$dir" && apt_run "$suite" -q download "${specs[@]}" > "$dir/download.log" 2>&1); then
    cat "$dir/download.log" >&2
    die "apt-get download failed in $suite for: ${specs[*]}"
  fi
  local deb count=0
  for deb in "$dir"/*.deb; do
    [[ -e "$deb" ]] || continue
    dpkg-deb -x "$deb" "$prefix" || die "could not extract $deb"
    count=$((count + 1))
  done
  ((count == ${#specs[@]})) || die "expected ${#specs[@]} debs from $suite, got $count in $dir"
}

# ---------------------------------------------------------------------------------------------------------
# stamps: "<component key>" line, "repo <path>" line, then "<package> <version> (<suite>)" lines.

stamp_key() { # <component> <extra words...>
  printf 'claude-ide-deps layout=%s %s\n' "$LAYOUT_VERSION" "$*"
}

# True if <prefix>/.stamp was written for this key and this checkout path. If the stamp belongs to another
# checkout path (the repo was moved/copied), the prefix is deleted so that it gets reinstalled, unless that
# checkout still exists and its .deps is this very folder (a worktree with .deps symlinked here: its paths
# reach the same files, and reinstalling would pull the binaries from under the other checkout's runs).
stamp_ok() {
  local prefix="$1" key="$2" stamp="$1/.stamp"
  [[ -f "$stamp" ]] || return 1
  local line1 line2
  { read -r line1 && read -r line2; } < "$stamp" || return 1
  local other="${line2#repo }"
  if [[ "$line2" != "repo $REPO" ]] && ! [[ -d "$other/.deps" && "$(cd "$other/.deps" && pwd -P)" == "$(cd "$DEPS" && pwd -P)" ]]; then
    log "$prefix was installed for another checkout ($other); reinstalling"
    rm -rf "$prefix"
    return 1
  fi
  [[ "$line1" == "$key" ]]
}

stamp_write() { # <prefix> <key> <resolved file>
  {
    printf '%s\n' "$2"
    printf 'repo %s\n' "$REPO"
    cat "$3"
  } > "$1/.stamp"
}

stamp_versions() { # lines 3.. of a stamp
  tail -n +3 "$1/.stamp"
}

# ---------------------------------------------------------------------------------------------------------
# one component: a prefix under .deps made of Debian packages, and its stamp. Each install_* below is
#   component_current PREFIX KEY REPORT CHECK...  || { component_fetch ...; (its own steps); component_installed ...; }

# True when <prefix> holds what <key> names, for this checkout, and the command <check...> succeeds (run quietly);
# the stamp's packages that the awk condition <report> selects are then added to the report.
component_current() { # <prefix> <key> <report> <check...>
  local prefix="$1" key="$2" report="$3"
  shift 3
  stamp_ok "$prefix" "$key" || return 1
  "$@" > /dev/null 2>&1 || return 1
  mapfile -t -O "${#REPORT[@]}" REPORT < <(stamp_versions "$prefix" | awk "$report")
}

# Resolves the closure of <packages> (one or several, space-separated) in <suite>, keeps the packages the awk
# condition <filter> selects ($1: the name), checks that <main>'s version matches the glob <want>, downloads and
# extracts them, and puts the result in place of <prefix>. The resolved list stays in $COMPONENT_TMP/resolved
# ($DEPS/tmp/<prefix's name>) for component_installed.
component_fetch() { # <prefix> <suite> <packages> <filter> <main> <want>
  local prefix="$1" suite="$2" packages="$3" filter="$4" main="$5" want="$6" version
  log "installing $main $want ($suite) into $prefix"
  apt_update "$suite"
  COMPONENT_TMP="$DEPS/tmp/$(basename "$prefix")"
  rm -rf "$COMPONENT_TMP"
  mkdir -p "$COMPONENT_TMP"
  # shellcheck disable=SC2086 # several packages, one word each
  apt_closure "$suite" $packages | awk "$filter" > "$COMPONENT_TMP/resolved"
  version="$(awk -v n="$main" '$1 == n { print $2 }' "$COMPONENT_TMP/resolved")"
  # shellcheck disable=SC2053 # $want is a glob on purpose
  [[ -n "$version" && "$version" == $want ]] ||
    die "$suite's $main is '${version:-missing}', but $want is wanted: update its *_WANT in scripts/deps.sh"
  log "  closure: $(awk '{ printf "%s%s %s", sep, $1, $2; sep = ", " }' "$COMPONENT_TMP/resolved")"
  apt_fetch_extract "$suite" "$COMPONENT_TMP/debs" "$COMPONENT_TMP/root" < "$COMPONENT_TMP/resolved"
  rm -rf "$prefix"
  mv "$COMPONENT_TMP/root" "$prefix"
}

# The end of an install: the stamp (the key, this checkout, each package and version), the report, the temporary
# folder gone.
component_installed() { # <prefix> <suite> <key>
  awk -v s="$2" '{ print $1, $2, "(" s ")" }' "$COMPONENT_TMP/resolved" > "$COMPONENT_TMP/versions"
  stamp_write "$1" "$3" "$COMPONENT_TMP/versions"
  rm -rf "$COMPONENT_TMP"
  mapfile -t -O "${#REPORT[@]}" REPORT < <(stamp_versions "$1")
  INSTALLED_SOMETHING=1
}

# ---------------------------------------------------------------------------------------------------------
# components

PATCHELF="$DEPS/tools/usr/bin/patchelf"

install_patchelf() {
  local prefix="$DEPS/tools" key
  key="$(stamp_key tools patchelf bookworm)"
  component_current "$prefix" "$key" 0 "$PATCHELF" --version && return 0
  # Only patchelf itself: its libraries (libc6, libstdc++6, libgcc-s1) are the host's own bookworm ones.
  component_fetch "$prefix" bookworm patchelf '$1 == "patchelf"' patchelf "*"
  "$PATCHELF" --version > /dev/null || die "the extracted patchelf does not run"
  component_installed "$prefix" bookworm "$key"
}

# The launcher: pins VIMRUNTIME (Neovim exports it to children, so a 0.12 started from a 0.10 session would
# otherwise load 0.10's runtime) and execs the patched binary.
write_launcher() { # <launcher path> <prefix>
  local launcher="$1" prefix="$2"
  mkdir -p "$(dirname "$launcher")"
  cat > "$launcher.tmp" << EOF
#!/bin/sh
# Generated by scripts/deps.sh. Neovim from $prefix, with its bundled libc and runtime.
VIMRUNTIME=$(sh_quote "$prefix/usr/share/nvim/runtime")
export VIMRUNTIME
exec $(sh_quote "$prefix/usr/bin/nvim") "\$@"
EOF
  chmod 755 "$launcher.tmp"
  mv "$launcher.tmp" "$launcher"
}

# Checks that <launcher> starts a Neovim whose version matches <want glob>. Prints the version line.
nvim_works() { # <launcher> <want glob>
  local line
  line="$("$1" --clean --headless --version 2> /dev/null | head -n 1)" || return 1
  # shellcheck disable=SC2053 # $2 is a glob on purpose
  [[ "$line" == "NVIM v"* && "${line#NVIM v}" == $2 ]] || return 1
  printf '%s\n' "$line"
}

nvim_current() { # <launcher> <want glob>
  [[ -x "$1" ]] && nvim_works "$1" "$2"
}

install_nvim() { # <suite> <want glob> <launcher name>
  local suite="$1" want="$2" launcher="$DEPS/bin/$3"
  local prefix="$DEPS/nvim-$suite" key
  key="$(stamp_key "nvim-$suite" "want=$want")"
  component_current "$prefix" "$key" '$1 == "neovim"' nvim_current "$launcher" "$want" && return 0
  # Extracted into the final location first: the interpreter and RPATH written below are absolute paths.
  component_fetch "$prefix" "$suite" neovim 1 neovim "$want"
  local libdir="$prefix/usr/lib/$MULTIARCH"
  [[ -x "$prefix/usr/bin/nvim" ]] || die "$suite's neovim did not provide usr/bin/nvim"
  [[ -e "$libdir/ld-linux-x86-64.so.2" ]] || die "the closure from $suite has no $MULTIARCH/ld-linux-x86-64.so.2 (libc6 missing?)"
  # --force-rpath: a DT_RPATH also applies to transitive libraries; a RUNPATH would let them come from
  # the host (whose libc is too old).
  "$PATCHELF" --set-interpreter "$libdir/ld-linux-x86-64.so.2" --force-rpath --set-rpath "$libdir" \
    "$prefix/usr/bin/nvim" || die "patchelf failed on $prefix/usr/bin/nvim"
  [[ -d "$prefix/usr/share/nvim/runtime" ]] || die "no runtime in $prefix/usr/share/nvim/runtime"

  write_launcher "$launcher" "$prefix"
  nvim_works "$launcher" "$want" > /dev/null || {
    "$launcher" --clean --headless --version >&2 || true
    die "$launcher does not start a Neovim $want"
  }
  component_installed "$prefix" "$suite" "$key"
}

# ---------------------------------------------------------------------------------------------------------
# without Debian: a Neovim and busted found on the system

# The version of the Neovim at <path> ("0.10.2"), or nothing when it does not start.
nvim_version_of() {
  local line
  line="$(env -u VIMRUNTIME "$1" --clean --headless --version 2> /dev/null | head -n 1)" || return 0
  if [[ "$line" == "NVIM v"* ]]; then printf '%s\n' "${line#NVIM v}"; fi
}

# .deps/bin/<launcher> starting a Neovim of the system, with its own runtime (VIMRUNTIME is unset: a Neovim
# exports its own to child processes).
use_system_nvim() { # <path> <minor glob, e.g. 0.10.*> <launcher name> <how it was chosen>
  local path="$1" want="$2" launcher="$DEPS/bin/$3" version
  version="$(nvim_version_of "$path")"
  # shellcheck disable=SC2053 # $want is a glob on purpose
  [[ -n "$version" && "$version" == $want ]] || return 1
  path="$(cd "$(dirname "$path")" && pwd -P)/$(basename "$path")"
  mkdir -p "$DEPS/bin"
  {
    echo "#!/bin/sh"
    echo "# Generated by scripts/deps.sh: the system's Neovim $version ($4)."
    echo "unset VIMRUNTIME"
    echo "exec $(sh_quote "$path") \"\$@\""
  } > "$launcher.tmp"
  chmod 755 "$launcher.tmp"
  mv "$launcher.tmp" "$launcher"
  REPORT+=("neovim $version (system: $path; $4)")
}

# A Neovim <minor> without Debian: $NVIM_<minor> when set, else an `nvim` on PATH of that minor version.
# Adds a line to MISSING when there is none.
system_nvim() { # <minor, e.g. 0.10> <launcher name>
  local minor="$1" var="NVIM_${1//./_}"
  local given="${!var:-}"
  if [[ -n "$given" ]]; then
    use_system_nvim "$given" "$minor.*" "$2" "from \$$var" && return 0
    MISSING+=("Neovim $minor: $var=$given is not a Neovim $minor.x (it reports '$(nvim_version_of "$given")')")
    return 0
  fi
  local candidate
  while IFS= read -r candidate; do
    use_system_nvim "$candidate" "$minor.*" "$2" "found on PATH" && return 0
  done < <(type -a -p nvim 2> /dev/null || true)
  MISSING+=("Neovim $minor.x: none on PATH. Install one (Neovim's release archives work) and set $var=/path/to/bin/nvim")
}

# busted from a LuaRocks tree ($BUSTED_ROOT), linked where spec/runner.lua looks for it (.deps/busted/usr/...).
system_busted() {
  local root="${BUSTED_ROOT:-}"
  if [[ -z "$root" ]]; then
    MISSING+=("busted: install it into a LuaRocks tree and name the tree, e.g. luarocks --lua-version 5.1 --tree ~/.cache/claude-ide-rocks install busted; then BUSTED_ROOT=~/.cache/claude-ide-rocks")
    return 0
  fi
  local share="$root/share/lua/5.1" lib="" d
  for d in "$root/lib/lua/5.1" "$root"/lib/*/lua/5.1; do
    if [[ -e "$d/lfs.so" ]]; then
      lib="$d"
      break
    fi
  done
  if [[ ! -f "$share/busted/runner.lua" || -z "$lib" ]]; then
    MISSING+=("busted: BUSTED_ROOT=$root has no share/lua/5.1/busted/runner.lua, or no lib/lua/5.1/lfs.so")
    return 0
  fi
  local prefix="$DEPS/busted"
  [[ -n "$DEPS" ]] || die "DEPS is empty"
  rm -rf "$prefix"
  mkdir -p "$prefix/usr/share/lua" "$prefix/usr/lib/$MULTIARCH/lua"
  ln -s "$(cd "$share" && pwd -P)" "$prefix/usr/share/lua/5.1"
  ln -s "$(cd "$lib" && pwd -P)" "$prefix/usr/lib/$MULTIARCH/lua/5.1"
  REPORT+=("lua-busted (from $root)")
}

install_busted() {
  local prefix="$DEPS/busted" key
  key="$(stamp_key busted "want=$BUSTED_WANT" bookworm)"
  local share="$prefix/usr/share/lua/5.1" cdir="$prefix/usr/lib/$MULTIARCH/lua/5.1"
  component_current "$prefix" "$key" '$1 == "lua-busted"' test -f "$share/busted/runner.lua" -a -f "$share/luassert/init.lua" &&
    return 0
  # The closure also contains libc6, lua5.1 and friends: Neovim's LuaJIT is the interpreter here, so only
  # the lua-* packages (pure Lua files plus small C modules) are taken.
  component_fetch "$prefix" bookworm lua-busted '$1 ~ /^lua-/ && $1 != "lua-yaml"' lua-busted "$BUSTED_WANT"
  local f
  for f in busted/runner.lua luassert/init.lua say/init.lua pl/init.lua cliargs.lua dkjson.lua mediator.lua \
    term/init.lua; do
    [[ -f "$share/$f" ]] || die "busted closure lacks usr/share/lua/5.1/$f"
  done
  for f in lfs.so system/core.so term/core.so; do
    [[ -e "$cdir/$f" ]] || die "busted closure lacks C module $cdir/$f"
  done
  component_installed "$prefix" bookworm "$key"
}

# One program from bookworm for the tests, with the libraries it needs that the host's bookworm may lack
# (libc6 and the like are the host's): the binary's RPATH pointed at the extracted libraries, and a launcher
# folder <prefix>/bin holding only that program.
#   install_bookworm_tool NAME WANT BINARY VERSION_FLAG LIB_SONAME PACKAGE_REGEX...
# NAME: the package (and .deps/NAME); WANT: a version glob; LIB_SONAME: a library of the closure whose folder
# becomes the RPATH; PACKAGE_REGEX: the library packages taken from the closure besides NAME.
install_bookworm_tool() {
  local name="$1" want="$2" binary="$3" flag="$4" soname="$5"
  shift 5
  local prefix="$DEPS/$name" key lib pattern="\$1 == \"$name\""
  for lib in "$@"; do pattern+=" || \$1 ~ /^$lib/"; done
  key="$(stamp_key "$name" "want=$want" bookworm)"
  component_current "$prefix" "$key" "\$1 == \"$name\"" "$prefix/bin/$binary" "$flag" && return 0
  component_fetch "$prefix" bookworm "$name" "$pattern" "$name" "$want"
  [[ -x "$prefix/usr/bin/$binary" ]] || die "bookworm's $name did not provide usr/bin/$binary"
  # The library may sit under lib/ or usr/lib/ depending on the package.
  local libdir
  libdir="$(dirname "$(find "$prefix" -name "$soname" | head -n 1)")"
  [[ -n "$libdir" && "$libdir" != "." ]] || die "the $name closure has no $soname"
  libdir="$(cd "$libdir" && pwd -P)"
  "$PATCHELF" --force-rpath --set-rpath "$libdir" "$prefix/usr/bin/$binary" ||
    die "patchelf failed on $prefix/usr/bin/$binary"
  mkdir -p "$prefix/bin"
  ln -s "../usr/bin/$binary" "$prefix/bin/$binary"
  "$prefix/bin/$binary" "$flag" > /dev/null || die "$prefix/bin/$binary does not run"
  component_installed "$prefix" bookworm "$key"
}

# ripgrep for the specs of the project search (and its libpcre2).
install_ripgrep() {
  install_bookworm_tool ripgrep "$RIPGREP_WANT" rg --version libpcre2-8.so.0 libpcre2-8
}

# tmux for the end-to-end run (e2e/run.sh drives the real CLIs in it), with its libevent-core and libutempter.
install_tmux() {
  install_bookworm_tool tmux "$TMUX_WANT" tmux -V libevent_core-2.1.so.7 libevent-core libutempter
}

# The far side of the end-to-end run (e2e/far/far.sh): an sshd started as the current user, the ssh client and
# ssh-keygen that talk to it (so that the run does not depend on the host's OpenSSH), and bubblewrap for the
# namespaces. Several binaries from two packages, so not install_bookworm_tool; same idea: the library packages a
# bare host may lack are extracted too and each binary's RPATH points at them (libtirpc lands in lib/, the others
# in usr/lib/, hence two folders), here relative to the binary ($ORIGIN): far.sh shows this folder at another
# path inside the far side's mount namespace, where the checkout's path does not exist.
openssh_current() { # <prefix>
  [[ -x "$1/bin/sshd" ]] && "$1/bin/ssh" -V
}

install_openssh() {
  local prefix="$DEPS/openssh" key
  key="$(stamp_key openssh "want=$OPENSSH_WANT" bookworm rpath=origin)"
  component_current "$prefix" "$key" '$1 == "openssh-server"' openssh_current "$prefix" && return 0
  component_fetch "$prefix" bookworm openssh-server \
    '$1 == "openssh-server" || $1 == "openssh-client" || $1 == "libwrap0" || $1 == "libnsl2" || $1 == "libtirpc3"' \
    openssh-server "$OPENSSH_WANT"
  (($(wc -l < "$COMPONENT_TMP/resolved") == 5)) || die "unexpected openssh closure: $(paste -sd ' ' "$COMPONENT_TMP/resolved")"
  # The debs carry a setuid-root ssh-keysign; nothing here needs it, and a setuid file in a checkout is a liability.
  find "$prefix" -type f -perm /6000 -exec chmod ug-s {} +
  # shellcheck disable=SC2016
  local rpath='$ORIGIN/../lib/'"$MULTIARCH"':$ORIGIN/../../lib/'"$MULTIARCH" binary
  mkdir -p "$prefix/bin"
  for binary in usr/sbin/sshd usr/bin/ssh usr/bin/ssh-keygen; do
    [[ -x "$prefix/$binary" ]] || die "bookworm's openssh did not provide $binary"
    "$PATCHELF" --force-rpath --set-rpath "$rpath" "$prefix/$binary" || die "patchelf failed on $prefix/$binary"
    ln -s "../$binary" "$prefix/bin/${binary##*/}"
  done
  # sshd and ssh-keygen have no harmless version flag; a missing library is what could go wrong, and ldd says so.
  if ldd "$prefix/usr/sbin/sshd" "$prefix/usr/bin/ssh" "$prefix/usr/bin/ssh-keygen" 2> /dev/null | grep -q 'not found'; then
    ldd "$prefix/usr/sbin/sshd" "$prefix/usr/bin/ssh" "$prefix/usr/bin/ssh-keygen" | grep 'not found' >&2
    die "the extracted OpenSSH lacks libraries (above)"
  fi
  "$prefix/bin/ssh" -V > /dev/null 2>&1 || die "$prefix/bin/ssh does not run"
  component_installed "$prefix" bookworm "$key"
}

install_bubblewrap() {
  install_bookworm_tool bubblewrap "$BUBBLEWRAP_WANT" bwrap --version libcap.so.2 libcap2
}

# socat, the forward a container target runs here (remote.targets forward = { "socat", ... }): the far-session
# spec forwards a door with it as the README's recipe does.
install_socat() {
  install_bookworm_tool socat "$SOCAT_WANT" socat -V libwrap.so.0 libwrap0 libnsl2 libtirpc3
}

# fish, a login shell that is not POSIX: a remote target's command must reach sh through it unchanged (its
# share/fish data from fish-common lands beside the binary, where fish looks for it first).
install_fish() {
  install_bookworm_tool fish "$FISH_WANT" fish --version libpcre2-32.so.0 libpcre2-32 fish-common
}

# podman and what it runs, for the container section of the end-to-end run (e2e/far/podman.sh): bookworm's podman,
# conmon, runc (podman's default crun cannot start a container on some hosts: rlimits, a hybrid cgroup layout),
# slirp4netns (--network slirp4netns:allow_host_loopback=true), catatonit (--init), the seccomp profile of
# golang-github-containers-common, and debootstrap with its wget, which make the container's root filesystem
# (install_podman_rootfs). The library packages a bare host may lack come too, each binary's RPATH pointing at them
# relative to itself ($ORIGIN, as for OpenSSH). <prefix>/bin holds podman, conmon, runc, slirp4netns, catatonit,
# wget and a debootstrap launcher. Nothing of podman's configuration is installed or read from /etc: e2e/far/podman.sh
# writes its own for each run (CONTAINERS_CONF, CONTAINERS_STORAGE_CONF, CONTAINERS_REGISTRIES_CONF).
PODMAN_PACKAGES="podman runc conmon slirp4netns catatonit golang-github-containers-common debootstrap wget"
PODMAN_LIBRARIES="libgpgme11 libassuan0 libseccomp2 libdevmapper1.02.1 libsubid4 libslirp0 libglib2.0-0 libcap2 libpsl5"
PODMAN_BINARIES="usr/bin/podman usr/bin/conmon usr/sbin/runc usr/bin/slirp4netns usr/bin/wget"

podman_current() { # <prefix>
  "$1/bin/podman" --version && "$1/bin/runc" --version && "$1/bin/conmon" --version && "$1/bin/slirp4netns" --version &&
    [[ -x "$1/bin/catatonit" && -x "$1/bin/debootstrap" && -f "$1/usr/share/containers/seccomp.json" ]]
}

install_podman() {
  local prefix="$DEPS/podman" key word filter=""
  key="$(stamp_key podman "want=$PODMAN_WANT" bookworm rpath=origin "$PODMAN_PACKAGES" "$PODMAN_LIBRARIES")"
  component_current "$prefix" "$key" '$1 == "podman"' podman_current "$prefix" && return 0
  for word in $PODMAN_PACKAGES $PODMAN_LIBRARIES; do filter+="${filter:+ || }\$1 == \"$word\""; done
  # shellcheck disable=SC2086
  component_fetch "$prefix" bookworm "$PODMAN_PACKAGES" "$filter" podman "$PODMAN_WANT"
  (($(wc -l < "$COMPONENT_TMP/resolved") == $(wc -w <<< "$PODMAN_PACKAGES $PODMAN_LIBRARIES"))) ||
    die "unexpected podman closure: $(paste -sd ' ' "$COMPONENT_TMP/resolved") (wanted $PODMAN_PACKAGES $PODMAN_LIBRARIES)"
  # shellcheck disable=SC2016
  local rpath='$ORIGIN/../lib/'"$MULTIARCH"':$ORIGIN/../../lib/'"$MULTIARCH" binary real
  mkdir -p "$prefix/bin"
  for binary in $PODMAN_BINARIES; do
    [[ -x "$prefix/$binary" ]] || die "bookworm's packages did not provide $binary"
    "$PATCHELF" --force-rpath --set-rpath "$rpath" "$prefix/$binary" || die "patchelf failed on $prefix/$binary"
    ln -s "../$binary" "$prefix/bin/${binary##*/}"
  done
  # shellcheck disable=SC2086
  if ldd ${PODMAN_BINARIES//usr\//$prefix/usr/} 2> /dev/null | grep -q 'not found'; then
    ldd ${PODMAN_BINARIES//usr\//$prefix/usr/} | grep 'not found' >&2
    die "the extracted podman lacks libraries (above)"
  fi
  ln -s ../usr/bin/catatonit "$prefix/bin/catatonit"
  # debootstrap is a shell script: its scripts folder, and this wget first on PATH.
  real="$(cd "$prefix" && pwd -P)"
  {
    echo "#!/bin/sh"
    echo "# Generated by scripts/deps.sh: bookworm's debootstrap, with its scripts and wget from $real."
    echo "DEBOOTSTRAP_DIR=$(sh_quote "$real/usr/share/debootstrap")"
    echo "PATH=$(sh_quote "$real/bin"):\$PATH"
    echo "export DEBOOTSTRAP_DIR PATH"
    echo "exec $(sh_quote "$real/usr/sbin/debootstrap") \"\$@\""
  } > "$prefix/bin/debootstrap"
  chmod 755 "$prefix/bin/debootstrap"
  podman_current "$prefix" > /dev/null 2>&1 || die "the extracted podman, runc, conmon or slirp4netns does not run"
  component_installed "$prefix" bookworm "$key"
}

# The root filesystem of the e2e's containers: Debian bookworm's minbase (sh, coreutils' stty and cksum: what the
# plugin's far shell needs; the CLI is bind-mounted), made by debootstrap from Debian's mirror and kept in
# .deps/podman-rootfs/rootfs (about 130 MB). No image is pulled: the containers start from this folder
# (`podman run --rootfs DIR:O`, an overlay whose changes go with the container). debootstrap needs root (chroot,
# device nodes): main() runs this only as root.
rootfs_current() { # <prefix>
  [[ -x "$1/rootfs/bin/sh" && -x "$1/rootfs/usr/bin/stty" && -x "$1/rootfs/usr/bin/cksum" ]]
}

# Unmounts what a killed debootstrap left mounted below <dir> (proc, sys of the target), deepest first.
unmount_below() { # <dir>
  local m
  [[ -r /proc/self/mounts ]] || return 0
  awk -v d="$1/" 'index($2, d) == 1 { print $2 }' /proc/self/mounts | sort -r | while read -r m; do
    umount -l "$m" 2> /dev/null || true
  done
}

install_podman_rootfs() {
  local prefix="$DEPS/podman-rootfs" key
  key="$(stamp_key podman-rootfs bookworm variant=minbase "debootstrap=$(stamp_versions "$DEPS/podman" | awk '$1 == "debootstrap" { print $2 }')")"
  component_current "$prefix" "$key" '$1 == "debian-rootfs"' rootfs_current "$prefix" && return 0
  log "making a Debian bookworm root filesystem (debootstrap --variant=minbase) into $prefix/rootfs"
  COMPONENT_TMP="$DEPS/tmp/podman-rootfs"
  unmount_below "$COMPONENT_TMP"
  rm -rf "$COMPONENT_TMP"
  mkdir -p "$COMPONENT_TMP"
  if ! "$DEPS/podman/bin/debootstrap" --variant=minbase --keyring="$KEYRING" bookworm "$COMPONENT_TMP/rootfs" "$MIRROR" \
    > "$COMPONENT_TMP/debootstrap.log" 2>&1; then
    unmount_below "$COMPONENT_TMP"
    tail -n 20 "$COMPONENT_TMP/debootstrap.log" >&2
    die "debootstrap failed (its log's end above)"
  fi
  # What a container image leaves out: the downloaded packages and the package lists (about 80 MB).
  rm -rf "$COMPONENT_TMP/rootfs/var/cache/apt/archives/"*.deb "$COMPONENT_TMP/rootfs/var/cache/apt/"*.bin \
    "$COMPONENT_TMP/rootfs/var/lib/apt/lists/"*
  rootfs_current "$COMPONENT_TMP" || die "debootstrap's root filesystem lacks /bin/sh, stty or cksum"
  rm -rf "$prefix"
  mkdir -p "$prefix"
  mv "$COMPONENT_TMP/rootfs" "$prefix/rootfs"
  echo "debian-rootfs bookworm-minbase-$(date -u +%Y%m%d)" > "$COMPONENT_TMP/resolved"
  component_installed "$prefix" bookworm "$key"
}

# A Lua program from bookworm with Neovim 0.10's LuaJIT as its interpreter (no Lua is installed): the package and
# its lua-* dependencies (pure Lua files and small C modules, as for busted), and a launcher .deps/bin/<launcher>
# that runs the package's script under `nvim -l` with those folders first on LUA_PATH and LUA_CPATH (through
# <prefix>/run.lua: `nvim -l` gives a script its arguments in `arg` only, not as `...`).
#   install_lua_program PACKAGE WANT SCRIPT LAUNCHER SETUP [ENV=VALUE...]
# SCRIPT: the program under usr/bin; SETUP: a function run with the prefix once it is extracted (or "");
# ENV=VALUE: more variables the launcher sets (@PREFIX@ is the prefix). The launcher names the real folder of
# .deps (a worktree's .deps may be a link to another checkout's).
launcher_runs() { # <launcher>
  [[ -x "$1" ]] && timeout 60 "$1" --version
}

install_lua_program() {
  local name="$1" want="$2" script="$3" launcher="$DEPS/bin/$4" setup="$5"
  shift 5
  local real
  real="$(cd "$DEPS" && pwd -P)"
  local prefix="$DEPS/$name" key
  key="$(stamp_key "$name" "want=$want" bookworm launcher=nvim-0.10 "setup=$setup" "$@")"
  component_current "$prefix" "$key" "\$1 == \"$name\"" launcher_runs "$launcher" && return 0
  component_fetch "$prefix" bookworm "$name" "\$1 == \"$name\" || (\$1 ~ /^lua-/ && \$1 != \"lua-any\")" "$name" "$want"
  [[ -f "$prefix/usr/bin/$script" ]] || die "bookworm's $name did not provide usr/bin/$script"
  if [[ -n "$setup" ]]; then "$setup" "$real/$name"; fi
  local share="$real/$name/usr/share/lua/5.1" cdir="$real/$name/usr/lib/$MULTIARCH/lua/5.1" assignment
  {
    echo "-- Generated by scripts/deps.sh: runs $script with the command line's arguments as \`...\`."
    echo "local main = assert(loadfile([[$real/$name/usr/bin/$script]]))"
    echo "arg[0] = '$script'"
    echo "main(unpack(arg))"
  } > "$prefix/run.lua"
  {
    echo "#!/bin/sh"
    echo "# Generated by scripts/deps.sh: bookworm's $name run by Neovim 0.10's LuaJIT."
    echo "LUA_PATH=$(sh_quote "$share/?.lua;$share/?/init.lua;;")"
    echo "LUA_CPATH=$(sh_quote "$cdir/?.so;;")"
    echo "export LUA_PATH LUA_CPATH"
    for assignment in "$@"; do
      echo "${assignment%%=*}=$(sh_quote "$(printf '%s' "${assignment#*=}" | sed "s|@PREFIX@|$real/$name|g")")"
      echo "export ${assignment%%=*}"
    done
    echo "exec $(sh_quote "$real/bin/nvim-0.10") -l $(sh_quote "$real/$name/run.lua") \"\$@\""
  } > "$launcher.tmp"
  chmod 755 "$launcher.tmp"
  mv "$launcher.tmp" "$launcher"
  timeout 60 "$launcher" --version > /dev/null 2>&1 || die "$launcher does not run (or took over a minute)"
  component_installed "$prefix" bookworm "$key"
}

install_luacheck() {
  install_lua_program lua-check "$LUACHECK_WANT" luacheck luacheck ""
}

# LuaRocks' system configuration, replacing Debian's (which names /usr/local and ~/.luarocks): a default tree of
# its own that nothing uses (a command names its tree with --tree), and Neovim 0.10 (LuaJIT, Lua 5.1) as the Lua,
# with bookworm's LuaJIT headers (libluajit-5.1-dev), which every build checks for (only pure-Lua rocks are built
# here: nothing is compiled against them).
# The Lua LuaRocks asks (`lua -e CODE`: is it LuaJIT?) is <prefix>/bin/lua, which answers with Neovim's LuaJIT.
luarocks_config() { # <prefix>
  mkdir -p "$1/bin"
  cat > "$1/bin/lua" << 'EOF'
#!/bin/sh
# Written by scripts/deps.sh: the `lua` LuaRocks runs (`lua -e CODE`, `lua FILE`), answered by Neovim 0.10's LuaJIT.
nvim="$(dirname "$0")/../../bin/nvim-0.10"
if [ "$1" = "-e" ]; then
  f="$(mktemp)"
  printf '%s\n' "$2" > "$f"
  "$nvim" -l "$f" < /dev/null
  s=$?
  rm -f "$f"
  exit $s
fi
exec "$nvim" -l "$@" < /dev/null
EOF
  chmod 755 "$1/bin/lua"
  apt_closure bookworm libluajit-5.1-dev | awk '$1 == "libluajit-5.1-dev"' > "$DEPS/tmp/luarocks/headers"
  apt_fetch_extract bookworm "$DEPS/tmp/luarocks/header-debs" "$1" < "$DEPS/tmp/luarocks/headers"
  [[ -f "$1/usr/include/luajit-2.1/lua.h" ]] || die "bookworm's libluajit-5.1-dev has no usr/include/luajit-2.1/lua.h"
  cat > "$1/etc/luarocks/config-5.1.lua" << EOF
-- Written by scripts/deps.sh: LuaRocks run by Neovim 0.10's LuaJIT, for pure-Lua rocks.
rocks_trees = { { name = "deps", root = [[$1/tree]] } }
lua_interpreter = "lua"
variables = {
   LUA_DIR = [[$1]],
   LUA_BINDIR = [[$1/bin]],
   LUA_INCDIR = [[$1/usr/include/luajit-2.1]],
}
EOF
}

install_luarocks() {
  install_lua_program luarocks "$LUAROCKS_WANT" luarocks luarocks luarocks_config \
    LUAROCKS_SYSCONFDIR=@PREFIX@/etc/luarocks LUAROCKS_CONFIG=@PREFIX@/etc/luarocks/config-5.1.lua
}

# Drop package lists and the temporary download area once everything is in place; they are only needed to
# install (about 100 MB for sid). The next install fetches fresh lists anyway.
cleanup_apt() {
  rm -rf "$DEPS/tmp" "$DEPS/apt"
}

# Anything this script did not finish (killed halfway) is discarded (what a killed debootstrap mounted first).
trap 'unmount_below "$DEPS/tmp"; rm -rf "$DEPS/tmp"' EXIT

# ---------------------------------------------------------------------------------------------------------
main() {
  local problem
  problem="$(debian_problem)"
  mkdir -p "$DEPS/bin"
  # Two runs at once (parallel make targets, two terminals) would extract into the same prefixes.
  if command -v flock > /dev/null 2>&1; then
    exec 9> "$DEPS/.lock"
    flock 9
  fi
  MISSING=()
  if [[ -z "$problem" ]]; then
    # Debian, as CI has it. If the checkout moved, patchelf (whose stamp is checked first) and every other
    # prefix are reinstalled. NVIM_0_10 / NVIM_0_12 / BUSTED_ROOT still choose one's own.
    if [[ -z "${NVIM_0_10:-}" || -z "${NVIM_0_12:-}" ]]; then install_patchelf; fi
    if [[ -n "${NVIM_0_10:-}" ]]; then system_nvim 0.10 nvim-0.10; else install_nvim trixie "$NVIM_TRIXIE_WANT" nvim-0.10; fi
    if [[ -n "${NVIM_0_12:-}" ]]; then system_nvim 0.12 nvim-0.12; else install_nvim sid "$NVIM_SID_WANT" nvim-0.12; fi
    if [[ -n "${BUSTED_ROOT:-}" ]]; then system_busted; else install_busted; fi
    install_ripgrep
    install_tmux
    install_openssh
    install_bubblewrap
    install_socat
    install_fish
    # The containers of the e2e: podman as root (rootless podman needs setuid newuidmap and /etc/subuid entries,
    # debootstrap needs chroot).
    if [[ "$(id -u)" == 0 ]]; then
      install_podman
      install_podman_rootfs
    else
      REPORT+=("podman: not installed (the e2e's containers run as root; this is $(id -un))")
    fi
    install_luacheck
    install_luarocks
    cleanup_apt
  else
    if ((!QUIET)); then
      log "not installing from Debian's packages: $problem"
      log "using the system's instead (NVIM_0_10, NVIM_0_12 or nvim on PATH; BUSTED_ROOT)"
    fi
    system_nvim 0.10 nvim-0.10
    system_nvim 0.12 nvim-0.12
    system_busted
  fi
  if ((${#MISSING[@]} > 0)); then
    echo "deps.sh: the test dependencies are not complete. Missing:" >&2
    printf '  - %s\n' "${MISSING[@]}" >&2
    exit 1
  fi

  local v10 v12
  v10="$(nvim_works "$DEPS/bin/nvim-0.10" "0.10.*")" || die ".deps/bin/nvim-0.10 does not run"
  v12="$(nvim_works "$DEPS/bin/nvim-0.12" "0.12.*")" || die ".deps/bin/nvim-0.12 does not run"

  if ((QUIET && !INSTALLED_SOMETHING)); then
    local joined
    joined="$(printf '%s\n' "${REPORT[@]}" | awk '$1 == "neovim" || $1 == "lua-busted" || $1 == "ripgrep" || $1 == "tmux" || $1 == "openssh-server" || $1 == "bubblewrap" || $1 == "socat" || $1 == "fish" || $1 == "podman"' | paste -sd ',' - | sed 's/,/, /g')"
    echo "deps: up to date ($joined)"
    return 0
  fi
  echo "== resolved packages =="
  printf '  %s\n' "${REPORT[@]}"
  echo "== launchers =="
  echo "  .deps/bin/nvim-0.10: $v10"
  echo "  .deps/bin/nvim-0.12: $v12"
  if [[ -f "$DEPS/busted/.stamp" ]]; then
    echo "  busted: $(stamp_versions "$DEPS/busted" | awk '$1 == "lua-busted" { print $2 }') in .deps/busted"
  else
    echo "  busted: from ${BUSTED_ROOT:-?}, linked in .deps/busted"
  fi
  if [[ -x "$DEPS/ripgrep/bin/rg" ]]; then
    echo "  .deps/ripgrep/bin/rg: $("$DEPS/ripgrep/bin/rg" --version 2> /dev/null | sed -n 1p)"
  else
    echo "  ripgrep: not installed (the specs of the rg engine then use an rg on PATH, or are skipped)"
  fi
  if [[ -x "$DEPS/tmux/bin/tmux" ]]; then
    echo "  .deps/tmux/bin/tmux: $("$DEPS/tmux/bin/tmux" -V 2> /dev/null)"
  else
    echo "  tmux: not installed (the end-to-end run then uses a tmux on PATH)"
  fi
  if [[ -x "$DEPS/openssh/bin/sshd" && -x "$DEPS/bubblewrap/bin/bwrap" ]]; then
    echo "  .deps/openssh/bin/{sshd,ssh,ssh-keygen}: $("$DEPS/openssh/bin/ssh" -V 2>&1); .deps/bubblewrap/bin/bwrap: $("$DEPS/bubblewrap/bin/bwrap" --version 2> /dev/null)"
  else
    echo "  openssh, bubblewrap: not installed (the far-side end-to-end section is then skipped)"
  fi
  if [[ -x "$DEPS/podman/bin/podman" && -d "$DEPS/podman-rootfs/rootfs" ]]; then
    echo "  .deps/podman/bin/{podman,runc,conmon,slirp4netns}: $("$DEPS/podman/bin/podman" --version 2> /dev/null), runc $("$DEPS/podman/bin/runc" --version 2> /dev/null | awk 'NR == 1 { print $3 }'); .deps/podman-rootfs/rootfs: $(du -sh "$DEPS/podman-rootfs/rootfs" 2> /dev/null | cut -f1) (bookworm minbase)"
  else
    echo "  podman: not installed (the container end-to-end section then says it could not run)"
  fi
}

main
