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
