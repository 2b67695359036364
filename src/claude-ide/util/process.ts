// Processes of this machine: who started whom.

/**
 * The parent of process `pid` from Linux's /proc/<pid>/stat: `pid (comm) state ppid …`, where comm may hold
 * spaces and parentheses (the last ")" ends it). undefined when there is no such file (not Linux, or gone).
 */
function procParent(pid: number): number | undefined | false {
  const [file] = io.open(`/proc/${pid}/stat`, "r");
  if (file === undefined) return vim.fn.isdirectory("/proc/self") === 1 ? undefined : false;
  const stat = file.read("*a");
  file.close();
  if (typeof stat !== "string") return undefined;
  // Greedy: up to the last ")", then the state, then the parent's pid.
  const ppid = tonumber(string.match(stat, "^.*%)%s+%S+%s+(%d+)")[0]);
  return ppid !== undefined && ppid > 0 ? ppid : undefined;
}

/**
 * The parent of process `pid`, or undefined when it is gone or unknown. Read from /proc where there is one:
 * nvim_get_proc starts a `ps` for each call (about 15 ms, with the editor waiting), and a bridge's ancestry is
 * several of them.
 */
export function parentPid(pid: number): number | undefined {
  const fromProc = procParent(pid);
  if (fromProc !== false) return fromProc;
  const [ok, info] = pcall(vim.api.nvim_get_proc, pid);
  if (!ok || info === undefined || info === vim.NIL) return undefined;
  const ppid = (info as { ppid?: number }).ppid;
  return typeof ppid === "number" && ppid > 0 ? ppid : undefined;
}

/** The ancestors of process `pid`, its parent first, at most `max` of them (pid 1 included). */
export function ancestors(pid: number, max: number): number[] {
  const out: number[] = [];
  let p = parentPid(pid);
  while (p !== undefined && out.length < max) {
    out.push(p);
    if (p === 1) break;
    p = parentPid(p);
  }
  return out;
}

/** RLIMIT_NOFILE's number where /proc is missing (macOS and the BSDs); Linux's is 7. */
const RLIMIT_NOFILE_BSD = 8;

/** The soft limit from Linux's /proc/self/limits ("Max open files  <soft>  <hard>  files"). */
function procDescriptorLimit(): number | undefined {
  const [file] = io.open("/proc/self/limits", "r");
  if (file === undefined) return undefined;
  const text = file.read("*a");
  file.close();
  if (typeof text !== "string") return undefined;
  const [soft] = string.match(text, "Max open files%s+(%S+)");
  if (soft === undefined) return undefined;
  return soft === "unlimited" ? math.huge : tonumber(soft);
}

/** The soft limit from getrlimit(2) through LuaJIT's ffi (where there is no /proc). */
function ffiDescriptorLimit(): number | undefined {
  const [hasFfi, ffiModule] = pcall(_G.require, "ffi");
  if (!hasFfi) return undefined;
  const ffi = ffiModule as typeof import("ffi");
  if (ffi.os === "Linux" || ffi.os === "Windows") return undefined;
  // A private struct name: another plugin's cdef of `struct rlimit` cannot clash with it.
  pcall(ffi.cdef, "struct claude_ide_rlimit { uint64_t cur; uint64_t max; };");
  pcall(ffi.cdef, "int getrlimit(int resource, void *rlp);");
  const limit = ffi.new("struct claude_ide_rlimit[1]");
  const libc = ffi.C as { getrlimit: (this: void, resource: number, rlp: unknown) => number };
  const [ok, rc] = pcall(() => libc.getrlimit(RLIMIT_NOFILE_BSD, limit));
  if (!ok || rc !== 0) return undefined;
  const cur = tonumber((limit as unknown as { cur: unknown }[])[0].cur);
  return cur === undefined || cur < 0 ? undefined : cur;
}

/**
 * How many files (descriptors) this process may have open at once: the soft RLIMIT_NOFILE (`ulimit -n`), or
 * undefined when it cannot be read. math.huge when unlimited.
 */
export function descriptorLimit(): number | undefined {
  return procDescriptorLimit() ?? ffiDescriptorLimit();
}

/**
 * The open TCP sockets 127.0.0.1:<any port> → 127.0.0.1:`remotePort` (every process's: the clients of a local
 * server on that port), as inode → local port, from Linux's /proc/net/tcp. false where there is no such file.
 * A line: `sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...`, addresses in hex.
 */
export function loopbackClients(remotePort: number): LuaMap<number, number> | false {
  const [file] = io.open("/proc/net/tcp", "r");
  if (file === undefined) return false;
  const text = file.read("*a");
  file.close();
  const found = new LuaMap<number, number>();
  if (typeof text !== "string") return found;
  const remote = string.format("0100007F:%04X", remotePort);
  for (const [local, rem, inode] of string.gmatch(
    text,
    "\n%s*%d+:%s+0100007F:(%x+)%s+(%x+:%x+)%s+%x+%s+%S+%s+%S+%s+%S+%s+%d+%s+%d+%s+(%d+)",
  )) {
    const port = tonumber(local, 16);
    const id = tonumber(inode);
    if (rem === remote && port !== undefined && id !== undefined && id > 0) found.set(id, port);
  }
  return found;
}

/** The inodes of the sockets process `pid` holds (its /proc/<pid>/fd links read `socket:[inode]`). */
export function socketsOf(pid: number): number[] {
  const out: number[] = [];
  const dir = `/proc/${pid}/fd`;
  const [handle] = vim.uv.fs_scandir(dir);
  if (handle === undefined) return out;
  while (true) {
    const [name] = vim.uv.fs_scandir_next(handle);
    if (name === undefined) return out;
    const [target] = vim.uv.fs_readlink(`${dir}/${name}`);
    if (target === undefined) continue;
    const [inode] = string.match(target, "^socket:%[(%d+)%]$");
    const id = inode !== undefined ? tonumber(inode) : undefined;
    if (id !== undefined) out.push(id);
  }
}

/**
 * The niceness of the work the plugin runs in child processes for the editor (snapshots, big writes): on a busy
 * machine (a CLI, its hooks, git and a language server on two cores) the editor, where the user types, gets the
 * CPU first, and the children take what is left.
 */
const BACKGROUND_NICENESS = 10;

/**
 * Lowers the CPU priority of our child process `pid` to BACKGROUND_NICENESS (never above the editor's own: a
 * niceness is only raised); the processes it starts afterwards inherit it. Best effort: nothing happens where
 * the system refuses.
 */
export function runInBackground(pid: number): void {
  const [own] = vim.uv.os_getpriority(vim.uv.os_getpid());
  pcall(() => vim.uv.os_setpriority(pid, math.min(19, math.max(own ?? 0, BACKGROUND_NICENESS))));
}

let niceProgram: boolean | undefined;

/**
 * `argv` started at BACKGROUND_NICENESS (above the editor's own) through `nice`, for a child that starts threads at
 * once (ripgrep): a priority set after the start (runInBackground) reaches only its first thread. Unchanged where
 * there is no `nice`.
 */
export function backgroundCommand(argv: string[]): string[] {
  niceProgram ??= vim.fn.executable("nice") === 1;
  return niceProgram ? ["nice", "-n", tostring(BACKGROUND_NICENESS), ...argv] : argv;
}
